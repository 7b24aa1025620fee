import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { DatabaseSchema } from '../database/schema.js'

type Executor = Kysely<DatabaseSchema>

/**
 * People without an account who ask for immediate care or walk in at a kiosk: each gets a guest
 * account (a patient of the hospital that cannot sign in, whose session has an end), and walk-ins
 * a ticket numbered per hospital and day.
 */
export interface GuestRepository {
  /** A guest patient of `tenant` whose session ends at `hasta` (ISO 8601); returns its id. */
  create(trx: Executor, guest: { tenant: string; nombre: string; hasta: string }): Promise<number>
  /** The next ticket number of `tenant` on `dia`: 1, 2, 3…, never the same twice. */
  nextTicket(trx: Executor, tenant: string, dia: string): Promise<number>
  /** Ends, at `at`, the guest sessions of these requests' patients still open then. */
  endSessionsOf(trx: Executor, asistenciaIds: readonly string[], at: string): Promise<void>
  /** The hospital's limit for an immediate request to be taken, in minutes. */
  findImmediateLimitMinutes(tenant: string): Promise<number | undefined>
}

// Not a password hash at all: sign-in never matches it, so a guest account cannot be entered.
const NO_PASSWORD = '!guest'

export function createGuestRepository(db: Executor): GuestRepository {
  return {
    async create(trx, { tenant, nombre, hasta }) {
      const { id } = await trx
        .insertInto('users')
        .values({
          // Addresses are unique: a reserved domain (RFC 2606) that can never receive mail.
          email: `invitado-${randomUUID()}@invitados.invalid`,
          password_hash: NO_PASSWORD,
          nombre,
          rol: 'cliente',
          tenant,
          invitado_hasta: hasta,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },

    async nextTicket(trx, tenant, dia) {
      // One statement that either starts the day's count or bumps it: the row is locked (or the
      // database has one writer), so concurrent walk-ins never share a number.
      const { ultimo } = await trx
        .insertInto('tickets_diarios')
        .values({ tenant, dia, ultimo: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['tenant', 'dia'])
            .doUpdateSet({ ultimo: sql<number>`tickets_diarios.ultimo + 1` }),
        )
        .returning('ultimo')
        .executeTakeFirstOrThrow()
      return ultimo
    },

    async endSessionsOf(trx, asistenciaIds, at) {
      if (asistenciaIds.length === 0) return
      await trx
        .updateTable('users')
        .set({ invitado_hasta: at })
        .where('invitado_hasta', '>', at)
        .where('id', 'in', (eb) =>
          eb.selectFrom('asistencias').select('paciente_id').where('id', 'in', asistenciaIds),
        )
        .execute()
    },

    findImmediateLimitMinutes: async (tenant) =>
      (
        await db
          .selectFrom('hospitals')
          .select('caducidad_inmediata_minutos')
          .where('tenant', '=', tenant)
          .executeTakeFirst()
      )?.caducidad_inmediata_minutos,
  }
}
