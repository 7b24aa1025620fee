import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="directorio">
      <p>El directorio de profesionales del centro todavía no está disponible.</p>
    </InfoScreen>
  )
}
