/**
 * `/{tenant}/manifest.webmanifest`, built from the tenant's stored branding, so the installed app
 * carries the hospital's name, colours and logo (also offline). Chromium fetches the manifest
 * through the worker (`destination: 'manifest'`); the server answers the uncontrolled first visit.
 */
import type { RouteHandlerCallback, RouteMatchCallbackOptions } from 'workbox-core/types'
import { isApiPathname } from '../contract/tenants'
import type { Branding } from '../contract/branding'
import { buildTenantManifest, parseBaseManifest, type BaseManifest } from '../contract/manifest'
import { tenantFromPathname } from '../contract/tenants'

const TENANT_MANIFEST_PATH = /^\/[^/]+\/manifest\.webmanifest$/

/**
 * The tenant whose manifest `url` asks for, or null: `/{tenant}/manifest.webmanifest` (any
 * query), or any same-origin manifest fetch under a tenant's path.
 */
export function readManifestTenant({
  request,
  url,
  sameOrigin,
}: Pick<RouteMatchCallbackOptions, 'request' | 'url' | 'sameOrigin'>): string | null {
  if (!sameOrigin || isApiPathname(url.pathname)) return null
  const tenant = tenantFromPathname(url.pathname)
  if (tenant === null) return null
  if (TENANT_MANIFEST_PATH.test(url.pathname)) return tenant
  // The top-level `/manifest.webmanifest` has no tenant segment: it stays the precached file.
  const isUnderTenant = url.pathname.slice(1).includes('/')
  return request.destination === 'manifest' && isUnderTenant ? tenant : null
}

/** Where the build serves the product's base manifest (the repository's `manifest.webmanifest`). */
export const BASE_MANIFEST_URL = '/manifest.webmanifest'

/** The base manifest out of `response` (the precached file); null when missing or damaged. */
export async function readBaseManifestFrom(
  response: Promise<Response | undefined>,
): Promise<BaseManifest | null> {
  try {
    const found = await response
    return found ? parseBaseManifest(await found.json()) : null
  } catch {
    return null
  }
}

export function isTenantManifestRequest(
  options: Pick<RouteMatchCallbackOptions, 'request' | 'url' | 'sameOrigin'>,
): boolean {
  return readManifestTenant(options) !== null
}

export interface ManifestDependencies {
  readBranding: (tenant: string) => Promise<Branding | null>
  /** The product's base manifest (precached); null when it cannot be read. */
  readBaseManifest: () => Promise<BaseManifest | null>
  fetch?: (request: Request) => Promise<Response>
}

async function fetchOkOrNull(
  fetchFromNetwork: (request: Request) => Promise<Response>,
  request: Request,
): Promise<Response | null> {
  try {
    const response = await fetchFromNetwork(request)
    return response.ok ? response : null
  } catch {
    return null
  }
}

/**
 * Builds the manifest from the stored branding. A tenant with none stored yet (its first visit:
 * Chromium asks for the manifest before the page has saved the branding) gets the server's
 * manifest, built from its own records; offline, the default one under the tenant's scope.
 */
export function createManifestHandler({
  readBranding,
  readBaseManifest,
  fetch: fetchFromNetwork = (request) => fetch(request),
}: ManifestDependencies): RouteHandlerCallback {
  return async ({ request, url }) => {
    const tenant = readManifestTenant({ request, url, sameOrigin: true })
    if (tenant === null) return fetchFromNetwork(request)
    try {
      const branding = await readBranding(tenant)
      if (branding === null) {
        const fromServer = await fetchOkOrNull(fetchFromNetwork, request)
        if (fromServer) return fromServer
      }
      const base = await readBaseManifest()
      if (base === null) return await fetchFromNetwork(request)
      return new Response(JSON.stringify(buildTenantManifest(base, tenant, branding)), {
        headers: {
          'Content-Type': 'application/manifest+json',
          // Built on every request: nothing downstream should keep a copy.
          'Cache-Control': 'no-cache',
        },
      })
    } catch {
      return fetchFromNetwork(request)
    }
  }
}
