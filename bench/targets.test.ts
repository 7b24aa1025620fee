import { describe, expect, it } from 'vitest'
import { verdicts, type Outcomes, type VisitOutcome } from './targets'

const visits = (...times: (number | null)[]): VisitOutcome[] =>
  times.map((signInEnabled) => ({ signInEnabled, layoutShift: 0 }))

const phone = (cold: VisitOutcome[], warm: VisitOutcome[], offline: VisitOutcome[]): Outcomes => ({
  phone: { cold, warm, offline },
})

const PLAIN = phone(visits(1000, 1100, 900), visits(500, 520, 480), visits(400, 400, 400))

describe('verdicts', () => {
  it('meets every target when the sign-in is usable in at most 0.6 of the time, and nothing moves', () => {
    const app = phone(visits(600, 500, 550), visits(300, 250, 280), visits(240, 200, 230))
    expect(verdicts(app, { plain: PLAIN })).toEqual([
      { target: 'usable sign-in, phone cold, ≤ 0.6× plain', measured: '0.55×', isMet: true },
      { target: 'usable sign-in, phone warm, ≤ 0.6× plain', measured: '0.56×', isMet: true },
      { target: 'usable sign-in, phone offline, ≤ 0.6× plain', measured: '0.57×', isMet: true },
      { target: 'layout shift ≤ 0 in every visit', measured: '0.000', isMet: true },
    ])
  })

  it('misses a visit whose median is over the ratio, against each plain PWA on its own', () => {
    const app = phone(visits(600, 500, 550), visits(400, 380, 420), visits(240, 200, 230))
    const faster = phone(visits(800, 800, 800), visits(500, 500, 500), visits(400, 400, 400))
    const missed = verdicts(app, { plain: PLAIN, faster }).filter((verdict) => !verdict.isMet)
    expect(missed).toEqual([
      { target: 'usable sign-in, phone warm, ≤ 0.6× plain', measured: '0.80×', isMet: false },
      { target: 'usable sign-in, phone cold, ≤ 0.6× faster', measured: '0.69×', isMet: false },
      { target: 'usable sign-in, phone warm, ≤ 0.6× faster', measured: '0.80×', isMet: false },
    ])
  })

  it('misses a visit in which a run never got a usable sign-in', () => {
    const app = phone(visits(600, null, 550), visits(300), visits(240))
    expect(verdicts(app, { plain: PLAIN })[0]).toEqual({
      target: 'usable sign-in, phone cold, ≤ 0.6× plain',
      measured: 'not measured (a run never got there)',
      isMet: false,
    })
  })

  it('misses the layout target when any visit of any profile moved', () => {
    const app: Outcomes = {
      ...phone(visits(600), visits(300), visits(240)),
      unthrottled: {
        cold: [{ signInEnabled: 100, layoutShift: 0.002 }],
        warm: visits(50),
        offline: visits(50),
      },
    }
    expect(verdicts(app, { plain: PLAIN }).at(-1)).toEqual({
      target: 'layout shift ≤ 0 in every visit',
      measured: '0.002',
      isMet: false,
    })
  })
})
