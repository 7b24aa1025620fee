import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="agradecimiento-final">
      <p>Gracias por utilizar el servicio de tu centro.</p>
    </InfoScreen>
  )
}
