import type { Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'

/** URL prefix of uploaded logos, each named by the hash of its bytes (`/logos/h/{hash}.png`). */
export const UPLOADED_LOGO_PREFIX = '/logos/h/'

export function uploadedLogoUrl(hash: string): string {
  return `${UPLOADED_LOGO_PREFIX}${hash}.png`
}

export interface LogoImageRepository {
  /**
   * Stores the PNG under its hash, inside `trx` (the hospital's change that points at it);
   * storing the same bytes twice keeps one copy.
   */
  save(trx: Transaction<DatabaseSchema>, hash: string, tenant: string, png: Buffer): Promise<void>
  read(hash: string): Promise<Buffer | undefined>
}

export function createLogoImageRepository(db: AppDatabase, now: () => number): LogoImageRepository {
  return {
    async save(trx, hash, tenant, png) {
      await trx
        .insertInto('logo_images')
        .values({ hash, tenant, png, creado_en: new Date(now()).toISOString() })
        .onConflict((conflict) => conflict.column('hash').doNothing())
        .execute()
    },

    async read(hash) {
      const row = await db
        .selectFrom('logo_images')
        .select('png')
        .where('hash', '=', hash)
        .executeTakeFirst()
      return row?.png
    },
  }
}
