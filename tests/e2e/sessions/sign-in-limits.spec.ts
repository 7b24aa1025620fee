/**
 * The per-account sign-in limit counts failures only: staff who sign in and out all day are
 * never refused, while wrong passwords soon have to wait (the figures: SECURITY.md).
 */
import { expect, test, type Page } from '@playwright/test'
import { createAccount, uniqueEmail } from '../../utils/admin-api'

test.use({ serviceWorkers: 'block' })

const TENANT = 'hospital-central'

async function submit(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

test('twelve correct sign-ins in a row all succeed; wrong passwords soon have to wait', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const account = {
    email: uniqueEmail('turnos', TENANT),
    nombre: 'Enfermera de Turnos',
    rol: 'profesional' as const,
    password: 'clave-turnos-1',
  }
  await createAccount(request, TENANT, account)

  for (let attempt = 1; attempt <= 12; attempt += 1) {
    await page.goto(`/${TENANT}/login`)
    await submit(page, account.email, account.password)
    await expect(page, `sign-in ${String(attempt)}`).toHaveURL(/\/hospital-central\/profesional$/)
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible()
  }

  // Wrong passwords: the first five are answered at once, then each must wait longer (1 s,
  // 2 s, 4 s…), so a person typing on soon meets the wait, and the form says how long.
  await page.goto(`/${TENANT}/login`)
  const alert = page.getByRole('alert')
  const answers: string[] = []
  for (let attempt = 1; attempt <= 9; attempt += 1) {
    await submit(page, account.email, `adivina-${String(attempt)}`)
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeEnabled()
    await expect(alert).not.toHaveText('')
    answers.push((await alert.textContent()) ?? '')
    if (answers.at(-1)?.startsWith('Demasiados')) break
  }
  expect(answers.slice(0, 5)).toEqual(
    Array.from({ length: 5 }, () => 'Correo o contraseña incorrectos.'),
  )
  expect(answers.at(-1)).toMatch(
    /^Demasiados intentos de inicio de sesión\. Inténtalo de nuevo dentro de \d+ segundos?\.$/,
  )
})
