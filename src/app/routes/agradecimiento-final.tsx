import { useLocation, useParams } from 'react-router-dom'
import type { GuestThanks } from '../../features/care/screens/ConsultationScreen'
import { ThanksScreen } from '../../features/care/screens/ThanksScreen'
import { useTenant } from '../tenant-route'
import { InfoScreen, RoleScreen } from './screen-parts'

/** The record a guest's consultation handed over as it ended (navigation state, never storage). */
function guestThanksOf(state: unknown, id: string): GuestThanks['asistencia'] | null {
  const thanks = state as Partial<GuestThanks> | null
  return thanks?.invitado === true &&
    thanks.asistencia?.id === id &&
    thanks.asistencia.estado === 'finalizada'
    ? thanks.asistencia
    : null
}

export function Component() {
  const tenant = useTenant()
  const { id = '' } = useParams()
  const ended = guestThanksOf(useLocation().state, id)
  // A guest's session is over by now: the thanks come from the consultation, not the server.
  if (ended) {
    return (
      <InfoScreen screen="agradecimiento-final">
        <ThanksScreen key={id} tenant={tenant} id={id} ended={ended} />
      </InfoScreen>
    )
  }
  return (
    <RoleScreen screen="agradecimiento-final">
      <ThanksScreen key={id} tenant={tenant} id={id} />
    </RoleScreen>
  )
}
