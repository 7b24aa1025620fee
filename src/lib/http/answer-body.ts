/** Reading an API answer's body: bounded in size and time, JSON only. */
import { InvalidResponseError } from '../api-errors'
import { failureOf, type Exchange } from './exchange'

/** Largest JSON answer the app reads (a hospital listing is a few hundred bytes). */
export const MAX_RESPONSE_BYTES = 1024 * 1024

/**
 * The answer's body as text. Refused as soon as it passes MAX_RESPONSE_BYTES (counted in bytes
 * while it streams: a huge answer is never held in memory); abandoned at the deadline or the
 * caller's abort, even when the body never ends.
 */
export async function readText(response: Response, exchange: Exchange): Promise<string> {
  const declared = Number(response.headers.get('Content-Length') ?? 0)
  if (declared > MAX_RESPONSE_BYTES) throw new InvalidResponseError('Answer too large')
  if (response.body === null) return ''
  const reader = response.body.getReader()
  let stopWaiting: () => void = () => undefined
  const aborted = new Promise<never>((_resolve, reject) => {
    const onAbort = () => {
      reject(failureOf(exchange))
    }
    if (exchange.signal.aborted) {
      onAbort()
      return
    }
    exchange.signal.addEventListener('abort', onAbort, { once: true })
    stopWaiting = () => {
      exchange.signal.removeEventListener('abort', onAbort)
    }
  })
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), aborted])
      if (chunk.done) break
      size += chunk.value.byteLength
      if (size > MAX_RESPONSE_BYTES) throw new InvalidResponseError('Answer too large')
      chunks.push(chunk.value)
    }
  } catch (error) {
    reader.cancel().catch(() => undefined)
    throw error
  } finally {
    stopWaiting()
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** The answer's JSON; an empty body is `null`. */
export function parseJson(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new InvalidResponseError('Answer is not JSON')
  }
}

/** An error answer's body and its `error` code, whatever the body holds. */
export function parseErrorBody(text: string): { code: string | null; body: unknown } {
  try {
    const body = parseJson(text)
    const code = (body as { error?: unknown } | null)?.error
    return { code: typeof code === 'string' ? code : null, body }
  } catch {
    return { code: null, body: null }
  }
}
