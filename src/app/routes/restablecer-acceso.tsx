import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="restablecer-acceso">
      <p>Para restablecer tu acceso, contacta con la administración de tu centro.</p>
    </InfoScreen>
  )
}
