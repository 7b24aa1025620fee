/** What a request holds (reason, specialty, referral, photos), as its patient and staff see it. */
import type { Asistencia } from '../../../../contract/care'
import { AuthImage } from '../CareParts'

export function RequestSummary({
  asistencia,
  isPatient,
}: {
  asistencia: Asistencia
  isPatient: boolean
}) {
  return (
    <dl className="care-summary">
      {!isPatient && (
        <div>
          <dt>Paciente</dt>
          <dd>{asistencia.paciente.nombre}</dd>
        </div>
      )}
      {!isPatient && asistencia.contacto !== undefined && (
        <div>
          <dt>Contacto</dt>
          <dd>{asistencia.contacto}</dd>
        </div>
      )}
      <div>
        <dt>Motivo</dt>
        <dd className="care-text">{asistencia.motivo}</dd>
      </div>
      <div>
        <dt>Especialidad</dt>
        <dd>{asistencia.especialidad ?? 'Cualquier profesional'}</dd>
      </div>
      {asistencia.derivacion && (
        <div>
          <dt>Derivada por</dt>
          <dd>{asistencia.derivacion.por.nombre}</dd>
        </div>
      )}
      {asistencia.derivacion?.nota && (
        <div>
          <dt>Nota de derivación</dt>
          <dd className="care-text">{asistencia.derivacion.nota}</dd>
        </div>
      )}
      {asistencia.derivacion?.resumen_origen && (
        <div>
          <dt>Resumen de la consulta de origen</dt>
          <dd className="care-text">{asistencia.derivacion.resumen_origen}</dd>
        </div>
      )}
      {asistencia.fotos.length > 0 && (
        <div>
          <dt>Fotos</dt>
          <dd>
            <ul className="care-photo-list">
              {asistencia.fotos.map((url, index) => (
                <li key={url}>
                  <AuthImage src={url} alt={`Foto ${index + 1} de la solicitud`} />
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  )
}
