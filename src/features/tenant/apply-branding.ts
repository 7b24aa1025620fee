/**
 * Writes branding into the document: the colour tokens, theme colour, the app's name for the
 * browser and the home screen, the tenant's manifest and icons. The one writer of these on the
 * page. It writes only what differs from what the document shows: the shell arrives painted in
 * the hospital's branding (filled with the same contract functions), so a page whose branding
 * did not change writes nothing, and a new branding is written once.
 */
import { paths } from '../../config/paths'
import {
  BRANDING_TOKENS_ELEMENT_ID,
  brandingTokensRule,
  DEFAULT_COLORS,
  type Branding,
} from '../../contract/branding'
import { pageIconUrls } from '../../contract/icons'
import { DEFAULT_APP_NAME } from '../../contract/tenants'

function setAttribute(doc: Document, selector: string, name: string, value: string) {
  const element = doc.querySelector(selector)
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value)
}

/** `branding` null restores the product's defaults (tenant `main`, docs/branding.md). */
export function applyBrandingToDocument(
  tenant: string,
  branding: Pick<Branding, 'colors' | 'nombre'> | null,
  doc: Document = document,
): void {
  const root = doc.documentElement
  const applied = branding?.colors ?? DEFAULT_COLORS
  const rule = brandingTokensRule(applied)
  let tokens = doc.getElementById(BRANDING_TOKENS_ELEMENT_ID)
  if (!tokens) {
    tokens = doc.createElement('style')
    tokens.id = BRANDING_TOKENS_ELEMENT_ID
    doc.head.append(tokens)
  }
  if (tokens.textContent !== rule) tokens.textContent = rule
  if (root.dataset.tenant !== tenant) root.dataset.tenant = tenant
  const name = branding?.nombre ?? DEFAULT_APP_NAME
  setAttribute(doc, 'meta[name="theme-color"]', 'content', applied.primario)
  setAttribute(doc, 'meta[name="application-name"]', 'content', name)
  setAttribute(doc, 'meta[name="apple-mobile-web-app-title"]', 'content', name)
  // Each hospital installs as its own app (docs/branding.md), with its own icons.
  setAttribute(doc, 'link[rel="manifest"]', 'href', paths.manifest(tenant))
  const icons = pageIconUrls(branding ? tenant : null)
  setAttribute(doc, 'link[rel="icon"]', 'href', icons.favicon)
  setAttribute(doc, 'link[rel="apple-touch-icon"]', 'href', icons.appleTouchIcon)
}
