import type { Page } from '@playwright/test'

/**
 * Records every layout shift of the page from its first paint; call before `goto`. The answer
 * reads the shifts seen so far (their scores): empty means CLS 0.
 */
export async function recordShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { __shifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)
}
