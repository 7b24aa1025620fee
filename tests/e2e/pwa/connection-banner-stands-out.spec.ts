/**
 * The connection banner lies over the bottom of the window, over the page, the footer or any
 * control scrolled under it: on every hospital's colours it must read as a notice of its own,
 * its outline visible whatever lies beneath.
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
  test(`${tenant}: offline, the banner stands apart from the page and the footer it lies over`, async ({
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
        footer: style('.app-footer').backgroundColor,
        page: style('body').backgroundColor,
        background: notice.backgroundColor,
        text: notice.color,
        edge: notice.borderTopColor,
        edgeWidth: parseFloat(notice.borderTopWidth),
      }
    })

    // Its text reads on it (AA), and it is 4.5:1 from the page and 3:1 from the footer.
    expect(contrast(colours.text, colours.background)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(colours.background, colours.page)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(colours.background, colours.footer)).toBeGreaterThanOrEqual(3)
    // Its top edge is a band 3:1 (or more) from its background, 3 CSS px wide: over a control of
    // any colour, the banner's outline still shows (WCAG 1.4.11).
    expect(contrast(colours.edge, colours.background)).toBeGreaterThanOrEqual(3)
    expect(colours.edgeWidth).toBeGreaterThanOrEqual(3)
  })
}
