import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { DEMO_TENANTS } from '../utils/demo'

test.use({ serviceWorkers: 'block' })

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const TENANTS = ['main', ...Object.keys(DEMO_TENANTS)]

for (const tenant of TENANTS) {
  test(`axe finds nothing on the sign-in screen of ${tenant}`, async ({ page }) => {
    await page.goto(`/${tenant}/login`)
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible()
    if (tenant !== 'main') await expect(page.getByRole('banner').getByRole('img')).toBeVisible()
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
    expect(results.violations).toEqual([])
  })
}
