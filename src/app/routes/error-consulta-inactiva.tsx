import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="error-consulta-inactiva">
      <p>
        La consulta a la que intentas acceder ya no está activa. Si crees que es un error, contacta
        con tu centro.
      </p>
    </InfoScreen>
  )
}
