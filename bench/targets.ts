/**
 * What a person must get from the app, checked by `npm run bench` against each plain PWA it is
 * measured beside: the sign-in usable sooner than theirs on a phone, whether the visit is the
 * first, a repeat or offline, and a screen that never moves. These are the app's performance
 * targets; the build's KB guard (scripts/js-budget.ts) only catches accidents.
 */

/** The sign-in button usable in at most this fraction of a plain PWA's time. */
export const USABLE_SIGN_IN_MAX_RATIO = 0.6
/** The network and CPU profile the ratio is held on (the slow phone). */
export const TARGET_PROFILE = 'phone'
/** Visits the ratio is held on. */
export const TARGET_VISITS = ['cold', 'warm', 'offline'] as const
/** Cumulative layout shift allowed in any visit, on any profile. */
export const MAX_LAYOUT_SHIFT = 0

type Visit = (typeof TARGET_VISITS)[number]

/** What the targets read of one measured visit. */
export interface VisitOutcome {
  signInEnabled: number | null
  layoutShift: number
}

/** Visits per profile and kind, as the bench records them. */
export type Outcomes = Readonly<
  Record<string, Readonly<Record<Visit, readonly VisitOutcome[]>> | undefined>
>

export interface Verdict {
  target: string
  measured: string
  isMet: boolean
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The median time to a usable sign-in; null when a run never got there. */
function usableSignIn(visits: readonly VisitOutcome[]): number | null {
  const times = visits.map((visit) => visit.signInEnabled)
  if (times.some((time) => time === null)) return null
  return median(times.filter((time): time is number => time !== null))
}

/** Each target against each plain PWA (by name), met or not, with what was measured. */
export function verdicts(app: Outcomes, baselines: Readonly<Record<string, Outcomes>>): Verdict[] {
  const ratios = Object.entries(baselines).flatMap(([name, baseline]) =>
    TARGET_VISITS.map((visit): Verdict => {
      const ours = usableSignIn(app[TARGET_PROFILE]?.[visit] ?? [])
      const theirs = usableSignIn(baseline[TARGET_PROFILE]?.[visit] ?? [])
      const ratio = ours === null || theirs === null || theirs <= 0 ? null : ours / theirs
      return {
        target: `usable sign-in, ${TARGET_PROFILE} ${visit}, ≤ ${String(USABLE_SIGN_IN_MAX_RATIO)}× ${name}`,
        measured: ratio === null ? 'not measured (a run never got there)' : `${ratio.toFixed(2)}×`,
        isMet: ratio !== null && ratio <= USABLE_SIGN_IN_MAX_RATIO,
      }
    }),
  )
  const shifts = Object.values(app).flatMap((visits) =>
    Object.values(visits ?? {}).flatMap((outcomes) => outcomes.map((o) => o.layoutShift)),
  )
  const worstShift = Math.max(0, ...shifts)
  return [
    ...ratios,
    {
      target: `layout shift ≤ ${String(MAX_LAYOUT_SHIFT)} in every visit`,
      measured: worstShift.toFixed(3),
      isMet: shifts.length > 0 && worstShift <= MAX_LAYOUT_SHIFT,
    },
  ]
}
