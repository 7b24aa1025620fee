/**
 * Immediate care without an account and kiosk walk-ins: the request joins the hospital's queue
 * ahead of signed-in patients' (see the queue order), with a guest account as its patient. Asked
 * for from a phone, it opens a guest session limited to that request; from a kiosk the hospital
 * enrolled (`presencial` with its kiosk token) it takes the day's next ticket and opens none, the
 * person being in the building.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { PERSON_NAME_FIELD } from '../../src/contract/account-rules.js'
import { EVENTOS, MOTIVO_FIELD, type Asistencia } from '../../src/contract/care.js'
import { KIOSCO_NO_AUTORIZADO } from '../../src/contract/kiosks.js'
import {
  CONTACTO_INVALIDO,
  DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS,
  GUEST_SESSION_MAX_MINUTES,
  formatTicket,
  parseContacto,
  type AsistenciaInmediataCreada,
  type SolicitudInmediata,
} from '../../src/contract/immediate-care.js'
import { readCareText } from '../http/input-rules.js'
import type { TokenService } from '../auth/tokens.js'
import { HttpError, MESSAGES } from '../http/http-errors.js'
import type { AppDatabase } from '../database/schema.js'
import type { AccountRepository } from '../repositories/accounts.js'
import type { AsistenciaRepository, AsistenciaRow } from '../repositories/asistencias.js'
import type { EventoRepository } from '../repositories/eventos.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { QuioscoRepository } from '../repositories/quioscos.js'
import type { TicketRepository } from '../repositories/tickets-diarios.js'
import type { TermsRepository } from '../repositories/terms.js'
import type { CareService } from './care-service.js'
import { dayIn, usableTimeZone } from './hospital-day.js'

export interface ImmediateCareDeps {
  db: AppDatabase
  asistencias: Pick<
    AsistenciaRepository,
    'insert' | 'findRow' | 'findView' | 'keepGuestSecretHash' | 'findGuestSecretHash'
  >
  eventos: Pick<EventoRepository, 'append'>
  tickets: TicketRepository
  quioscos: Pick<QuioscoRepository, 'isActiveKiosk'>
  hospitals: Pick<HospitalRepository, 'findByTenant' | 'findImmediateLimitMinutes' | 'findTimeZone'>
  accounts: Pick<AccountRepository, 'findStanding' | 'createGuest'>
  terms: Pick<TermsRepository, 'current' | 'accept'>
  tokens: TokenService
  describe: CareService['describe']
  now: () => number
  onPublished: (tenant: string) => void
}

/** SHA-256 (hex) of a replay secret: only the hash is kept. */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

const kioskRefused = () => new HttpError(403, 'kiosk_required', KIOSCO_NO_AUTORIZADO)

const idInUse = () =>
  new HttpError(409, 'id_en_uso', 'Ese identificador ya se usó para otra solicitud.')

export type ImmediateCare = ReturnType<typeof createImmediateCare>

