/**
 * The route tree: a root gate that applies the tenant rules on every navigation, the tenant
 * layout, and every reserved name as a child screen loaded on demand (docs/routing.md).
 */
import {
  createBrowserRouter,
  type DataStrategyFunction,
  type HydrationState,
  type RouteObject,
  type RouterState,
} from 'react-router-dom'
import { TECHNICAL_INFO_SEGMENT } from '../config/paths'
import { INSTALL_SEGMENT, REGISTER_SEGMENT, type ReservedSegment } from '../contract/tenants'
import { signOutAction } from '../features/auth/sign-out-action'
import { BootFrame } from './layouts/BootFrame'
import { TenantLayout } from './layouts/TenantLayout'
import { isSessionChange, isSessionReadStale } from './session-rules'
import {
  shouldReadSessionAgain,
  TENANT_GATE_ID,
  TENANT_ROUTE_ID,
  tenantGateLoader,
  tenantLoader,
  type TenantLoadContext,
  type TenantRouteData,
} from './tenant-route'
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
        id: TENANT_ROUTE_ID,
        path: ':tenant',
        // `{ tenant, session, branding }`. The router's choice to load it again is the choice to
        // read the session again; the data strategy runs it on every navigation for the branding.
        loader: tenantLoader,
        shouldRevalidate: shouldReadSessionAgain,
        // "Cerrar sesión" is submitted to the hospital's own route.
        action: signOutAction,
        Component: TenantLayout,
        ErrorBoundary: RouteError,
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
]

/** What the data strategy reads of the router. */
export interface RouterView {
  /** The router's state, once it exists (its first load may start while it is being created). */
  state: () => RouterState | undefined
  /** True, once, when the load under way only shows branding just learnt (`revalidateBranding`). */
  takeBrandingOnly: () => boolean
}

/**
 * Loads what the router chose to load, and the hospital's route on every navigation but the first
 * (start-up gave its answer) and a submission's (an action's own reload): its branding is asked
 * for again on each, so a hospital's new colours reach open devices at the latest on their next
 * navigation. That route reads the signed-in user again when the router chose it, when the
 * navigation says the session changed (`SESSION_CHANGED`), when the app asked the router to read
 * its data again (another tab's sign-in may come during a navigation), or when the session shown
 * was read over a minute ago (an account disabled meanwhile is signed out by the next
 * navigation); otherwise it keeps the session on screen. A load that only shows branding just
 * learnt runs that route alone, and keeps everything else.
 */
export function recheckingSession(view: RouterView): DataStrategyFunction {
  return async ({ matches, request, fetcherKey }) => {
    const state = view.state()
    const shown = state?.loaderData[TENANT_ROUTE_ID] as TenantRouteData | undefined
    const isRevalidating = state?.revalidation === 'loading'
    const isNavigation = request.method === 'GET' && fetcherKey === null
    const isBrandingOnly = isNavigation && view.takeBrandingOnly() && isRevalidating
    const isStale =
      isNavigation &&
      !isBrandingOnly &&
      (isSessionChange(state?.navigation.location?.state) ||
        isRevalidating ||
        isSessionReadStale(shown, Date.now()))
    const isBrandingRefresh =
      isNavigation && state?.initialized === true && state.navigation.formMethod === undefined
    // `shouldLoad` is the router's own choice (the default strategy reads it too; its
    // replacement, `shouldCallHandler`, makes every match it is asked about run when resolved).
    /* eslint-disable @typescript-eslint/no-deprecated */
    const toLoad = matches.filter(
      (match) =>
        match.shouldLoad || ((isStale || isBrandingRefresh) && match.route.id === TENANT_ROUTE_ID),
    )
    return Object.fromEntries(
      await Promise.all(
        toLoad.map(async (match) => {
          const { id } = match.route
          if (id === TENANT_ROUTE_ID) {
            const context: TenantLoadContext = {
              previous: shown,
              readSession: !isBrandingOnly && (match.shouldLoad || isStale),
              refreshBranding: !isBrandingOnly,
            }
            // A handler override makes the router run a loader it had skipped.
            return [id, await match.resolve((load) => load(context))] as const
          }
          // The data on screen stays.
          if (isBrandingOnly) return [id, await match.resolve(() => state.loaderData[id])] as const
          return [id, await match.resolve()] as const
        }),
      ),
    )
    /* eslint-enable @typescript-eslint/no-deprecated */
  }
}

/** The app's router; `hydrationData` when it takes over a screen already in the HTML. */
export function createAppRouter(hydrationData?: HydrationState) {
  let isBrandingOnlyAsked = false
  const made: { router?: ReturnType<typeof createBrowserRouter> } = {}
  const created = createBrowserRouter(routes, {
    ...(hydrationData ? { hydrationData } : {}),
    dataStrategy: recheckingSession({
      state: () => made.router?.state,
      takeBrandingOnly: () => {
        const asked = isBrandingOnlyAsked
        isBrandingOnlyAsked = false
        return asked
      },
    }),
  })
  made.router = created
  return Object.assign(created, {
    /** Loads the hospital's route alone, to show branding just learnt, with nothing fetched. */
    revalidateBranding: () => {
      isBrandingOnlyAsked = true
      return created.revalidate()
    },
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>
