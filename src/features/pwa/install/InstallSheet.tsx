import { SectionPage } from '../../../components/SectionPage'
import { AndroidInstallSteps, IosInstallSteps } from './InstallSteps'
import { isLocalAddress } from './local-address'
import './InstallSheet.css'

/** The address the sheet installs from, and its QR code as an image URL. */
export interface InstallCode {
  address: string
  qrImageUrl: string
}

interface InstallSheetProps {
  hospitalName: string
  /**
   * The absolute address the QR code holds and the sheet prints, and its code; null until the
   * page knows the address it is opened at (the build renders the sheet without it).
   */
  code: InstallCode | null
  /** The hospital's logo (a validated URL), printed at the top of the sheet; null without one. */
  logoUrl?: string | null
}

/**
 * "Instala la app de {hospital}": a page to print for the front desk, with the QR code of the
 * hospital's address, the address itself and the steps on Android and iPhone. Until the address
 * is known the code's place is kept, the same size, so nothing moves when it appears.
 */
export function InstallSheet({ hospitalName, code, logoUrl = null }: InstallSheetProps) {
  // The address is written once, under the code: the steps point to it.
  const openAddress = (browser: string) =>
    `Abre en ${browser} la dirección escrita bajo el código, o escanea el código con la cámara.`
  return (
    <SectionPage title={`Instala la app de ${hospitalName}`}>
      <div className="install-sheet">
        {/* On paper the page's header is left out: the sheet carries the hospital's own. */}
        <div className="install-sheet-print-header">
          {logoUrl && (
            <img src={logoUrl} alt={`Logotipo de ${hospitalName}`} referrerPolicy="no-referrer" />
          )}
          <p>{hospitalName}</p>
        </div>
        {code && isLocalAddress(code.address) && (
          <div className="notice install-sheet-warning" role="status">
            <p>
              Esta página está abierta en una dirección local ({new URL(code.address).host}): solo
              funciona en este equipo y ningún móvil podrá abrir el código QR. Ábrela desde la
              dirección pública del centro antes de imprimirla.
            </p>
          </div>
        )}
        <p>
          Escanea el código con la cámara del móvil o de la tableta, o escribe la dirección en el
          navegador.
        </p>
        <figure className="install-sheet-qr">
          {code ? (
            <img src={code.qrImageUrl} alt={`Código QR de la dirección ${code.address}`} />
          ) : (
            <span className="install-sheet-qr-pending" />
          )}
          <figcaption className="install-sheet-address">{code?.address}</figcaption>
        </figure>
        <div className="install-sheet-platforms">
          <section aria-labelledby="instalar-android">
            <h2 id="instalar-android">En Android</h2>
            <AndroidInstallSteps hospitalName={hospitalName} firstStep={openAddress('Chrome')} />
          </section>
          <section aria-labelledby="instalar-iphone">
            <h2 id="instalar-iphone">En iPhone o iPad</h2>
            <IosInstallSteps hospitalName={hospitalName} firstStep={openAddress('Safari')} />
          </section>
        </div>
        <p className="install-sheet-actions">
          <button
            type="button"
            className="button-primary"
            // Nothing to print before the code is drawn.
            disabled={code === null}
            onClick={() => {
              window.print()
            }}
          >
            Imprimir
          </button>
        </p>
      </div>
    </SectionPage>
  )
}