export function createImmediateCare(deps: ImmediateCareDeps) {
  const { db, asistencias, eventos, tickets, now } = deps

  /**
   * The answer for the request `id`, with a guest session while its patient's is open, and only
   * to its first caller (`withSession`).
   */
  async function answer(
    row: AsistenciaRow,
    withSession: boolean,
  ): Promise<AsistenciaInmediataCreada> {
    const guest = await deps.accounts.findStanding(row.paciente_id)
    const view = await asistencias.findView(row.id)
    if (!guest || !view) throw new Error(`Request ${row.id} vanished after its creation.`)
    const asistencia: Asistencia = await deps.describe(guest, view)
    if (row.origen !== 'inmediata' || !guest.isActive || !withSession) {
      return { asistencia, ticket: row.ticket, sesion: null }
    }
    const token = await deps.tokens.issue(
      { sub: String(guest.id), tenant: guest.tenant, rol: guest.rol, gen: guest.sessionGeneration },
      { ttlSeconds: GUEST_SESSION_MAX_MINUTES * 60 },
    )
    return {
      asistencia,
      ticket: null,
      sesion: { token, user: { nombre: guest.nombre, rol: guest.rol, tenant: guest.tenant } },
    }
  }

  return {
    /** Creates the request once per id; `created` is false for a replay of the same one. */
    async request(
      body: SolicitudInmediata,
    ): Promise<{ created: boolean; answer: AsistenciaInmediataCreada }> {
      const hospital = await deps.hospitals.findByTenant(body.tenant)
      if (!hospital)
        throw new HttpError(404, 'not_found', 'Este centro no existe o no está activo.')
      const nombre = readCareText(body.nombre, PERSON_NAME_FIELD)
      const contacto = parseContacto(body.contacto)
      if (!contacto) throw new HttpError(400, 'invalid_request', CONTACTO_INVALIDO)
      const motivo = readCareText(body.motivo, MOTIVO_FIELD)
      const origen = body.presencial === true ? 'presencial' : 'inmediata'
      // A walk-in is the hospital's word, not the caller's: only an enrolled kiosk gives tickets.
      // Replays too: a revoked kiosk learns nothing more, not even a ticket it once had.
      if (
        origen === 'presencial' &&
        (body.quiosco === undefined ||
          !(await deps.quioscos.isActiveKiosk(hospital.tenant, body.quiosco)))
      ) {
        throw kioskRefused()
      }

      const existing = await asistencias.findRow(body.id)
      if (existing) {
        // A replay of the same send (a lost answer) answers it; anything else is refused
        // alike, so nothing is learnt about other people's requests.
        const isReplay =
          existing.tenant === hospital.tenant &&
          existing.origen === origen &&
          existing.motivo === motivo &&
          existing.contacto === contacto.valor
        if (!isReplay) throw idInUse()
        // Same id, reason and contact prove nothing: anyone who saw them could send them. The
        // session goes back only to who holds the secret of the first send.
        const stored = await asistencias.findGuestSecretHash(existing.id)
        const isFirstCaller =
          stored !== undefined &&
          body.secreto !== undefined &&
          timingSafeEqual(Buffer.from(hashSecret(body.secreto)), Buffer.from(stored))
        return { created: false, answer: await answer(existing, isFirstCaller) }
      }

      // A guest accepts the version the screen showed them: naming none, or an older one, is
      // refused until they have read the current one. A kiosk's walk-in accepts at the front
      // desk the version current when it arrives (it may have waited offline in the outbox).
      const current = await deps.terms.current(hospital.tenant)
      const isVersionRequired = origen !== 'presencial' || body.terminos_version !== undefined
      if (current && isVersionRequired && body.terminos_version !== current.version) {
        throw new HttpError(409, 'terms_changed', MESSAGES.termsChanged)
      }

      const created = now()
      const at = new Date(created).toISOString()
      const minutes =
        (await deps.hospitals.findImmediateLimitMinutes(hospital.tenant)) ??
        DEFAULT_CADUCIDAD_INMEDIATA_MINUTOS
      // Walk-in tickets start again each day of the hospital.
      const day = dayIn(usableTimeZone(await deps.hospitals.findTimeZone(hospital.tenant)), created)
      const row = await db.transaction().execute(async (trx) => {
        const pacienteId = await deps.accounts.createGuest(trx, {
          tenant: hospital.tenant,
          nombre,
          // A walk-in is in the building: no session on the kiosk, so it ends as it starts.
          hasta:
            origen === 'presencial'
              ? at
              : new Date(created + GUEST_SESSION_MAX_MINUTES * 60_000).toISOString(),
        })
        const ticket =
          origen === 'presencial'
            ? formatTicket(await tickets.next(trx, hospital.tenant, day))
            : null
        const record: AsistenciaRow = {
          id: body.id,
          tenant: hospital.tenant,
          estado: 'en_espera',
          origen,
          motivo,
          especialidad: null,
          paciente_id: pacienteId,
          profesional_id: null,
          creada_en: at,
          atendida_en: null,
          cerrada_en: null,
          caduca_en: new Date(created + minutes * 60_000).toISOString(),
          resumen: null,
          puntuacion: null,
          comentario: null,
          ticket,
          derivada_de: null,
          asignada_a: null,
          motivo_cierre: null,
          contacto: contacto.valor,
        }
        // The same id sent twice at once: the loser's guest and ticket roll back with it.
        if (!(await asistencias.insert(trx, record))) throw idInUse()
        if (body.secreto !== undefined && origen === 'inmediata') {
          await asistencias.keepGuestSecretHash(trx, record.id, hashSecret(body.secreto))
        }
        await eventos.append(trx, {
          tenant: record.tenant,
          tipo: EVENTOS.asistencia,
          asistencia_id: record.id,
          ref: null,
        })
        return record
      })
      deps.onPublished(row.tenant)
      if (current) await deps.terms.accept(row.paciente_id, row.tenant, current.version)
      return { created: true, answer: await answer(row, true) }
    },
  }
}
