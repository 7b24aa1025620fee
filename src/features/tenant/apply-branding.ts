/** Writes branding into the document: CSS custom properties, theme colour, tenant manifest. */
import { paths } from '../../config/paths'
import {
  BRANDING_CSS_VARIABLES,
  DEFAULT_COLORS,
  type BrandingColors,
} from '../../contract/branding'

/** `colors` null restores the product's defaults (SPEC §4, tenant `main`). */
export function applyBrandingToDocument(
  tenant: string,
  colors: BrandingColors | null,
  doc: Document = document,
): void {
  const root = doc.documentElement
  const applied = colors ?? DEFAULT_COLORS
  for (const [key, variable] of Object.entries(BRANDING_CSS_VARIABLES)) {
    root.style.setProperty(variable, applied[key as keyof BrandingColors])
  }
  root.dataset.tenant = tenant
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', applied.primario)
  // Each hospital installs as its own app (DESIGN.md, "Service worker").
  const manifest = doc.querySelector('link[rel="manifest"]')
  const href = paths.manifest(tenant)
  if (manifest && manifest.getAttribute('href') !== href) manifest.setAttribute('href', href)
}
