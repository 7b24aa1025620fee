/**
 * Administration without dead ends: what is disabled can be enabled again from the screens,
 * disabling asks first, the audit log is readable there a page at a time, the product admin
 * edits an existing hospital, and old messages (an access code) do not outlive their moment.
 */
import { expect, test } from '@playwright/test'
import { axeFindings } from '../../utils/a11y'
import { createAccount, productAdminHeaders, uniqueEmail } from '../../utils/admin-api'
import { signIn } from '../../utils/sign-in'

test.use({ serviceWorkers: 'block' })

test('the product admin re-enables, edits and audits a hospital and its accounts from /main/admin', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const slug = `centro-e2e-${String(Date.now())}`
  const nombre = `Centro de Pruebas ${String(Date.now())}`
  const headers = await productAdminHeaders(request)
  const created = await request.post('/api/admin/hospitales', {
    headers,
    data: { tenant: slug, nombre, color_primario: '#0b5394', color_secundario: '#38761d' },
  })
  expect(created.status()).toBe(201)
  const email = uniqueEmail('paciente', slug)
  const id = await createAccount(request, slug, {
    email,
    nombre: 'Paciente de Pruebas',
    rol: 'cliente',
    password: 'clave-paciente-1',
  })
  // Enough changes for more than one page of the audit log (50 a page).
  for (let index = 0; index < 52; index += 1) {
    const reset = await request.patch(`/api/admin/hospitales/${slug}/cuentas/${String(id)}`, {
      headers,
      data: { restablecer_acceso: true },
    })
    expect(reset.status()).toBe(200)
  }

  await signIn(page, 'main', 'plataforma@main.es', 'demo1234')
  await expect(page).toHaveURL(/\/main\/admin$/)
  const row = page.getByRole('row', { name: new RegExp(nombre) })

  // Disable asks first; the disabled hospital can be re-enabled.
  await row.getByRole('button', { name: `Desactivar ${nombre}` }).click()
  await row.getByRole('button', { name: 'Sí, desactivar' }).click()
  await expect(row).toContainText('Desactivado')
  await row.getByRole('button', { name: `Reactivar ${nombre}` }).click()
  await expect(page.getByText(`Centro reactivado: ${nombre}.`, { exact: false })).toBeVisible()
  await expect(row).toContainText('Activo')

  // Its image is editable from here: the name, for one.
  await row.getByRole('button', { name: /^Gestionar/ }).click()
  const image = page.getByRole('region', { name: 'Imagen del centro' })
  const renamed = `${nombre} (renovado)`
  await image.getByLabel('Nombre del centro').fill(renamed)
  await image.getByRole('button', { name: 'Guardar cambios' }).click()
  await expect(page.getByRole('row', { name: renamed })).toBeVisible()

  // Accounts: an access code goes once the account changes; disabling asks; re-enabling works.
  const accounts = page.getByRole('region', { name: /^Cuentas de/ })
  const accountRow = accounts.getByRole('row', { name: new RegExp(email) })
  await accountRow.getByRole('button', { name: 'Restablecer acceso', exact: false }).click()
  await expect(page.getByLabel('Código de acceso')).toBeVisible()
  await accountRow.getByRole('button', { name: 'Desactivar', exact: false }).click()
  await accountRow.getByRole('button', { name: 'Sí, desactivar' }).click()
  await expect(accountRow).toContainText('Desactivada')
  await expect(page.getByLabel('Código de acceso')).toHaveCount(0)
  await accountRow.getByRole('button', { name: `Reactivar la cuenta ${email}` }).click()
  await expect(accountRow).toContainText('Activa')

  // Forms speak Spanish, not the browser's language.
  await accounts.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect(page.getByText('Escribe el nombre y apellidos de la cuenta.')).toBeVisible()
  await expect(accounts.getByLabel('Nombre y apellidos')).toBeFocused()

  // The audit log, newest first, a page at a time, read again after each change made here:
  // the account just re-enabled is on top.
  const audit = page.getByRole('region', { name: /^Registro de cambios/ })
  const auditRows = audit.getByRole('row')
  await expect(audit.getByRole('row').nth(1)).toContainText('Cuenta reactivada')
  await expect(auditRows).toHaveCount(51)
  await audit.getByRole('button', { name: 'Ver más' }).click()
  await expect.poll(() => auditRows.count()).toBeGreaterThan(51)
  await expect(audit.getByText(/Mostrando \d+ cambios \(todos\)\./)).toBeVisible()
  await expect(audit.getByRole('button', { name: 'Ver más' })).toHaveCount(0)

  expect(await axeFindings(page, '/main/admin')).toEqual([])
})

test('a hospital admin sees its own row without "Desactivar", and the audit log', async ({
  page,
}) => {
  await signIn(page, 'hospital-central', 'admin@hospital-central.es', 'demo1234')
  await expect(page).toHaveURL(/\/hospital-central\/admin$/)
  const own = page.getByRole('row', { name: /admin@hospital-central\.es/ })
  await expect(own.getByRole('button', { name: 'Restablecer acceso', exact: false })).toBeVisible()
  await expect(own.getByRole('button', { name: 'Desactivar', exact: false })).toHaveCount(0)
  const other = page.getByRole('row', { name: /demo@hospital-central\.es/ })
  await expect(other.getByRole('button', { name: 'Desactivar', exact: false })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Registro de cambios de/ })).toBeVisible()
  expect(await axeFindings(page, '/hospital-central/admin')).toEqual([])
})
