import { SectionPage } from '../../components/SectionPage'
import { AndroidInstallSteps, IosInstallSteps } from './InstallSteps'
import './InstallSheet.css'

interface InstallSheetProps {
  hospitalName: string
  /** The absolute address the QR code holds and the sheet prints. */
  address: string
  /** The QR code of `address`, as an image URL. */
  qrImageUrl: string
}

/**
 * "Instala la app de {hospital}": a page to print for the front desk, with the QR code of the
 * hospital's address, the address itself and the steps on Android and iPhone.
 */
export function InstallSheet({ hospitalName, address, qrImageUrl }: InstallSheetProps) {
  const openAddress = (browser: string) => (
    <>
      Abre <span className="install-sheet-address-inline">{address}</span> en {browser}, o escanea
      el código con la cámara.
    </>
  )
  return (
    <SectionPage title={`Instala la app de ${hospitalName}`}>
      <div className="install-sheet">
        <p>
          Escanea el código con la cámara del móvil o de la tableta, o escribe la dirección en el
          navegador.
        </p>
        <figure className="install-sheet-qr">
          <img src={qrImageUrl} alt={`Código QR de la dirección ${address}`} />
          <figcaption className="install-sheet-address">{address}</figcaption>
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
