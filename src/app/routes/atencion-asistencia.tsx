import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="atencion-asistencia">
      <p>Aquí se atienden las solicitudes de asistencia. Todavía no hay ninguna disponible.</p>
    </InfoScreen>
  )
}
