import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="pagos">
      <p>Los pagos se muestran en euros. Esta sección todavía no está disponible en tu centro.</p>
    </InfoScreen>
  )
}
