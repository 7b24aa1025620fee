import { useEffect } from 'react'
import { useRouteError } from 'react-router'
import { SectionPage } from '../components/SectionPage'
import { isChunkLoadError, reloadAfterChunkError } from '../features/pwa/chunk-reload'

/** Shown when a screen fails to load or render; a stale deploy recovers with one reload. */
export function RouteError() {
  const error = useRouteError()
  const isStaleChunk = isChunkLoadError(error)

  useEffect(() => {
    if (isStaleChunk) reloadAfterChunkError()
  }, [isStaleChunk])

  return (
    <SectionPage title="No se ha podido mostrar esta página">
      <p>
        {isStaleChunk
          ? 'Hay una versión nueva o la conexión ha fallado al cargar esta página.'
          : 'Se ha producido un error inesperado.'}
      </p>
      <p>
        <a href={window.location.href}>Volver a intentarlo</a>
      </p>
    </SectionPage>
  )
}
