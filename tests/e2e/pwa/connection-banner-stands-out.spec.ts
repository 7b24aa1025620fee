/**
 * The connection banner sits between the hospital's header and the page: on every hospital's
 * colours it must read as a notice of its own, not as part of a pale header or of the page.
 */
import { expect, test } from '@playwright/test'
import { contrastRatio, parseColor } from '../../../src/contract/colors'
import { ALL_TENANTS, waitForBranding } from '../../utils/a11y'

function contrast(first: string, second: string): number {
  const a = parseColor(first)
  const b = parseColor(second)
  if (!a || !b) throw new Error(`Unreadable colour: ${first} / ${second}`)
  return Math.round(contrastRatio(a, b) * 100) / 100
}

for (const tenant of ALL_TENANTS) {
  test(`${tenant}: offline, the banner stands apart from the header and the page`, async ({
    page,
    context,
  }) => {
    await page.goto(`/${tenant}/login`)
    await waitForBranding(page, tenant)
    await context.setOffline(true)
    const banner = page.locator('.connection-status')
    await expect(banner).toContainText('Sin conexión')

    const colours = await page.evaluate(() => {
      const style = (selector: string) => {
        const element = document.querySelector(selector)
        if (!element) throw new Error(`${selector} missing`)
        return getComputedStyle(element)
      }
      const notice = style('.connection-status')
      return {
        header: style('.app-header').backgroundColor,
        page: style('body').backgroundColor,
        background: notice.backgroundColor,
        text: notice.color,
        edge: notice.borderTopColor,
        edgeWidth: parseFloat(notice.borderTopWidth),
      }
    })

    // Its text reads on it (AA), and it is 4.5:1 from the page it sits on.
    expect(contrast(colours.text, colours.background)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(colours.background, colours.page)).toBeGreaterThanOrEqual(4.5)
    // Its edge is at least 3:1 from the header (WCAG 1.4.11), 3 CSS px wide.
    expect(contrast(colours.edge, colours.header)).toBeGreaterThanOrEqual(3)
    expect(colours.edgeWidth).toBeGreaterThanOrEqual(3)
  })
}
