/** `/api/docs`: a readable API reference, drawn from the OpenAPI description within the CSP. */
import { expect, test } from '@playwright/test'

test('the API reference renders in a real browser, without CSP violations or errors', async ({
  page,
}) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { name: /Clínica API/ })).toBeVisible()
  // Every route of the description is listed: sign-in, for one.
  await expect(page.getByText('/api/auth/login').first()).toBeVisible()
  expect(problems).toEqual([])
})
