/**
 * The route tree: a root gate that applies the tenant rules on every navigation, the tenant
 * layout, and every reserved name as a child screen loaded on demand (docs/routing.md). The router
 * routes, redirects and runs actions; what the screens show is the page's cache's (the client
 * given here), which the loaders only start filling.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import {
  createBrowserRouter,
  type ActionFunction,
  type HydrationState,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom'
import { TECHNICAL_INFO_SEGMENT } from '../config/paths'
import {
  INSTALL_SEGMENT,
  PROFILE_SEGMENT,
  REGISTER_SEGMENT,
  WAITING_ROOM_SEGMENT,
  type ReservedSegment,
} from '../contract/tenants'
import { signOutAction } from '../features/auth/sign-out-action'
import { BootFrame } from './layouts/BootFrame'
import { TenantLayout } from './layouts/TenantLayout'
import { forgetUserData } from './query-client'
import {
  createTenantLoader,
  shouldRunTenantLoader,
  TENANT_GATE_ID,
  TENANT_ROUTE_ID,
  tenantGateLoader,
} from './tenant-route'
import { RouteError } from './RouteError'

/** What a screen's module exports. */
interface ScreenExports {
  Component?: ComponentType
  action?: ActionFunction
  loader?: LoaderFunction
  /** Starts the screen's queries as its route loads, before its code renders. */
  prefetch?: (client: QueryClient, args: LoaderFunctionArgs) => void
}

type ScreenModule = Promise<ScreenExports>

/**
 * A screen whose code cannot be fetched (offline, or a deploy removed its chunk) still ends on
 * its error screen, with "Volver a intentarlo": the failure becomes the route's loading error.
 * A rejected `lazy` during the first load would otherwise leave an empty page.
 */
function loadScreen(
  client: QueryClient,
  load: () => ScreenModule,
): () => Promise<Pick<RouteObject, 'Component' | 'action' | 'loader'>> {
  return async () => {
    try {
      const { Component, action, loader, prefetch } = await load()
      return {
        Component,
        ...(action && { action }),
        ...(loader && { loader }),
        ...(prefetch && {
          loader: (args: LoaderFunctionArgs) => {
            prefetch(client, args)
            return null
          },
        }),
      }
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

/**
 * The app's route tree, its loaders and actions working on `client`; `startingPath` is the
 * address the page opened on (its first load comes from start-up, not a loader).
 */
export function createRoutes(client: QueryClient, startingPath: string): RouteObject[] {
  return [
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
          loader: createTenantLoader(client, startingPath),
          shouldRevalidate: shouldRunTenantLoader,
          // "Cerrar sesión" is submitted to the hospital's own route; what was read for the user
          // leaves memory with it.
          action: async (args) => {
            const answer = await signOutAction(args)
            forgetUserData(client)
            return answer
          },
          Component: TenantLayout,
          ErrorBoundary: RouteError,
          children: [
            // `/{tenant}` alone is redirected to its login screen by the gate.
            { index: true },
            ...Object.entries(SCREENS).map(([path, load]) => ({
              path,
              lazy: loadScreen(client, load),
              ErrorBoundary: RouteError,
            })),
            // A request's own screens carry its id.
            ...(['atencion-asistencia', 'agradecimiento-final'] as const).map((screen) => ({
              path: `${screen}/:id`,
              lazy: loadScreen(client, SCREENS[screen]),
              ErrorBoundary: RouteError,
            })),
            {
              path: TECHNICAL_INFO_SEGMENT,
              lazy: loadScreen(client, () => import('./routes/informacion-tecnica')),
              ErrorBoundary: RouteError,
            },
            {
              // Its own chunk: the QR encoder is loaded only by whoever opens this page.
              path: INSTALL_SEGMENT,
              lazy: loadScreen(client, () => import('./routes/instalar')),
              ErrorBoundary: RouteError,
            },
            {
              // The waiting room's wall display: public, no session.
              path: WAITING_ROOM_SEGMENT,
              lazy: loadScreen(client, () => import('./routes/sala-de-espera')),
              ErrorBoundary: RouteError,
            },
            {
              path: REGISTER_SEGMENT,
              lazy: loadScreen(client, () => import('./routes/registro')),
              ErrorBoundary: RouteError,
            },
            {
              path: PROFILE_SEGMENT,
              lazy: loadScreen(client, () => import('./routes/perfil')),
              ErrorBoundary: RouteError,
            },
            {
              path: '*',
              lazy: loadScreen(client, () => import('./routes/not-found')),
              ErrorBoundary: RouteError,
            },
          ],
        },
      ],
    },
  ]
}

/** The app's router over `routes` (`createRoutes`); `hydrationData` for the first navigation. */
export function createAppRouter(routes: RouteObject[], hydrationData: HydrationState) {
  return createBrowserRouter(routes, { hydrationData })
}

export type AppRouter = ReturnType<typeof createAppRouter>
