/**
 * Paints a tenant's branding into the built `index.html`, so the first frame already has the
 * hospital's colours (online or offline) and the first React render its name and logo. The
 * service worker runs it on every navigation. A pure string transform: no DOM exists in a worker.
 */
import { paths } from '../config/paths'
import { isBranding, toCssDeclarations, type Branding } from '../contract/branding'

/** `id` of the JSON block the page reads its initial branding from. */
export const BRANDING_DATA_ELEMENT_ID = 'tenant-branding'

/**
 * Attribute set on `<html>` when the shell carries the tenant's own colours: only then does the
 * pre-script frame (`.boot-frame` in index.html) show its colour bar, so a first visit never
 * paints the default colours of a hospital that has its own.
 */
export const BRANDED_SHELL_ATTRIBUTE = 'data-branded'

interface Attribute {
  name: string
  /** As written in the source (entities not decoded); null for a bare attribute. */
  value: string | null
}

// A start tag whose attribute values may hold `>` inside quotes.
const START_TAG = /<(html|meta|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
const BRANDING_BLOCK = new RegExp(
  String.raw`<script\b[^>]*\bid\s*=\s*["']?${BRANDING_DATA_ELEMENT_ID}["']?[^>]*>[\s\S]*?</script\s*>\s*`,
  'gi',
)
const LOGO_PRELOAD = /<link\b[^>]*\bdata-tenant-logo\b[^>]*>\s*/gi

/** Escapes text for a double-quoted attribute value. */
export function escapeAttribute(value: string): string {
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

function parseAttributes(source: string): Attribute[] {
  return Array.from(source.matchAll(ATTRIBUTE), (match) => ({
    name: match[1] ?? '',
    value: match[2] ?? match[3] ?? match[4] ?? null,
  }))
}

function readAttribute(attributes: Attribute[], name: string): string | null {
  return attributes.find((attribute) => attribute.name.toLowerCase() === name)?.value ?? null
}

/** Sets `name` to an already escaped value, dropping any duplicate of it. */
function writeAttribute(attributes: Attribute[], name: string, escapedValue: string): Attribute[] {
  const others = attributes.filter((attribute) => attribute.name.toLowerCase() !== name)
  const index = attributes.findIndex((attribute) => attribute.name.toLowerCase() === name)
  const updated = { name, value: escapedValue }
  if (index === -1) return [...others, updated]
  return [...others.slice(0, index), updated, ...others.slice(index)]
}

function serializeTag(tagName: string, attributes: Attribute[], isSelfClosing: boolean): string {
  const serialized = attributes.map(({ name, value }) =>
    value === null ? ` ${name}` : ` ${name}="${value.replace(/"/g, '&quot;')}"`,
  )
  return `<${tagName}${serialized.join('')}${isSelfClosing ? ' /' : ''}>`
}

function rewriteTag(
  tagName: string,
  attributeSource: string,
  rewrite: (attributes: Attribute[]) => Attribute[] | null,
): string | null {
  const isSelfClosing = /\/\s*$/.test(attributeSource)
  const rewritten = rewrite(parseAttributes(attributeSource.replace(/\/\s*$/, '')))
  return rewritten ? serializeTag(tagName, rewritten, isSelfClosing) : null
}

function isThemeColorMeta(attributes: Attribute[]): boolean {
  return readAttribute(attributes, 'name')?.trim().toLowerCase() === 'theme-color'
}

function isManifestLink(attributes: Attribute[]): boolean {
  const rel = readAttribute(attributes, 'rel')?.toLowerCase() ?? ''
  return rel.split(/\s+/).includes('manifest')
}

function buildHeadAdditions(branding: Branding, indent: string): string {
  const data: Branding = {
    tenant: branding.tenant,
    nombre: branding.nombre,
    colors: branding.colors,
    logoUrl: branding.logoUrl,
    ...(branding.logoSize ? { logoSize: branding.logoSize } : {}),
  }
  const tags = [
    `<script type="application/json" id="${BRANDING_DATA_ELEMENT_ID}">${serializeScriptJson(data)}</script>`,
  ]
  // Start the logo download before any script runs; same referrer policy as the <img>.
  if (branding.logoUrl && /^https?:\/\//i.test(branding.logoUrl)) {
    tags.push(
      `<link rel="preload" as="image" href="${escapeAttribute(branding.logoUrl)}" referrerpolicy="no-referrer" data-tenant-logo />`,
    )
  }
  return tags.map((tag) => `${tag}\n${indent}`).join('')
}

/**
 * The shell `html` branded for `tenant`: CSS custom properties in `<html style>`, `data-branded`,
 * `data-tenant`,
 * the theme colour, the tenant's own manifest link and a JSON block with the branding.
 * `branding` null (or another tenant's, or invalid) only sets `data-tenant` and the manifest link.
 */
export function injectBrandingIntoShell(
  html: string,
  branding: Branding | null,
  tenant: string,
): string {
  const own =
    branding !== null && isBranding(branding) && branding.tenant === tenant ? branding : null
  const headEnd = html.search(/<\/head\s*>/i)
  // Only the head is rewritten: markup-looking text further down (scripts, body) stays untouched.
  const head = (headEnd === -1 ? html : html.slice(0, headEnd))
    .replace(BRANDING_BLOCK, '')
    .replace(LOGO_PRELOAD, '')
  const rest = headEnd === -1 ? '' : html.slice(headEnd)

  let hasSeenHtmlTag = false
  const brandedHead = head.replace(START_TAG, (tag, name: string, attributeSource: string) => {
    const tagName = name.toLowerCase()
    const rewritten = rewriteTag(name, attributeSource, (attributes) => {
      if (tagName === 'html' && !hasSeenHtmlTag) {
        hasSeenHtmlTag = true
        const withTenant = writeAttribute(attributes, 'data-tenant', escapeAttribute(tenant))
        if (!own) return withTenant
        const withColours = writeAttribute(
          withTenant,
          'style',
          escapeAttribute(toCssDeclarations(own.colors)),
        )
        return writeAttribute(withColours, BRANDED_SHELL_ATTRIBUTE, '')
      }
      if (tagName === 'meta' && own && isThemeColorMeta(attributes)) {
        return writeAttribute(attributes, 'content', escapeAttribute(own.colors.primario))
      }
      if (tagName === 'link' && isManifestLink(attributes)) {
        return writeAttribute(attributes, 'href', escapeAttribute(paths.manifest(tenant)))
      }
      return null
    })
    return rewritten ?? tag
  })

  if (!own || headEnd === -1) return brandedHead + rest
  // Keeps the shell's indentation: the additions sit where `</head>` was, which moves below them.
  const indent = /[ \t]*$/.exec(brandedHead)?.[0] ?? ''
  return brandedHead + buildHeadAdditions(own, indent) + rest
}
