import { useEffect } from 'react'
import { useRouteError } from 'react-router-dom'
import { SectionPage } from '../components/SectionPage'
import { DEFAULT_TENANT, isTenantId, tenantFromPathname } from '../contract/tenants'
import { isChunkLoadError, reloadAfterChunkError } from '../features/pwa/chunk-reload'
import { RepairApp } from '../features/pwa/RepairApp'
import { readValue } from '../lib/storage'

/** The hospital the broken page belongs to: its sign-in is where a repair lands. */
function currentTenant(): string {
  const stored = readValue('tenant')
  return (
    tenantFromPathname(window.location.pathname) ??
    (stored !== null && isTenantId(stored) ? stored : DEFAULT_TENANT)
  )
}

/**
 * Shown when a screen fails to load or render; a stale deploy recovers with one reload, and a
 * device stuck on a broken version can be repaired from here.
 */
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
      <p>Si el error se repite, reparar la aplicación la deja como recién instalada.</p>
      <RepairApp tenant={currentTenant()} />
    </SectionPage>
  )
}
