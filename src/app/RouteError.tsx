import { useEffect } from 'react'
import { useRouteError } from 'react-router-dom'
import { SectionPage } from '../components/SectionPage'
import { useModuleAfterRender } from '../components/use-module-after-render'
import { DEFAULT_TENANT, isTenantId, tenantFromPathname } from '../contract/tenants'
import { isChunkLoadError, reloadAfterChunkError } from '../features/pwa/updates/chunk-reload'
import { readValue } from '../lib/storage'

// The repair's code comes with the error screen, not with every first screen. A page whose
// worker still holds this version finds it there; one that cannot fetch it either (offline, no
// worker) could not repair anything now.
const loadRepairApp = () => import('../features/pwa/support/RepairApp')

function RepairAppAfterRender({ tenant }: { tenant: string }) {
  const loaded = useModuleAfterRender(loadRepairApp)
  return loaded && <loaded.RepairApp tenant={tenant} />
}

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
      <RepairAppAfterRender tenant={currentTenant()} />
    </SectionPage>
  )
}
