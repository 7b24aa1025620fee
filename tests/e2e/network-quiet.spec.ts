/**
 * No request of the app stays open once answered: the connection probe reads every
 * `/api/health` answer to its end (an unread body holds one of the browser's few connections
 * to the host until garbage collection), and the page reaches network quiet after loading.
 */
import { expect, test } from '@playwright/test'

test.use({ serviceWorkers: 'block' })

test('every health probe answer is read, and the page goes quiet after loading', async ({
  page,
}) => {
  // Keeps every answer the page's own code receives for /api/health, to see if it was read.
  await page.addInitScript(() => {
    const answers: Response[] = []
    Object.assign(window, { __healthAnswers: answers })
    const originalFetch = window.fetch.bind(window)
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await originalFetch(...args)
      if (response.url.endsWith('/api/health')) answers.push(response)
      return response
    }
  })

  await page.goto('/hospital-central/login')
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible()
  await page.waitForLoadState('networkidle')

  const answers = () =>
    page.evaluate(() =>
      (window as unknown as { __healthAnswers: Response[] }).__healthAnswers.map(
        (response) => response.bodyUsed,
      ),
    )
  // The monitor probes once on start.
  await expect.poll(async () => (await answers()).length).toBeGreaterThan(0)
  await expect.poll(answers).not.toContain(false)
})
