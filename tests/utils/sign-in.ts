/** Signing in and out through the screens, as a person does (the journeys' common steps). */
import { expect, type Page } from '@playwright/test'

/** Fills `tenant`'s sign-in form and presses "Entrar"; where it leads is the caller's to check. */
export async function signIn(page: Page, tenant: string, email: string, password: string) {
  await page.goto(`/${tenant}/login`)
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

/** Presses "Cerrar sesión" and waits for the signed-out screen. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click()
  await expect(page.getByRole('link', { name: 'Iniciar sesión' }).first()).toBeVisible()
}
