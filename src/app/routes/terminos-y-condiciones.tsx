import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="terminos-y-condiciones">
      <p>
        Los términos y condiciones del servicio los publica cada centro. Consulta con el tuyo la
        versión vigente.
      </p>
    </InfoScreen>
  )
}
