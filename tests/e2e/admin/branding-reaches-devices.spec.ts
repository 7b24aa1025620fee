import { expect, test, type APIRequestContext } from '@playwright/test'
import { brandColors } from '../../utils/page-state'

// The device under test reads verHospitales straight from the API, as a first visit does.
test.use({ serviceWorkers: 'block' })

const PRODUCT_ADMIN = { email: 'plataforma@main.es', password: 'demo1234' }

async function productAdminToken(api: APIRequestContext): Promise<string> {
  const response = await api.post('/api/auth/login', {
    data: { ...PRODUCT_ADMIN, tenant: 'main' },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()) as { token: string }).token
}

test('a hospital’s new colours reach an open device at its next navigation, without a reload', async ({
  page,
  request,
}) => {
  const token = await productAdminToken(request)
  const headers = { 'X-Authorization': `Bearer ${token}` }
  const tenant = `hospital-e2e-colores-${String(Date.now())}`
  const created = await request.post('/api/admin/hospitales', {
    headers,
    data: {
      tenant,
      nombre: 'Hospital de Colores',
      color_primario: '#1b5e20',
      color_secundario: '#0d47a1',
    },
  })
  expect(created.status()).toBe(201)

  // A device left open on the hospital's sign-in screen.
  let pageLoads = 0
  page.on('request', (sent) => {
    if (sent.resourceType() === 'document') pageLoads += 1
  })
  await page.goto(`/${tenant}/login`)
  await expect.poll(() => brandColors(page)).toEqual({ primario: '#1b5e20', secundario: '#0d47a1' })

  // Its admin changes the colours somewhere else.
  const current = await request.get(`/api/admin/hospitales/${tenant}`, { headers })
  const etag = current.headers().etag ?? ''
  const saved = await request.patch(`/api/admin/hospitales/${tenant}`, {
    headers: { ...headers, 'If-Match': etag },
    data: { color_primario: '#6a1b9a', color_secundario: '#bf360c' },
  })
  expect(saved.status()).toBe(200)

  // The device's next navigation, inside the app, shows them.
  await page.getByRole('link', { name: 'Directorio' }).click()
  await expect(page).toHaveURL(new RegExp(`/${tenant}/directorio$`))
  await expect.poll(() => brandColors(page)).toEqual({ primario: '#6a1b9a', secundario: '#bf360c' })
  expect(pageLoads).toBe(1)
})
