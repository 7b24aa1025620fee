import webpush from 'web-push'
import type { AvisoReclamado, AvisoRepository } from '../repositories/avisos-pendientes.js'
import type { SuscripcionRepository } from '../repositories/suscripciones-push.js'
import { buildAlertPayload } from './alert-payload.js'
import { isAllowedPushEndpoint } from './endpoint-policy.js'
import type { VapidKeys } from './vapid-keys.js'

/** How the sender reaches push services; every field but the keys has a default. */
export interface PushSenderOptions {
  /** `mailto:` or `https:` contact the push services may use (VAPID `sub`). */
  subject: string
  /** Extra push-service origins allowed besides the browsers' own (`PUSH_SERVICE_ORIGINS`). */
  extraOrigins: readonly string[]
  /** How long one post to a push service may take. */
  timeoutMs: number
  /** How often each instance looks for alerts other instances wrote. */
  pollMs: number
  /** Alerts claimed at once. */
  batchSize: number
  /** First retry's delay; each next one doubles, up to `maxBackoffMs`. */
  backoffMs: number
  maxBackoffMs: number
}

export const DEFAULT_PUSH_SENDER_OPTIONS: Omit<PushSenderOptions, 'subject' | 'extraOrigins'> = {
  timeoutMs: 10_000,
  pollMs: 2_000,
  batchSize: 20,
  backoffMs: 2_000,
  maxBackoffMs: 5 * 60_000,
}

export interface PushSenderDeps {
  avisos: AvisoRepository
  suscripciones: Pick<SuscripcionRepository, 'findById' | 'removeById'>
  /** The hospital's name for a notification's title. */
  hospitalName: (tenant: string) => Promise<string>
  vapid: VapidKeys
  now: () => number
  fetch?: typeof fetch
  onError: (error: unknown) => void
}

/** The outcome of one post to a push service. */
type Delivery =
  | { kind: 'done' }
  | { kind: 'gone' }
  | { kind: 'retry'; afterMs: number | undefined }
  | { kind: 'refused'; status: number }

/** `Retry-After` in milliseconds (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs)
}

/**
 * Each instance's push sender: claims due alerts (one instance per alert, see
 * {@link AvisoRepository.claim}), posts each with `web-push`'s signed, encrypted request through
 * its own `fetch` with a timeout, and records the outcome: delivered; the device gone (404/410:
 * its subscription is deleted); retried later on 429/5xx or a network fault, after `Retry-After`
 * or an exponential backoff; given up once the alert's time is over.
 */
export function createPushSender(deps: PushSenderDeps, options: PushSenderOptions) {
  const { avisos, suscripciones, vapid, now, onError } = deps
  const post = deps.fetch ?? fetch
  let running: Promise<void> | undefined
  let again = false
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const iso = (ms: number) => new Date(ms).toISOString()

  async function deliver(aviso: AvisoReclamado): Promise<Delivery | undefined> {
    const suscripcion = await suscripciones.findById(aviso.suscripcion_id)
    if (suscripcion === undefined) return undefined
    if (!isAllowedPushEndpoint(suscripcion.endpoint, options.extraOrigins)) return { kind: 'gone' }
    const ttlSeconds = Math.max(0, Math.floor((Date.parse(aviso.caduca_en) - now()) / 1000))
    const payload = buildAlertPayload(aviso, await deps.hospitalName(aviso.tenant))
    const details = webpush.generateRequestDetails(
      {
        endpoint: suscripcion.endpoint,
        keys: { p256dh: suscripcion.p256dh, auth: suscripcion.auth },
      },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: options.subject, ...vapid },
        TTL: ttlSeconds,
        contentEncoding: 'aes128gcm',
        urgency: aviso.tipo === 'nueva_solicitud' || aviso.tipo === 'mensaje' ? 'high' : 'normal',
      },
    )
    let response: Response
    try {
      response = await post(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: new Uint8Array(details.body),
        // A push service never redirects; following one would post wherever it pointed.
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch {
      return { kind: 'retry', afterMs: undefined }
    }
    await response.body?.cancel()
    if (response.status >= 200 && response.status < 300) return { kind: 'done' }
    if (response.status === 404 || response.status === 410) return { kind: 'gone' }
    if (response.status === 429 || response.status >= 500) {
      return { kind: 'retry', afterMs: parseRetryAfter(response.headers.get('retry-after'), now()) }
    }
    return { kind: 'refused', status: response.status }
  }

  async function settle(aviso: AvisoReclamado) {
    const delivery = await deliver(aviso)
    if (delivery === undefined || delivery.kind === 'done') {
      await avisos.markDone(aviso.id, iso(now()))
    } else if (delivery.kind === 'gone') {
      await suscripciones.removeById(aviso.suscripcion_id)
    } else if (delivery.kind === 'refused') {
      onError(new Error(`Push service refused an alert: ${String(delivery.status)}`))
      await avisos.markDone(aviso.id, iso(now()))
    } else {
      const backoff = Math.min(
        options.maxBackoffMs,
        options.backoffMs * 2 ** Math.max(0, aviso.intentos - 1),
      )
      const next = now() + Math.max(delivery.afterMs ?? 0, backoff)
      // Past its time it would only be dropped by the push service: give it up now.
      if (iso(next) >= aviso.caduca_en) await avisos.markDone(aviso.id, iso(now()))
      else await avisos.retryFrom(aviso.id, iso(next))
    }
  }

  async function drain() {
    for (;;) {
      const claimed = await avisos.claim(
        iso(now()),
        // Longer than a post may take: nobody else retries it while this one is under way.
        iso(now() + options.timeoutMs * 3),
        options.batchSize,
      )
      await Promise.all(
        claimed.map((aviso) =>
          settle(aviso).catch((error: unknown) => {
            onError(error)
          }),
        ),
      )
      if (claimed.length < options.batchSize || stopped) return
    }
  }

  /** True once per call of {@link wake} since the last round began. */
  function takeRequest(): boolean {
    const requested = again && !stopped
    again = false
    return requested
  }

  /** Sends what is due now; a call while sending runs one more round after it. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve()
    again = true
    if (running !== undefined) return running
    running = (async () => {
      while (takeRequest()) {
        await drain().catch((error: unknown) => {
          onError(error)
        })
      }
    })().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    wake,
    start() {
      timer = setInterval(() => void wake(), options.pollMs)
      timer.unref()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

export type PushSender = ReturnType<typeof createPushSender>
