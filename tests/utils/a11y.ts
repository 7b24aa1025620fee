/** Accessibility checks the browser journeys share: axe, screens, sessions, focus rings, language. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, request, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import { SCREEN_TITLES } from '../../src/app/routes/screen-titles'
import { RESERVED_SEGMENTS } from '../../src/contract/tenants'
import { DEFAULT_COLORS } from '../../src/contract/branding'
import { contrastRatio, parseColor } from '../../src/contract/colors'
import { DEMO_ACCOUNT, DEMO_TENANTS } from './demo'
import { brandColors, hex, hospitalRecord } from './page-state'

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules axe runs. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Every tenant the reference server seeds, the product's own `main` first. */
export const ALL_TENANTS = ['main', ...Object.keys(DEMO_TENANTS)]

export interface Screen {
  /** The child path inside the tenant. */
  path: string
  /** Its `<h1>`. */
  title: string
}

/** Every reserved screen, then the not-found screen of an unknown child. */
export const ALL_SCREENS: readonly Screen[] = [
  ...RESERVED_SEGMENTS.map((path) => ({ path, title: SCREEN_TITLES[path] })),
  { path: 'esta-pagina-no-existe', title: 'Página no encontrada' },
]

// The axe-core engine of @axe-core/playwright, resolved from that package (its own dependency).
const requireFromHere = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(
  createRequire(requireFromHere.resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
)

interface AxeEngine {
  run: (context: Document, options: RunOptions) => Promise<AxeResults>
}

/**
 * axe's violations on the page, and what it could not decide ("needs review", e.g. text over an
 * image whose contrast it cannot measure), as one readable line per rule (empty when clean).
 * The engine is injected once per document and run again after each client-side navigation:
 * `AxeBuilder.analyze()` injects it on every call, which made a walk through 41 screens per
 * tenant five times slower. Same engine, same rules (the WCAG 2.2 AA tags).
 */
export async function axeFindings(page: Page, where: string): Promise<string[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window)
  if (!hasAxe) await page.evaluate(AXE_SOURCE)
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_22_AA },
    // WCAG 2.5.3 (label in name, level A): axe files its rule as experimental and skips it
    // unless asked; a control whose accessible name lacks its visible words defeats voice control.
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations', 'incomplete'],
  }
  const results = await page.evaluate<AxeResults, RunOptions>(
    (runOptions) => (window as unknown as { axe: AxeEngine }).axe.run(document, runOptions),
    options,
  )
  const describe = (kind: string) => (result: AxeResults['violations'][number]) => {
    const targets = result.nodes.map((node) => node.target.join(' ')).join(', ')
    // The first node's reason names the measured values (contrast ratio, colours, sizes).
    const reason = result.nodes[0]?.failureSummary?.split('\n')[1]?.trim() ?? result.help
    return `${where}: ${kind} ${result.id} on ${targets}: ${reason}`
  }
  return [
    ...results.violations.map(describe('violation')),
    ...results.incomplete.map(describe('needs review')),
  ]
}

/** Waits until the tenant's colours (and logo, for a hospital) are on screen. */
export async function waitForBranding(page: Page, tenant: string): Promise<void> {
  if (tenant === 'main') {
    await expect
      .poll(() => brandColors(page))
      .toEqual({ primario: DEFAULT_COLORS.primario, secundario: DEFAULT_COLORS.secundario })
    return
  }
  const record = await hospitalRecord(page, tenant)
  await expect
    .poll(() => brandColors(page))
    .toEqual({ primario: hex(record.color_primario), secundario: hex(record.color_secundario) })
  await expect
    .poll(() =>
      page
        .getByRole('banner')
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0)
}

/**
 * A client-side navigation, as Back and Forward make: the router handles `popstate` without
 * loading the page again, so one page can visit every screen quickly.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, '', target)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
    // A token `useToken` stored meanwhile: the other tab's event arrives during this navigation.
    const flags = window as unknown as { tokenChangedElsewhere?: boolean }
    if (flags.tokenChangedElsewhere) {
      flags.tokenChangedElsewhere = false
      dispatchEvent(new StorageEvent('storage', { key: 'token' }))
    }
  }, path)
}

/** Waits for a screen's heading and for the session to be known (no "Comprobando sesión…"). */
export async function waitForScreen(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByText('Comprobando sesión…')).toHaveCount(0)
}

export type DemoRol = 'cliente' | 'profesional' | 'admin'

const DEMO_EMAILS: Record<DemoRol, string> = {
  cliente: DEMO_ACCOUNT.email,
  profesional: 'profesional@hospital-central.es',
  admin: 'admin@hospital-central.es',
}

export const DEMO_NAMES: Record<DemoRol, string> = {
  cliente: DEMO_ACCOUNT.nombre,
  profesional: 'Javier Ortega',
  admin: 'Carmen Ruiz',
}

