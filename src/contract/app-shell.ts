/**
 * Fills the app shell (`index.html`) for one URL: the hospital's colours, name, logo, title,
 * theme colour and manifest, plus `modulepreload` links for the screen the URL opens. The server
 * runs it for first visits, the service worker for repeat and offline ones, the build for the
 * defaults. A pure string transform over explicit `<!--shell:NAME-->…<!--/shell:NAME-->` slots:
 * no HTML is parsed, and text outside the slots is never touched.
 */
import {
  BRANDING_DATA_ELEMENT_ID,
  BRANDING_TOKENS_ELEMENT_ID,
  brandingTokensRule,
  DEFAULT_COLORS,
  isBranding,
  type Branding,
  type BrandingColors,
} from './branding.js'
import { pageIconUrls } from './icons.js'
import {
  type ReservedSegment,
  decodeSegment,
  DEFAULT_APP_NAME,
  DEFAULT_TENANT,
  firstSegment,
  INSTALL_SEGMENT,
  isReservedSegment,
  REGISTER_SEGMENT,
  tenantFromPathname,
  tenantRoot,
} from './tenants.js'

/** The slots `index.html` carries, each filled on its own. */
export const SHELL_SLOTS = {
  /** `<head>`: theme colour, app title, `<title>`, manifest link, colour tokens, branding data. */
  brandingHead: 'branding-head',
  /** `#root`: the header with the hospital's name and logo, and the loading indicator. */
  brandingFrame: 'branding-frame',
  /** `<head>`: the build's map of screen chunks, replaced by the current screen's preloads. */
  screenPreload: 'screen-preload',
  /** `#root` of a prerendered screen's shell: the screen as React renders it, with placeholders. */
  screen: 'screen',
} as const

/**
 * Public screens the build renders into a shell of their own (`/shells/{screen}.html`), so the
 * first frame is the usable screen rather than a loading indicator; the page hydrates it. A screen
 * may join when its render depends on nothing but the tenant's branding: no loader of its own
 * that waits (one that starts a request and hands it over unsettled is fine: the HTML holds the
 * place its answer fills, as the directory's list), nothing read from the query string or the
 * device while hydrating (what depends on the device, such as the install page's address and QR
 * code, follows hydration).
 */
export const PRERENDERED_SCREENS = [
  'login',
  'restablecer-acceso',
  'terminos-y-condiciones',
  'solicitar-asistencia',
  'directorio',
  INSTALL_SEGMENT,
  REGISTER_SEGMENT,
] as const satisfies readonly (ReservedSegment | typeof INSTALL_SEGMENT | typeof REGISTER_SEGMENT)[]
export type PrerenderedScreen = (typeof PRERENDERED_SCREENS)[number]

/**
 * What the build renders the screens with, in place of the hospital's own values; the fill swaps
 * them for the URL's tenant, its name and logo. Plain letters: React writes them out unescaped,
 * and the tenant one is a valid tenant id, so the routing rules render the tenant's layout.
 */
export const SCREEN_PLACEHOLDERS = {
  tenant: 'zzplantillacentrozz',
  nombre: 'ZZNOMBREDELCENTROZZ',
  logoUrl: '/ZZLOGODELCENTROZZ.png',
} as const

/** The URL of a prerendered screen's shell, as the build writes it and the worker precaches it. */
export function screenShellUrl(screen: PrerenderedScreen): string {
  return `/shells/${screen}.html`
}

/**
 * The prerendered screen an address opens, or null when it gets the plain shell: only a
 * hospital's own public screens (not the portal's), and only without a query string (which may change what the
 * screen shows, e.g. a session that expired).
 */
