import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="solicitar-asistencia">
      <p>
        Para solicitar asistencia, ponte en contacto con tu centro. La solicitud en línea todavía no
        está disponible.
      </p>
    </InfoScreen>
  )
}