/**
 * Signs the demo accounts in through the API, once each (the server limits sign-ins per account).
 * The demo accounts belong to hospital-central; the layout shows whoever the token names, so the
 * same tokens show the signed-in layout in every tenant's colours.
 */
export async function demoTokens(baseURL: string): Promise<Record<DemoRol, string>> {
  const api = await request.newContext({ baseURL })
  try {
    const entries = await Promise.all(
      (Object.keys(DEMO_EMAILS) as DemoRol[]).map(async (rol) => {
        const response = await api.post('/api/auth/login', {
          data: {
            email: DEMO_EMAILS[rol],
            password: DEMO_ACCOUNT.password,
            tenant: DEMO_ACCOUNT.tenant,
          },
        })
        expect(response.status(), `sign-in of ${rol}`).toBe(200)
        const body = (await response.json()) as { token: string }
        return [rol, body.token] as const
      }),
    )
    return Object.fromEntries(entries) as Record<DemoRol, string>
  } finally {
    await api.dispose()
  }
}

/**
 * Stores a session token as a sign-in in another tab would. The page hears of it, as it would
 * hear of that tab's `storage` event, with the next `navigateInApp`: the router then reads the
 * session again on that navigation, which shows the signed-in layout. Null: signed out there.
 */
export async function useToken(page: Page, token: string | null): Promise<void> {
  await page.evaluate((value) => {
    if (value === null) localStorage.removeItem('token')
    else localStorage.setItem('token', value)
    ;(window as unknown as { tokenChangedElsewhere?: boolean }).tokenChangedElsewhere = true
  }, token)
}

// English words an interface commonly shows. Matched as whole words (letters around them, accented
// ones included, make another word), case-insensitive. "Error" is Spanish too, so it only counts
// as a bare label (a line or attribute that is just "Error").
const ENGLISH_UI_WORDS = [
  'Loading',
  'Submit',
  'Sign in',
  'Sign up',
  'Sign out',
  'Log in',
  'Log out',
  'Login',
  'Logout',
  'Back',
  'Go back',
  'Home',
  'Page not found',
  'Not found',
  'Something went wrong',
  'An error occurred',
  'Retry',
  'Try again',
  'Update',
  'Reload',
  'Refresh',
  'Later',
  'New version',
  'Offline',
  'Online',
  'Connection',
  'Close',
  'Cancel',
  'Continue',
  'Menu',
  'Skip',
  'Skip to content',
  'Password',
  'Email',
  'E-mail address',
  'Username',
  'Search',
  'Settings',
  'Welcome',
  'Dashboard',
  'Profile',
  'Help',
  'Terms',
  'Privacy',
  'Payments',
  'Directory',
  'Next',
  'Previous',
  'Save',
  'Delete',
  'Edit',
  'Thank you',
  'Unavailable',
  'Image',
]

const ENGLISH_PATTERNS = ENGLISH_UI_WORDS.map(
  (word) =>
    [
      word,
      new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'iu'),
    ] as const,
)

/**
 * Every text a person or an assistive technology meets on the page: rendered text (visually
 * hidden text included), the document title, and the texts of attributes.
 */
async function collectInterfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = [document.title, ...document.body.innerText.split('\n')]
    const attributes = ['title', 'alt', 'aria-label', 'aria-description', 'placeholder']
    for (const element of document.querySelectorAll('*')) {
      for (const name of attributes) {
        const value = element.getAttribute(name)
        if (value) texts.push(value)
      }
    }
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'input[type="submit"], input[type="button"], input[type="reset"], button[value]',
    )) {
      texts.push(input.value)
    }
    return texts.map((text) => text.trim()).filter(Boolean)
  })
}

/** English interface words on the page, and a wrong `lang`, as one readable line each. */
export async function englishFindings(page: Page, where: string): Promise<string[]> {
  const findings: string[] = []
  for (const text of await collectInterfaceTexts(page)) {
    for (const [word, pattern] of ENGLISH_PATTERNS) {
      if (pattern.test(text)) findings.push(`${where}: "${word}" in "${text}"`)
    }
    if (/^error\W*$/i.test(text)) findings.push(`${where}: "Error" as a label`)
  }
  const langs = await page.evaluate(() => ({
    root: document.documentElement.lang,
    others: [...document.querySelectorAll('body [lang]')].map((element) =>
      element.getAttribute('lang'),
    ),
  }))
  if (langs.root !== 'es') findings.push(`${where}: <html lang="${langs.root}">`)
  for (const lang of langs.others) {
    if (!lang?.startsWith('es')) findings.push(`${where}: an element with lang="${lang ?? ''}"`)
  }
  return findings
}

export interface FocusRing {
  /** What has focus, for messages: its tag and text. */
  element: string
  region: 'header' | 'main' | 'footer' | 'page'
  isFocusVisible: boolean
  outlineStyle: string
  outlineWidth: number
  /** The ring's colour. */
  ring: string
  /** The colour just inside the ring (between it and the element). */
  inside: string
  /** The colour just outside the ring. */
  outside: string
}

