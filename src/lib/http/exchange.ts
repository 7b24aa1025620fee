/** One API exchange's abort signal and deadline, and why it ended without an answer. */
import { NetworkError, TimeoutError } from '../api-errors'

export interface Exchange {
  url: URL
  callerSignal: AbortSignal | undefined
  /** Aborts when the caller aborts or the deadline passes. */
  signal: AbortSignal
  isPastDeadline: () => boolean
  /** Stops the deadline's timer once the exchange is over. */
  finish: () => void
}

/**
 * The caller's signal, plus a deadline for the whole exchange, answer body included, so a server
 * that sends headers and then stalls is abandoned too. A plain timer (not `AbortSignal.timeout`)
 * so tests can drive it with fake timers.
 */
export function startExchange(
  url: URL,
  callerSignal: AbortSignal | undefined,
  timeoutMs: number,
): Exchange {
  const deadline = new AbortController()
  const timer = setTimeout(() => {
    deadline.abort(new TimeoutError(`No answer from ${url.pathname}`))
  }, timeoutMs)
  return {
    url,
    callerSignal,
    signal: callerSignal ? AbortSignal.any([callerSignal, deadline.signal]) : deadline.signal,
    isPastDeadline: () => deadline.signal.aborted,
    finish: () => {
      clearTimeout(timer)
    },
  }
}

/** Why an exchange ended without an answer: the caller's abort, the deadline, or the network. */
export function failureOf(exchange: Exchange, cause?: unknown): Error {
  if (exchange.callerSignal?.aborted) {
    const reason: unknown = exchange.callerSignal.reason
    return reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError')
  }
  if (exchange.isPastDeadline()) return new TimeoutError(`No answer from ${exchange.url.pathname}`)
  return new NetworkError(`No answer from ${exchange.url.pathname}`, { cause })
}