export function prerenderedScreenOf(pathname: string, search = ''): PrerenderedScreen | null {
  if (search !== '' && search !== '?') return null
  // Exactly `/{tenant}/{screen}`: `/{tenant}` alone is redirected by the page first.
  const tenant = tenantFromPathname(pathname)
  if (tenant === null || pathname.split('/').length !== 3) return null
  // The portal's screens differ from a hospital's (no registration there): they render on load.
  if (tenant === DEFAULT_TENANT) return null
  const screen = screenOfPathname(pathname)
  return (PRERENDERED_SCREENS as readonly string[]).includes(screen)
    ? (screen as PrerenderedScreen)
    : null
}

/**
 * The name people know `tenant` by: its own branding's `nombre`, else the product's name (for
 * `main`, an unknown address, or a hospital whose branding could not be loaded). The page's header and the prerendered screens both show this.
 */
export function hospitalNameFor(tenant: string, branding: Branding | null): string {
  if (branding?.tenant === tenant && branding.nombre) return branding.nombre
  // Branding that fails stays silent: the product's name, never a made-up hospital's.
  return DEFAULT_APP_NAME
}

/** Attribute of `#root` in a prerendered screen's shell: the screen it holds, for hydration. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

/** `id` of the build's `{ screen: [chunk URL, …] }` map inside the screen-preload slot. */
export const SCREEN_CHUNKS_ELEMENT_ID = 'screen-chunks'

/** Screen → the URLs of its chunks, beyond the entry (what the build's manifest lists). */
export type ScreenChunks = Record<string, readonly string[]>

const LOADING_TEXT = 'Cargando…'
export const NEEDS_JAVASCRIPT_TEXT =
  'Esta aplicación necesita JavaScript para funcionar. Actívalo en tu navegador para iniciar sesión.'
// Same size as the header's <img> the app renders, so the frame does not move when it takes over.
const LOGO_SIZE_PX = 48

/** Escapes text for element content or a double-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/**
 * JSON that is inert inside `<script type="application/json">`: no `</script>`, `<!--` or
 * line separators can appear, whatever the strings hold.
 */
export function serializeScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

function slotMarkers(name: string): { open: string; close: string } {
  return { open: `<!--shell:${name}-->`, close: `<!--/shell:${name}-->` }
}

/** The text between a slot's markers, or null when the template lacks the slot. */
function readSlot(html: string, name: string): string | null {
  const { open, close } = slotMarkers(name)
  const start = html.indexOf(open)
  const end = start === -1 ? -1 : html.indexOf(close, start + open.length)
  return end === -1 ? null : html.slice(start + open.length, end)
}

/** `html` with the slot's content replaced; its markers stay. */
export function fillSlot(html: string, name: string, content: string): string {
  const { open, close } = slotMarkers(name)
  const start = html.indexOf(open)
  const end = start === -1 ? -1 : html.indexOf(close, start + open.length)
  if (end === -1) return html
  return html.slice(0, start + open.length) + content + html.slice(end)
}

/** The element that carries a build's screen chunk map, as the build writes it into the shell. */
export function screenChunksElement(chunks: ScreenChunks): string {
  return `<script type="application/json" id="${SCREEN_CHUNKS_ELEMENT_ID}">${serializeScriptJson(chunks)}</script>`
}

/** The screen chunk map the build wrote into `html`; empty when there is none or it is damaged. */
export function readScreenChunks(html: string): ScreenChunks {
  const slot = readSlot(html, SHELL_SLOTS.screenPreload) ?? ''
  const start = slot.indexOf('>')
  const end = slot.lastIndexOf('</script>')
  if (start === -1 || end <= start) return {}
  try {
    const parsed: unknown = JSON.parse(slot.slice(start + 1, end))
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    const entries = Object.entries(parsed as Record<string, unknown>).filter(
      (entry): entry is [string, string[]] =>
        Array.isArray(entry[1]) && entry[1].every((url) => typeof url === 'string'),
    )
    return Object.fromEntries(entries)
  } catch {
    return {}
  }
}

