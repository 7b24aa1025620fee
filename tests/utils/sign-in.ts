/** Signing in and out through the screens, as a person does (the journeys' common steps). */
import { expect, type Browser, type Page } from '@playwright/test'

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

/**
 * A device of its own (a new context at `viewport`, touch on a phone's width) signed in to
 * `tenant` as `email`; a console error on its page fails the test. Close `page.context()` after.
 */
export async function signedInDevice(
  browser: Browser,
  tenant: string,
  email: string,
  password: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport, hasTouch: viewport.width <= 600 })
  const page = await context.newPage()
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      throw new Error(`Console error in ${email}'s page: ${message.text()}`)
    }
  })
  await signIn(page, tenant, email, password)
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible()
  return page
}
