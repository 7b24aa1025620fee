import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="external">
      <p>Acceso para servicios externos autorizados por el centro.</p>
    </InfoScreen>
  )
}