/**
 * The screen a pathname opens: the segment after the tenant (`/{tenant}/login` → `login`), or the
 * reserved first segment the routing rules keep (`/admin/x` → `admin`). `/` and `/{tenant}` lead
 * to the sign-in screen; anything else is the not-found screen.
 */
export function screenOfPathname(pathname: string): string {
  const tenant = tenantFromPathname(pathname)
  const rest = tenant === null ? pathname : pathname.slice(1).replace(/^[^/\\]*/, '')
  const segment = decodeSegment(firstSegment(rest))
  if (segment === null) return 'not-found'
  if (segment === '') return 'login'
  return tenant !== null || isReservedSegment(segment) ? segment : 'not-found'
}

/** The branding to paint: the tenant's own when valid and really its own, else null (defaults). */
function ownBranding(branding: Branding | null, tenant: string | null): Branding | null {
  if (tenant === null || tenant === DEFAULT_TENANT || branding === null) return null
  return isBranding(branding) && branding.tenant === tenant ? branding : null
}

function buildHead(tenant: string | null, branding: Branding | null): string {
  const colors: BrandingColors = branding?.colors ?? DEFAULT_COLORS
  const name = escapeHtml(branding?.nombre ?? DEFAULT_APP_NAME)
  const manifest =
    tenant === null ? '/manifest.webmanifest' : `${tenantRoot(tenant)}/manifest.webmanifest`
  const icons = pageIconUrls(branding ? branding.tenant : null)
  const tags = [
    `<meta name="theme-color" content="${colors.primario}" />`,
    `<meta name="application-name" content="${name}" />`,
    `<meta name="apple-mobile-web-app-title" content="${name}" />`,
    `<title>${name}</title>`,
    `<link rel="manifest" href="${escapeHtml(manifest)}" />`,
    `<link rel="icon" type="image/png" href="${escapeHtml(icons.favicon)}" />`,
    `<link rel="apple-touch-icon" href="${escapeHtml(icons.appleTouchIcon)}" />`,
    `<style id="${BRANDING_TOKENS_ELEMENT_ID}">${brandingTokensRule(colors)}</style>`,
  ]
  if (branding) {
    const data: Branding = {
      tenant: branding.tenant,
      nombre: branding.nombre,
      colors: branding.colors,
      logoUrl: branding.logoUrl,
    }
    tags.push(
      `<script type="application/json" id="${BRANDING_DATA_ELEMENT_ID}">${serializeScriptJson(data)}</script>`,
    )
  }
  return tags.join('')
}

function buildFrame(branding: Branding | null): string {
  const name = escapeHtml(branding?.nombre ?? DEFAULT_APP_NAME)
  const logo = branding?.logoUrl
    ? `<img class="tenant-logo" src="${escapeHtml(branding.logoUrl)}" alt="Logotipo de ${name}" width="${String(LOGO_SIZE_PX)}" height="${String(LOGO_SIZE_PX)}" referrerpolicy="no-referrer" />`
    : ''
  return (
    `<div class="app boot-frame"><header class="app-header"><span class="brand">${logo}` +
    `<span class="brand-name">${name}</span></span></header>` +
    `<main class="app-main"><p class="boot-status" role="status" aria-busy="true">` +
    `<span class="boot-spinner" aria-hidden="true"></span>${LOADING_TEXT}</p>` +
    `<p class="noscript-notice">${NEEDS_JAVASCRIPT_TEXT}</p></main></div>`
  )
}

function buildPreloads(urls: readonly string[]): string {
  return urls
    .map((url) => `<link rel="modulepreload" crossorigin href="${escapeHtml(url)}" />`)
    .join('')
}

export interface ShellFill {
  /** The path being opened (`/clinica-norte/login`), still percent-encoded. */
  pathname: string
  /** The tenant's branding; null, invalid or another tenant's gives the defaults. */
  branding: Branding | null
  /** Whether to preload the screen's chunks (the default); either way the build's map goes. */
  preloadChunks?: boolean
}

