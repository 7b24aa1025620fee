import { sql, type Kysely } from 'kysely'
import type { DatabaseSchema } from '../database/schema.js'

/** Walk-ins' tickets: each hospital's last number of each day (`tickets_diarios`). */
export interface TicketRepository {
  /** The next ticket number of `tenant` on `dia`: 1, 2, 3…, never the same twice. */
  next(trx: Kysely<DatabaseSchema>, tenant: string, dia: string): Promise<number>
}

export function createTicketRepository(): TicketRepository {
  return {
    async next(trx, tenant, dia) {
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
  }
}
