/**
 * The app's configuration, read once. The API base URL comes from the page at run time
 * (`<meta name="api-base-url">`, filled in by the server: one build, many deployments), else from
 * the build (`VITE_API_BASE_URL`), else the page's own origin.
 */
export interface AppConfig {
  /** Absolute base URL of the API, without a trailing slash. */
  apiBaseUrl: string
  /** Origins that receive the bearer token; never a logo host or a CDN. */
  apiOrigins: readonly string[]
  /** Milliseconds before an API call is abandoned. */
  requestTimeoutMs: number
}

export interface ConfigSources {
  runtimeBaseUrl: string | null | undefined
  buildBaseUrl: string | undefined
  buildExtraOrigins: string | undefined
  pageOrigin: string
}

const DEFAULT_TIMEOUT_MS = 15_000

function toOrigin(value: string, pageOrigin: string): string | null {
  try {
    const url = new URL(value, pageOrigin)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
  } catch {
    return null
  }
}

/** Builds the configuration from its sources; invalid values fall back to the page origin. */
export function resolveConfig(sources: ConfigSources): AppConfig {
  // A blank value counts as unset: the next source applies.
  const candidate =
    [sources.runtimeBaseUrl, sources.buildBaseUrl]
      .map((value) => value?.trim() ?? '')
      .find((value) => value !== '') ?? ''
  let apiBaseUrl = sources.pageOrigin
  if (candidate && toOrigin(candidate, sources.pageOrigin)) {
    apiBaseUrl = new URL(candidate, sources.pageOrigin).href.replace(/\/+$/, '')
  }
  const extraOrigins = (sources.buildExtraOrigins ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => toOrigin(value, sources.pageOrigin))
    .filter((origin): origin is string => origin !== null)
  return {
    apiBaseUrl,
    apiOrigins: [...new Set([new URL(apiBaseUrl).origin, ...extraOrigins])],
    requestTimeoutMs: DEFAULT_TIMEOUT_MS,
  }
}

function readRuntimeBaseUrl(): string | null {
  if (typeof document === 'undefined') return null
  return document.querySelector('meta[name="api-base-url"]')?.getAttribute('content') ?? null
}

export const config: AppConfig = resolveConfig({
  runtimeBaseUrl: readRuntimeBaseUrl(),
  buildBaseUrl: import.meta.env.VITE_API_BASE_URL as string | undefined,
  buildExtraOrigins: import.meta.env.VITE_API_ORIGINS as string | undefined,
  pageOrigin: globalThis.location.origin,
})

/** True in a production build (`vite build`): the service worker is only registered there. */
export const isProductionBuild: boolean = import.meta.env.PROD

/** The build's version (`VITE_APP_VERSION`, else package.json's), shown in the footer. */
export const appVersion = String(import.meta.env.VITE_APP_VERSION)
