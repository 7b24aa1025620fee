/** Reading what the page shows and stores, as a user or an outside check would. */
import type { Page } from '@playwright/test'
import type { HospitalPublico } from '../../src/contract/hospitals'

export async function cssVariable(page: Page, name: string): Promise<string> {
  return page.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  )
}

export async function brandColors(page: Page) {
  return {
    primario: await cssVariable(page, '--color-primario'),
    secundario: await cssVariable(page, '--color-secundario'),
  }
}

export async function localStorageEntries(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => Object.fromEntries(Object.entries(localStorage)))
}

export async function themeColor(page: Page): Promise<string | null> {
  return page.locator('meta[name="theme-color"]').getAttribute('content')
}

/** Normalises a CSS colour the way the app stores it: lower-case `#rrggbb`. */
export function hex(value: string): string {
  return value.toLowerCase()
}

/** The hospital record the reference server answers for `tenant`. */
export async function hospitalRecord(page: Page, tenant: string) {
  const response = await page.request.get(`/api/hospitales?tenant=${encodeURIComponent(tenant)}`)
  const body = (await response.json()) as HospitalPublico[]
  const record = body[0]
  if (!record) throw new Error(`No demo record for ${tenant}`)
  return record
}
