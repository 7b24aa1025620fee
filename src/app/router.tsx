/**
 * The route tree: a root gate that applies the tenant rules on every navigation, the tenant
 * layout, and every reserved name as a child screen loaded on demand (docs/routing.md).
 */
import {
  createBrowserRouter,
  type DataStrategyFunction,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom'
import { TECHNICAL_INFO_SEGMENT } from '../config/paths'
import { INSTALL_SEGMENT, REGISTER_SEGMENT, type ReservedSegment } from '../contract/tenants'
import { signOutAction } from '../features/auth/sign-out-action'
import { TENANT_GATE_ID, tenantGateLoader } from '../features/tenant/tenant-gate'
import { BootFrame } from './layouts/BootFrame'
import { TenantLayout } from './layouts/TenantLayout'
import {
  isSessionChange,
  isSessionReadStale,
  shouldRevalidateBranding,
  shouldRevalidateTenantLayout,
  TENANT_BRANDING_ID,
  TENANT_LAYOUT_ID,
  tenantBrandingLoader,
  tenantLayoutLoader,
  type TenantLayoutData,
} from './layouts/tenant-layout-data'
import { RouteError } from './RouteError'

type ScreenModule = Promise<Pick<RouteObject, 'Component' | 'loader'>>

/**
 * A screen whose code cannot be fetched (offline, or a deploy removed its chunk) still ends on
 * its error screen, with "Volver a intentarlo": the failure becomes the route's loading error.
 * A rejected `lazy` during the first load would otherwise leave an empty page.
 */
function loadScreen(load: () => ScreenModule): () => ScreenModule {
  return async () => {
    try {
      return await load()
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error))
      return {
        loader: () => {
          throw failure
        },
      }
    }
  }
}

// Each screen is its own chunk; the record type makes a missing reserved name a type error.
const SCREENS: Record<ReservedSegment, () => ScreenModule> = {
  login: () => import('./routes/login'),
  admin: () => import('./routes/admin'),
  apanel: () => import('./routes/apanel'),
  'admin-login': () => import('./routes/admin-login'),
  cliente: () => import('./routes/cliente'),
  referidos: () => import('./routes/referidos'),
  profesional: () => import('./routes/profesional'),
  external: () => import('./routes/external'),
  'validar-cuenta': () => import('./routes/validar-cuenta'),
  pagos: () => import('./routes/pagos'),
  'solicitar-asistencia': () => import('./routes/solicitar-asistencia'),
  directorio: () => import('./routes/directorio'),
  'atencion-asistencia': () => import('./routes/atencion-asistencia'),
  'error-consulta-inactiva': () => import('./routes/error-consulta-inactiva'),
  'terminos-y-condiciones': () => import('./routes/terminos-y-condiciones'),
  'restablecer-acceso': () => import('./routes/restablecer-acceso'),
  'agradecimiento-final': () => import('./routes/agradecimiento-final'),
  'atencion-profesional-publica-inmediata': () =>
    import('./routes/atencion-profesional-publica-inmediata'),
}

