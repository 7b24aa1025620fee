import { InfoScreen } from './screen-parts'

export function Component() {
  return (
    <InfoScreen screen="atencion-profesional-publica-inmediata">
      <p>
        Atención inmediata con un profesional del centro. Este servicio todavía no está disponible
        en línea.
      </p>
    </InfoScreen>
  )
}
