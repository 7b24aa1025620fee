/** Administration through the API, for journeys that need an account or hospital of their own. */
import { expect, type APIRequestContext, type Page } from '@playwright/test'

export const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }

export interface NewAccount {
  email: string
  nombre: string
  rol: 'cliente' | 'profesional' | 'admin'
  password: string
}

/** Signs the product's administrator in; the token goes in `X-Authorization`. */
export async function productAdminHeaders(
  request: APIRequestContext,
): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: PRODUCT_ADMIN })
  expect(response.status()).toBe(200)
  const { token } = (await response.json()) as { token: string }
  return { 'x-authorization': `Bearer ${token}` }
}

/** Creates an account of `tenant` with a unique email; answers its id. */
export async function createAccount(
  request: APIRequestContext,
  tenant: string,
  account: NewAccount,
): Promise<number> {
  const response = await request.post(`/api/admin/hospitales/${tenant}/cuentas`, {
    headers: await productAdminHeaders(request),
    data: account,
  })
  expect(response.status()).toBe(201)
  return ((await response.json()) as { id: number }).id
}

/** Disables an account of `tenant`. */
export async function disableAccount(
  request: APIRequestContext,
  tenant: string,
  id: number,
): Promise<void> {
  const response = await request.patch(`/api/admin/hospitales/${tenant}/cuentas/${String(id)}`, {
    headers: await productAdminHeaders(request),
    data: { activo: false },
  })
  expect(response.status()).toBe(200)
}

/** An email no other run has used: the e2e database lives as long as the server. */
export function uniqueEmail(prefix: string, tenant: string): string {
  return `${prefix}-${String(Date.now())}-${String(Math.floor(Math.random() * 1e6))}@${tenant}.es`
}

/**
 * Enrols the device of `page` as a kiosk of `tenant`, as an administrator would from the
 * administration ("Quioscos"): the server issues the credential, the page keeps it. The page must
 * already be on the app's origin.
 */
export async function enrolKiosk(page: Page, tenant: string, nombre = 'Recepción'): Promise<void> {
  const response = await page.request.post(`/api/admin/hospitales/${tenant}/quioscos`, {
    headers: await productAdminHeaders(page.request),
    data: { nombre },
  })
  expect(response.status()).toBe(201)
  const { quiosco, token } = (await response.json()) as {
    quiosco: { id: number; nombre: string }
    token: string
  }
  const credential = JSON.stringify({ tenant, id: quiosco.id, nombre: quiosco.nombre, token })
  await page.evaluate((value) => {
    localStorage.setItem('quiosco', value)
  }, credential)
}
