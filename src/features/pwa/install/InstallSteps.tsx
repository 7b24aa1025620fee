/** How to install the app by hand, in the words each platform's menus use (es-ES). */
import type { ReactNode } from 'react'

interface StepsProps {
  hospitalName: string
  /** A step before the platform's own (e.g. "open this address"), when the page is not open yet. */
  firstStep?: ReactNode
}

/** iPhone and iPad: Safari's Share menu, the only way to add a web app there. */
export function IosInstallSteps({ hospitalName, firstStep }: StepsProps) {
  return (
    <ol className="install-steps">
      {firstStep && <li>{firstStep}</li>}
      <li>
        Toca el botón <strong>Compartir</strong> de Safari (un cuadrado con una flecha hacia
        arriba): abajo en el iPhone, arriba en el iPad.
      </li>
      <li>
        Desliza hacia abajo y elige <strong>Añadir a pantalla de inicio</strong>.
      </li>
      <li>
        Toca <strong>Añadir</strong>. El icono de {hospitalName} aparecerá en tu pantalla de inicio.
      </li>
    </ol>
  )
}

/** Android: Chrome offers "Instalar aplicación" in its menu (and the app's own button). */
export function AndroidInstallSteps({ hospitalName, firstStep }: StepsProps) {
  return (
    <ol className="install-steps">
      {firstStep && <li>{firstStep}</li>}
      <li>
        Toca <strong>Instalar la aplicación</strong> al pie de la página o, si no aparece, abre el
        menú de Chrome (los tres puntos) y elige <strong>Instalar aplicación</strong>.
      </li>
      <li>
        Confirma con <strong>Instalar</strong>. {hospitalName} aparecerá con tus aplicaciones.
      </li>
    </ol>
  )
}