export const routes: RouteObject[] = [
  {
    id: TENANT_GATE_ID,
    loader: tenantGateLoader,
    // The rules run on every navigation, whatever changed.
    shouldRevalidate: () => true,
    HydrateFallback: BootFrame,
    ErrorBoundary: RouteError,
    children: [
      { index: true },
      {
        id: TENANT_LAYOUT_ID,
        path: ':tenant',
        // When the user is read again: see the loader, and `recheckingSession` below.
        loader: tenantLayoutLoader,
        shouldRevalidate: shouldRevalidateTenantLayout,
        // "Cerrar sesión" is submitted to the hospital's own route.
        action: signOutAction,
        Component: TenantLayout,
        ErrorBoundary: RouteError,
        children: [
          {
            // No path and no component: the tenant's branding, loaded on every navigation.
            id: TENANT_BRANDING_ID,
            loader: tenantBrandingLoader,
            shouldRevalidate: shouldRevalidateBranding,
            children: [
              // `/{tenant}` alone is redirected to its login screen by the gate.
              { index: true },
              ...Object.entries(SCREENS).map(([path, load]) => ({
                path,
                lazy: loadScreen(load),
                ErrorBoundary: RouteError,
              })),
              // A request's own screens carry its id.
              ...(['atencion-asistencia', 'agradecimiento-final'] as const).map((screen) => ({
                path: `${screen}/:id`,
                lazy: loadScreen(SCREENS[screen]),
                ErrorBoundary: RouteError,
              })),
              {
                path: TECHNICAL_INFO_SEGMENT,
                lazy: loadScreen(() => import('./routes/informacion-tecnica')),
                ErrorBoundary: RouteError,
              },
              {
                // Its own chunk: the QR encoder is loaded only by whoever opens this page.
                path: INSTALL_SEGMENT,
                lazy: loadScreen(() => import('./routes/instalar')),
                ErrorBoundary: RouteError,
              },
              {
                path: REGISTER_SEGMENT,
                lazy: loadScreen(() => import('./routes/registro')),
                ErrorBoundary: RouteError,
              },
              {
                path: '*',
                lazy: loadScreen(() => import('./routes/not-found')),
                ErrorBoundary: RouteError,
              },
            ],
          },
        ],
      },
    ],
  },
]

/** What the data strategy reads of the router: its data, and the navigation under way. */
export interface RouterView {
  lastLayoutData: () => TenantLayoutData | undefined
  /** The history state of the navigation being loaded. */
  pendingState: () => unknown
  /** True while `router.revalidate()` runs (alone, or restarting a navigation under way). */
  isRevalidating: () => boolean
}

/**
 * Loads what the router chose to load and, on a navigation, the signed-in user as well when the
 * navigation says the session changed (`SESSION_CHANGED`), when the app asked the router to read
 * its data again (another tab's sign-in may come during a navigation), or when the session shown
 * was read over a minute ago: an account disabled meanwhile is signed out by the next navigation.
 */
export function recheckingSession({
  lastLayoutData,
  pendingState,
  isRevalidating,
}: RouterView): DataStrategyFunction {
  return async ({ matches, request, fetcherKey }) => {
    const isNavigation = request.method === 'GET' && fetcherKey === null
    const isStale =
      isNavigation &&
      (isSessionChange(pendingState()) ||
        isRevalidating() ||
        isSessionReadStale(lastLayoutData(), Date.now()))
    // `shouldLoad` is the router's own choice (the default strategy reads it too; its
    // replacement, `shouldCallHandler`, makes every match it is asked about run when resolved).
    /* eslint-disable @typescript-eslint/no-deprecated */
    const toLoad = matches.filter(
      (match) => match.shouldLoad || (isStale && match.route.id === TENANT_LAYOUT_ID),
    )
    return Object.fromEntries(
      await Promise.all(
        toLoad.map(
          async (match) =>
            // A handler override makes the router run a loader it had skipped.
            [
              match.route.id,
              await match.resolve(match.shouldLoad ? undefined : (load) => load()),
            ] as const,
        ),
      ),
    )
    /* eslint-enable @typescript-eslint/no-deprecated */
  }
}

/** The app's router; `hydrationData` when it takes over a screen already in the HTML. */
export function createAppRouter(hydrationData?: HydrationState) {
  // The router's state, once it exists (its first load may start while it is being created).
  let view: RouterView = {
    lastLayoutData: () => undefined,
    pendingState: () => undefined,
    isRevalidating: () => false,
  }
  const router = createBrowserRouter(routes, {
    ...(hydrationData ? { hydrationData } : {}),
    dataStrategy: recheckingSession({
      lastLayoutData: () => view.lastLayoutData(),
      pendingState: () => view.pendingState(),
      isRevalidating: () => view.isRevalidating(),
    }),
  })
  view = {
    lastLayoutData: () => router.state.loaderData[TENANT_LAYOUT_ID] as TenantLayoutData | undefined,
    pendingState: (): unknown => router.state.navigation.location?.state as unknown,
    isRevalidating: () => router.state.revalidation === 'loading',
  }
  return router
}

export type AppRouter = ReturnType<typeof createAppRouter>
