/**
 * The administration screens pass axe and speak Spanish in every demo hospital's colours: the
 * colour pickers, preview, contrast table, logo upload and accounts, for each hospital's own
 * administrator; the hospitals list for the product's.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  axeFindings,
  englishFindings,
  navigateInApp,
  useToken,
  waitForBranding,
} from '../../utils/a11y'
import { DEMO_TENANTS } from '../../utils/demo'

test.use({ serviceWorkers: 'block' })

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234', tenant: 'main' }
const PASSWORD = 'clave-accesible-1'

async function signInToken(
  api: APIRequestContext,
  account: { email: string; password: string; tenant: string },
): Promise<string> {
  const response = await api.post('/api/auth/login', { data: account })
  expect(response.status(), `sign-in of ${account.email}`).toBe(200)
  return ((await response.json()) as { token: string }).token
}

/** A fresh administrator of `tenant`, created by the product admin through the API. */
async function hospitalAdminToken(api: APIRequestContext, tenant: string): Promise<string> {
  const productAdmin = await signInToken(api, PRODUCT_ADMIN)
  const email = `accesible-${String(Date.now())}@${tenant}.es`
  const created = await api.post(`/api/admin/hospitales/${tenant}/cuentas`, {
    headers: { 'X-Authorization': `Bearer ${productAdmin}` },
    data: { email, nombre: 'Administración Accesible', rol: 'admin', password: PASSWORD },
  })
  expect(created.status()).toBe(201)
  return signInToken(api, { email, password: PASSWORD, tenant })
}

async function audit(page: Page, where: string): Promise<string[]> {
  return [...(await axeFindings(page, where)), ...(await englishFindings(page, where))]
}

for (const tenant of Object.keys(DEMO_TENANTS)) {
  test(`${tenant}: Imagen del centro and Cuentas for its administrator`, async ({
    page,
    request,
  }) => {
    const token = await hospitalAdminToken(request, tenant)
    await page.goto(`/${tenant}/login`)
    await waitForBranding(page, tenant)
    await useToken(page, token)
    await navigateInApp(page, `/${tenant}/admin`)
    await expect(page.getByRole('heading', { name: 'Imagen del centro' })).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Cuentas de / })).toBeVisible()
    await expect(page.getByRole('table').first()).toBeVisible()
    await expect(page.getByText(/^Cargando/)).toHaveCount(0)
    expect(await audit(page, `${tenant}/admin`)).toEqual([])
  })
}

test('main: Centros for the product’s administrator', async ({ page, request }) => {
  const token = await signInToken(request, PRODUCT_ADMIN)
  await page.goto('/main/login')
  await useToken(page, token)
  await navigateInApp(page, '/main/admin')
  await expect(page.getByRole('heading', { name: 'Centros', level: 2 })).toBeVisible()
  await expect(page.getByRole('row', { name: /Hospital Central/ })).toBeVisible()
  expect(await audit(page, 'main/admin')).toEqual([])
})
