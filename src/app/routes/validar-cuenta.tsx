import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="validar-cuenta">
      <p>Sigue el enlace que recibiste por correo electrónico para validar tu cuenta.</p>
    </InfoScreen>
  )
}
