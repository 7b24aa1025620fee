/** Every in-app URL is built here; nobody concatenates `/${tenant}/…` by hand. */
import { tenantRoot, type ReservedSegment } from '../contract/tenants'

export const paths = {
  tenantRoot,
  login: (tenant: string) => `${tenantRoot(tenant)}/login`,
  /** One of the reserved screens inside a tenant, e.g. `screen('hospital-x', 'pagos')`. */
  screen: (tenant: string, screen: ReservedSegment) => `${tenantRoot(tenant)}/${screen}`,
  manifest: (tenant: string) => `${tenantRoot(tenant)}/manifest.webmanifest`,
  /** The screen a signed-in user of `rol` lands on. */
  home: (tenant: string, rol: string) => {
    const screen: ReservedSegment =
      rol === 'profesional' ? 'profesional' : rol === 'admin' ? 'admin' : 'cliente'
    return `${tenantRoot(tenant)}/${screen}`
  },
  /** Where the 401 reaction sends the user; the routing rules add the (now default) tenant. */
  signedOut: '/login',
} as const
