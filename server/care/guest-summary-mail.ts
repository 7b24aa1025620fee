/**
 * A guest of immediate care who left an email keeps the summary of their consultation: it is
 * mailed when the consultation ends. The consultation ends whatever the mail server does; a send
 * that fails is tried again after each of `retryDelaysMs`, and one that still fails is logged
 * (never the address or the text). Each message counts under the per-address email limit.
 */
import type { FastifyBaseLogger } from 'fastify'
import { parseContacto } from '../../src/contract/immediate-care.js'
import type { EmailAddressLimit } from '../auth/join-rate-limits.js'
import type { Mailer } from '../mail/mailer.js'
import { summaryMessage } from '../mail/messages.js'
import type { AsistenciaView } from '../repositories/asistencias.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import { formatDateTime, usableTimeZone } from './hospital-day.js'

/** Waits before the second and third attempts: a mail server restarting is usually back by then. */
export const SUMMARY_RETRY_DELAYS_MS: readonly number[] = [30_000, 5 * 60_000]

export interface GuestSummaryMailDeps {
  mailer: Pick<Mailer, 'isAvailable' | 'deliver'>
  hospitals: Pick<HospitalRepository, 'findByTenant' | 'findTimeZone'>
  addressLimit: Pick<EmailAddressLimit, 'take'>
  log: FastifyBaseLogger
  retryDelaysMs?: readonly number[]
}

/** The address a guest's finished consultation is mailed to, or null (no email, not a guest's). */
export function summaryAddressOf(
  view: Pick<AsistenciaView, 'origen' | 'contacto' | 'resumen'>,
): string | null {
  if (view.origen !== 'inmediata' || view.contacto === null || view.resumen === null) return null
  const contacto = parseContacto(view.contacto)
  return contacto?.tipo === 'correo' ? contacto.valor : null
}

export function createGuestSummaryMail(deps: GuestSummaryMailDeps) {
  const { mailer, hospitals, addressLimit, log } = deps
  const delays = deps.retryDelaysMs ?? SUMMARY_RETRY_DELAYS_MS
  const timers = new Set<NodeJS.Timeout>()
  let isStopped = false

  async function send(view: AsistenciaView, to: string): Promise<void> {
    if (!mailer.isAvailable) {
      log.warn({ asistencia: view.id }, 'summary email not sent: no mail server configured')
      return
    }
    if (!(await addressLimit.take(to))) {
      log.warn({ asistencia: view.id }, 'summary email not sent: the address limit is reached')
      return
    }
    const hospital = await hospitals.findByTenant(view.tenant)
    const zone = usableTimeZone(await hospitals.findTimeZone(view.tenant))
    const message = summaryMessage(
      {
        to,
        nombre: view.paciente_nombre,
        hospital: { tenant: view.tenant, nombre: hospital?.nombre ?? view.tenant },
      },
      {
        profesional: view.profesional_nombre ?? 'un profesional',
        fecha: formatDateTime(view.cerrada_en ?? view.creada_en, zone),
        resumen: view.resumen ?? '',
      },
    )
    const attempt = (index: number) => {
      mailer.deliver(message).then(
        () => {
          log.info({ asistencia: view.id, attempt: index + 1 }, 'summary email sent')
        },
        (error: unknown) => {
          const delay = delays[index]
          if (delay === undefined || isStopped) {
            log.error(
              { err: error, asistencia: view.id, attempts: index + 1 },
              'summary email could not be sent',
            )
            return
          }
          log.warn({ err: error, asistencia: view.id }, 'summary email failed; trying again')
          const timer = setTimeout(() => {
            timers.delete(timer)
            attempt(index + 1)
          }, delay)
          timer.unref()
          timers.add(timer)
        },
      )
    }
    attempt(0)
  }

  return {
    /** Mails the summary of a finished consultation to its guest, if they left an email. */
    sendFor(view: AsistenciaView): void {
      const to = summaryAddressOf(view)
      if (to === null || isStopped) return
      send(view, to).catch((error: unknown) => {
        log.error({ err: error, asistencia: view.id }, 'summary email could not be prepared')
      })
    },
    /** Drops the retries still waiting (the server is closing). */
    stop(): void {
      isStopped = true
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}