/**
 * The focus indicator of the focused element as drawn: its outline, and the colours on either
 * side of it, taking a `box-shadow` band into account, and otherwise the surface behind the
 * element (found by hit-testing just outside the ring, so a floating element is judged against
 * what is really under it).
 */
export async function measureFocusRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(() => {
    const element = document.activeElement
    if (!(element instanceof HTMLElement) || element === document.body) return null
    const style = getComputedStyle(element)
    const offset = parseFloat(style.outlineOffset) || 0
    const width = parseFloat(style.outlineWidth) || 0

    const isOpaque = (color: string) =>
      color !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(color) && color !== ''
    const backgroundBehind = (x: number, y: number): string => {
      for (const candidate of document.elementsFromPoint(x, y)) {
        if (candidate === element || element.contains(candidate)) continue
        for (let node: Element | null = candidate; node; node = node.parentElement) {
          const color = getComputedStyle(node).backgroundColor
          if (isOpaque(color)) return color
        }
      }
      return 'rgb(255, 255, 255)'
    }

    // The widest outer shadow: Chromium serialises each as "rgb(…) 0px 0px blur spread".
    let shadow: { color: string; spread: number } | null = null
    for (const match of style.boxShadow.matchAll(
      /(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px\s+(-?[\d.]+)px(\s+inset)?/g,
    )) {
      const [, color = '', , , , spread = '0', inset] = match
      if (!inset && isOpaque(color) && (!shadow || Number(spread) > shadow.spread)) {
        shadow = { color, spread: Number(spread) }
      }
    }

    const box = element.getBoundingClientRect()
    const reach = offset + width + 1
    const x = box.left - reach >= 0 ? box.left - reach : box.right + reach
    const behind = backgroundBehind(x, box.top + box.height / 2)
    const region = element.closest('header')
      ? 'header'
      : element.closest('footer')
        ? 'footer'
        : element.closest('main')
          ? 'main'
          : 'page'
    const label =
      element.getAttribute('aria-label') ??
      element.getAttribute('name') ??
      element.textContent.trim()
    return {
      element: `${element.tagName.toLowerCase()} "${label}"`,
      region,
      isFocusVisible: element.matches(':focus-visible'),
      outlineStyle: style.outlineStyle,
      outlineWidth: width,
      ring: style.outlineColor,
      inside: shadow && shadow.spread >= offset ? shadow.color : behind,
      outside: shadow && shadow.spread > offset + width ? shadow.color : behind,
    } satisfies FocusRing
  })
}

function contrastBetween(first: string, second: string): number {
  const a = parseColor(first)
  const b = parseColor(second)
  if (!a || !b) throw new Error(`Unreadable colour: ${first} / ${second}`)
  return contrastRatio(a, b)
}

/** What is wrong with a focus ring (empty when it is visible enough: 2px+, 3:1 on both sides). */
export function focusRingProblems(ring: FocusRing, where: string): string[] {
  const problems: string[] = []
  const name = `${where}, ${ring.region} ${ring.element}`
  if (!ring.isFocusVisible) problems.push(`${name}: does not match :focus-visible`)
  if (ring.outlineStyle === 'none' || ring.outlineWidth < 2) {
    problems.push(`${name}: no ring (${ring.outlineStyle} ${ring.outlineWidth}px)`)
    return problems
  }
  for (const [side, color] of [
    ['outside', ring.outside],
    ['inside', ring.inside],
  ] as const) {
    const ratio = contrastBetween(ring.ring, color)
    if (ratio < 3) {
      problems.push(`${name}: ring ${ring.ring} on ${color} (${side}) is ${ratio.toFixed(2)}:1`)
    }
  }
  return problems
}

/**
 * Presses Tab from where focus is until it comes back round to a stop already seen, measuring
 * the ring of every stop. Returns the stops in the order they were reached.
 */
export async function tabThroughPage(page: Page, maxStops = 40): Promise<FocusRing[]> {
  const stops: FocusRing[] = []
  const seen = new Set<string>()
  for (let index = 0; index < maxStops; index += 1) {
    await page.keyboard.press('Tab')
    const key = await page.evaluate(() => {
      const element = document.activeElement
      if (!element || element === document.body) return 'body'
      const path: number[] = []
      for (let node: Element = element; node.parentElement; node = node.parentElement) {
        path.unshift([...node.parentElement.children].indexOf(node))
      }
      return path.join('.')
    })
    // Past the last stop, focus leaves the document for a moment, then starts again at the top.
    if (key === 'body') continue
    if (seen.has(key)) return stops
    seen.add(key)
    const ring = await measureFocusRing(page)
    if (ring) stops.push(ring)
  }
  return stops
}
