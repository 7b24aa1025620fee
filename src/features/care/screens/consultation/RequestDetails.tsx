/** What a request holds (reason, specialty, referral, photos), as its patient and staff see it. */
import type { Asistencia } from '../../../../contract/care'
import { RequestPhotoList, SummaryRow } from '../SummaryParts'

export function RequestSummary({
  asistencia,
  isPatient,
}: {
  asistencia: Asistencia
  isPatient: boolean
}) {
  return (
    <dl className="care-summary">
      {!isPatient && <SummaryRow term="Paciente">{asistencia.paciente.nombre}</SummaryRow>}
      {!isPatient && asistencia.contacto !== undefined && (
        <SummaryRow term="Contacto">{asistencia.contacto}</SummaryRow>
      )}
      <SummaryRow term="Motivo" isText>
        {asistencia.motivo}
      </SummaryRow>
      <SummaryRow term="Especialidad">
        {asistencia.especialidad ?? 'Cualquier profesional'}
      </SummaryRow>
      {asistencia.derivacion && (
        <SummaryRow term="Derivada por">{asistencia.derivacion.por.nombre}</SummaryRow>
      )}
      {asistencia.derivacion?.nota && (
        <SummaryRow term="Nota de derivación" isText>
          {asistencia.derivacion.nota}
        </SummaryRow>
      )}
      {asistencia.derivacion?.resumen_origen && (
        <SummaryRow term="Resumen de la consulta de origen" isText>
          {asistencia.derivacion.resumen_origen}
        </SummaryRow>
      )}
      {asistencia.fotos.length > 0 && (
        <SummaryRow term="Fotos">
          <RequestPhotoList fotos={asistencia.fotos} />
        </SummaryRow>
      )}
    </dl>
  )
}
