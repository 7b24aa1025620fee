import './record.css'
/**
 * The record of a consultation that is over, read-only, where the live one was
 * (`/{tenant}/atencion-asistencia/{id}`): reason, photos, who attended and when, the summary, the
 * referrals it led to, its calls and the whole conversation with its times, all in the hospital's
 * time zone. "Imprimir" prints it (the print stylesheet keeps the hospital's name and logo and
 * drops the navigation); "Descargar PDF" downloads the same as a PDF written by the server.
 */
import { useState } from 'react'
import { Link } from '../../../components/Link'
import { paths } from '../../../config/paths'
import { describeCall, ESTADO_LABELS, type RegistroConsulta } from '../../../contract/record'
import { AuthImage, ConsultationNotFound, RetryAlert } from './CareParts'
import { RequestPhotoList, SummaryRow } from './SummaryParts'
import { describeCareError } from '../api/care-errors'
import { downloadRegistroPdf } from '../api/record-api'
import { registroQuery } from '../api/care-queries'
import { useCareQuery } from '../api/use-care-query'

interface Props {
  tenant: string
  id: string
  rol: string
}

function formatterIn(timeZone: string) {
  const dateTime = new Intl.DateTimeFormat('es-ES', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  })
  const time = new Intl.DateTimeFormat('es-ES', { timeZone, timeStyle: 'short' })
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    time: (iso: string) => time.format(new Date(iso)),
  }
}

export function RecordScreen({ tenant, id, rol }: Props) {
  const { data: registro, error, isNotFound, reload } = useCareQuery(registroQuery(id))
  if (isNotFound) {
    return <ConsultationNotFound homeLink={paths.home(tenant, rol)} />
  }
  if (error) return <RetryAlert message={error} onRetry={reload} />
  if (registro === null) return <p role="status">Cargando la consulta…</p>
  return <Record registro={registro} homeLink={paths.home(tenant, rol)} />
}

function Record({ registro, homeLink }: { registro: RegistroConsulta; homeLink: string }) {
  const { asistencia, hospital } = registro
  const format = formatterIn(hospital.zona_horaria)
  return (
    <article className="care-screen record printable" aria-labelledby="registro-titulo">
      <h2 id="registro-titulo">Consulta del {format.dateTime(asistencia.creada_en)}</h2>
      <p className="record-print-only">{hospital.nombre} · Registro de la consulta</p>
      <RecordActions registro={registro} homeLink={homeLink} />
      <dl className="care-summary">
        <SummaryRow term="Paciente">
          {asistencia.paciente.nombre}
          {asistencia.paciente.cuenta_cerrada && ' · Cuenta cerrada'}
        </SummaryRow>
        <SummaryRow term="Profesional">
          {asistencia.profesional?.nombre ?? 'Nadie la atendió'}
        </SummaryRow>
        <SummaryRow term="Estado">{ESTADO_LABELS[asistencia.estado]}</SummaryRow>
        <SummaryRow term="Solicitada">{format.dateTime(asistencia.creada_en)}</SummaryRow>
        {asistencia.atendida_en && (
          <SummaryRow term="Atendida">{format.dateTime(asistencia.atendida_en)}</SummaryRow>
        )}
        {asistencia.cerrada_en && (
          <SummaryRow term="Cerrada">{format.dateTime(asistencia.cerrada_en)}</SummaryRow>
        )}
        <SummaryRow term="Especialidad">
          {asistencia.especialidad ?? 'Cualquier profesional'}
        </SummaryRow>
        {asistencia.derivacion && (
          <SummaryRow term="Derivada por">{asistencia.derivacion.por.nombre}</SummaryRow>
        )}
        <SummaryRow term="Motivo" isText>
          {asistencia.motivo}
        </SummaryRow>
      </dl>
      {asistencia.fotos.length > 0 && (
        <section aria-labelledby="registro-fotos" className="record-section">
          <h3 id="registro-fotos">Fotos de la solicitud</h3>
          <RequestPhotoList fotos={asistencia.fotos} />
        </section>
      )}
      <section aria-labelledby="registro-resumen" className="record-section">
        <h3 id="registro-resumen">Resumen</h3>
        <p className="care-text">
          {asistencia.resumen ?? 'Sin resumen: la consulta no llegó a finalizarse.'}
        </p>
      </section>
      {registro.derivaciones.length > 0 && (
        <section aria-labelledby="registro-derivaciones" className="record-section">
          <h3 id="registro-derivaciones">Derivaciones</h3>
          <ul className="care-list">
            {registro.derivaciones.map((referral) => (
              <li key={referral.id} className="care-row">
                <p>
                  A {referral.derivacion?.a?.nombre ?? referral.especialidad ?? 'otro profesional'}{' '}
                  <span className="care-row-meta">
                    · {format.dateTime(referral.creada_en)} · {ESTADO_LABELS[referral.estado]}
                  </span>
                </p>
                {referral.derivacion?.nota && (
                  <p className="care-text">Nota: {referral.derivacion.nota}</p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {registro.llamadas.length > 0 && (
        <section aria-labelledby="registro-llamadas" className="record-section">
          <h3 id="registro-llamadas">Llamadas</h3>
          <ul className="care-list">
            {registro.llamadas.map((call) => (
              <li key={call.id} className="care-row">
                <time dateTime={call.creada_en}>{format.time(call.creada_en)}</time> ·{' '}
                {describeCall(call)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="registro-conversacion" className="record-section">
        <h3 id="registro-conversacion">Conversación</h3>
        {registro.mensajes.length === 0 ? (
          <p>No hubo mensajes.</p>
        ) : (
          <ol className="care-messages record-messages">
            {registro.mensajes.map((mensaje) => (
              <li
                key={mensaje.id}
                className={
                  mensaje.autor.id === asistencia.paciente.id
                    ? 'care-message-patient'
                    : 'care-message-staff'
                }
              >
                <p className="care-message-author">
                  {mensaje.autor.nombre}{' '}
                  <time dateTime={mensaje.creado_en}>{format.time(mensaje.creado_en)}</time>
                </p>
                {mensaje.texto !== '' && <p className="care-text">{mensaje.texto}</p>}
                {mensaje.foto && (
                  <AuthImage src={mensaje.foto} alt={`Foto de ${mensaje.autor.nombre}`} />
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  )
}

function RecordActions({ registro, homeLink }: { registro: RegistroConsulta; homeLink: string }) {
  const [isDownloading, setIsDownloading] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)

  async function download() {
    setIsDownloading(true)
    setAlert(null)
    try {
      await downloadRegistroPdf(registro)
    } catch (failure) {
      setAlert(describeCareError(failure))
    } finally {
      setIsDownloading(false)
    }
  }

  return (
    <div className="record-actions">
      <button
        type="button"
        className="button-primary"
        onClick={() => {
          window.print()
        }}
      >
        Imprimir
      </button>
      <button
        type="button"
        className="button-secondary"
        disabled={isDownloading}
        onClick={() => void download()}
      >
        Descargar PDF
      </button>
      <Link to={homeLink}>Ir a mi área</Link>
      <div role="alert" className="form-alert">
        {alert}
      </div>
    </div>
  )
}