/**
 * The shell `template` filled for `pathname`: the tenant's branding (or the defaults for `main`,
 * unknown and non-tenant paths) and `modulepreload` links for the screen's chunks, so the browser
 * fetches them alongside the entry instead of after it has run.
 */
export function fillAppShell(
  template: string,
  { pathname, branding, preloadChunks = true }: ShellFill,
): string {
  const tenant = tenantFromPathname(pathname)
  const own = ownBranding(branding, tenant)
  const preloads = preloadChunks
    ? (readScreenChunks(template)[screenOfPathname(pathname)] ?? [])
    : []
  let html = fillSlot(template, SHELL_SLOTS.brandingHead, buildHead(tenant, own))
  html = fillSlot(html, SHELL_SLOTS.brandingFrame, buildFrame(own))
  const screen = readSlot(html, SHELL_SLOTS.screen)
  if (screen !== null) {
    html = fillSlot(html, SHELL_SLOTS.screen, fillScreen(screen, tenant ?? DEFAULT_TENANT, own))
  }
  return fillSlot(html, SHELL_SLOTS.screenPreload, buildPreloads(preloads))
}

// The elements React wrote for the placeholder logo: the `<img>` and the image preload it puts
// first; neither has a `>` in its attributes (React escapes them, the placeholders are letters).
const PLACEHOLDER_LOGO = new RegExp(
  `<(?:img|link)[^>]*="${SCREEN_PLACEHOLDERS.logoUrl.replace(/[.]/g, '\\.')}"[^>]*>`,
  'g',
)

/**
 * A prerendered screen for one hospital: its tenant in every link, its name, and its logo when it
 * has one (the page renders no `<img>` without one, so neither does the shell).
 */
function fillScreen(markup: string, tenant: string, branding: Branding | null): string {
  const logoUrl = branding?.logoUrl ?? null
  return markup
    .replace(PLACEHOLDER_LOGO, (img) =>
      logoUrl === null ? '' : img.split(SCREEN_PLACEHOLDERS.logoUrl).join(escapeHtml(logoUrl)),
    )
    .split(`/${SCREEN_PLACEHOLDERS.tenant}`)
    .join(escapeHtml(tenantRoot(tenant)))
    .split(SCREEN_PLACEHOLDERS.tenant)
    .join(escapeHtml(tenant))
    .split(SCREEN_PLACEHOLDERS.nombre)
    .join(escapeHtml(hospitalNameFor(tenant, branding)))
}

/** The default branding slots, as the build writes them: what a shell shows before any fill. */
export function fillDefaultBranding(template: string): string {
  const html = fillSlot(template, SHELL_SLOTS.brandingHead, buildHead(null, null))
  return fillSlot(html, SHELL_SLOTS.brandingFrame, buildFrame(null))
}

// A stylesheet link as the build writes it (no `>` in its attributes); a disabled one is inline.
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="([^"]+)">/g

/**
 * `html` with each linked stylesheet `read` gives the text of (by URL) written in a `<style>`: the
 * first frame then waits for no request, a round trip on a first visit and a fetch event in the
 * worker on a slow phone's repeat one. The link stays, `disabled`, so it is never fetched: the
 * bundler's loader of a screen's chunks looks for a link to each stylesheet they import, and
 * without it would link the same styles again, after the screen's own. A stylesheet `read` does
 * not give (or fails on), or whose text would end the `<style>` early, keeps its link.
 */
export async function inlineStylesheets(
  html: string,
  read: (href: string) => Promise<string | undefined>,
): Promise<string> {
  const hrefs = [...new Set(Array.from(html.matchAll(STYLESHEET_LINK), ([, href = '']) => href))]
  const texts = await Promise.all(hrefs.map((href) => read(href).catch(() => undefined)))
  const styles = new Map(hrefs.map((href, index) => [href, texts[index]]))
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = styles.get(href)
    if (css === undefined || /<\/style/i.test(css)) return link
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled>`
  })
}
