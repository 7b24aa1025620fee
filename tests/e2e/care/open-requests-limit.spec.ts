/**
 * A patient keeps only a few requests open at once: past the limit the request screen says why in
 * Spanish and keeps what was typed, and once one of the open requests is cancelled the same request
 * goes as it was typed.
 */
import { randomUUID } from 'node:crypto'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { MAX_SOLICITUDES_ABIERTAS } from '../../../src/contract/care'
import { createAccount, uniqueEmail } from '../../utils/admin-api'
import { DEMO_ACCOUNT } from '../../utils/demo'
import { signIn } from '../../utils/sign-in'
import { acceptCurrentTerms } from '../../utils/terms'

test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } })

const TENANT = DEMO_ACCOUNT.tenant
const PASSWORD = 'clave-paciente-1'

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email, password: PASSWORD, tenant: TENANT },
  })
  expect(login.status()).toBe(200)
  return ((await login.json()) as { token: string }).token
}

test('past the open-request limit the screen says why and keeps what was typed', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('abiertas', TENANT)
  await createAccount(request, TENANT, {
    email,
    nombre: 'Lucía Prat',
    rol: 'cliente',
    password: PASSWORD,
  })
  const token = await tokenOf(request, email)
  await acceptCurrentTerms(request, TENANT, token)
  const headers = { 'X-Authorization': `Bearer ${token}` }
  const open: string[] = []
  for (let index = 0; index < MAX_SOLICITUDES_ABIERTAS; index += 1) {
    const id = randomUUID()
    const created = await request.post('/api/asistencias', {
      headers,
      data: { id, motivo: `Solicitud abierta ${String(index + 1)}` },
    })
    expect(created.status()).toBe(201)
    open.push(id)
  }

  await signIn(page, TENANT, email, PASSWORD)
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  await page.goto(`/${TENANT}/solicitar-asistencia?especialidad=Pediatr%C3%ADa`)
  const motivo = `Tos persistente desde hace una semana (${String(Date.now())})`
  await page.getByLabel('Motivo').fill(motivo)
  await page.getByRole('button', { name: 'Solicitar asistencia' }).click()

  await expect(page.getByRole('alert')).toHaveText(
    `Ya tienes ${String(MAX_SOLICITUDES_ABIERTAS)} solicitudes abiertas. Espera a que termine alguna o cancela una antes de pedir otra.`,
  )
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/solicitar-asistencia`))
  await expect(page.getByLabel('Motivo')).toHaveValue(motivo)
  await expect(page.getByLabel('Especialidad')).toHaveValue('Pediatría')

  // One of the open requests is cancelled elsewhere: the same request now goes, as typed.
  const cancelled = await request.post(`/api/asistencias/${open.shift() ?? ''}/cancelar`, {
    headers,
  })
  expect(cancelled.status()).toBe(200)
  await page.getByRole('button', { name: 'Solicitar asistencia' }).click()
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/atencion-asistencia/[0-9a-f-]{36}$`))
  await expect(page.getByText(motivo)).toBeVisible()
  await expect(page.getByText('Pediatría')).toBeVisible()
  await page.getByRole('button', { name: 'Cancelar solicitud' }).click()
  await page.getByRole('button', { name: 'Sí, cancelar la solicitud' }).click()
  await expect(page).toHaveURL(/\/error-consulta-inactiva\?motivo=cancelada$/)
  for (const id of open) {
    expect((await request.post(`/api/asistencias/${id}/cancelar`, { headers })).status()).toBe(200)
  }
})
