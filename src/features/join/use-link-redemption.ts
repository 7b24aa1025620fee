import { useEffect, useState } from 'react'

export type Redemption<T> =
  { status: 'pending' } | { status: 'done'; value: T } | { status: 'failed'; error: unknown }

// One attempt per code for the page's life: a code is single-use, so a second render, a remount
// or React's development double effects must reuse the first attempt, never spend it again.
const attempts = new Map<string, Promise<unknown>>()

/** Spends a link's code once (`redeem`) and follows the outcome. */
export function useLinkRedemption<T>(key: string | null, redeem: () => Promise<T>): Redemption<T> {
  const [state, setState] = useState<{ key: string | null; redemption: Redemption<T> }>({
    key,
    redemption: { status: 'pending' },
  })
  useEffect(() => {
    if (key === null) return
    let attempt = attempts.get(key) as Promise<T> | undefined
    if (!attempt) {
      attempt = redeem()
      attempts.set(key, attempt)
    }
    let isCurrent = true
    attempt.then(
      (value) => {
        if (isCurrent) setState({ key, redemption: { status: 'done', value } })
      },
      (error: unknown) => {
        if (isCurrent) setState({ key, redemption: { status: 'failed', error } })
      },
    )
    return () => {
      isCurrent = false
    }
    // `redeem` is a fresh closure each render; the key alone names the attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])
  return state.key === key ? state.redemption : { status: 'pending' }
}
