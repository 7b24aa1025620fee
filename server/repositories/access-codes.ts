import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import type { AppDatabase } from '../database/schema.js'

/** How long an access code works after an administrator issues it. */
export const ACCESS_CODE_TTL_MS = 24 * 60 * 60 * 1000

// No 0/O or 1/I/L: the code is read aloud or copied by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 12

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex')
}

/** Uppercase, without the spaces and dashes people add when copying it. */
export function normaliseAccessCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase()
}

export interface IssuedAccessCode {
  codigo: string
  caduca_en: string
}

export interface AccessCodeRepository {
  /** A new code for the account, replacing any pending one; only its hash is stored. */
  issue(userId: number): Promise<IssuedAccessCode>
  /** Consumes the account's code if `code` matches and has not expired; true when it did. */
  consume(userId: number, code: string): Promise<boolean>
}

export function createAccessCodeRepository(
  db: AppDatabase,
  now: () => number,
): AccessCodeRepository {
  return {
    async issue(userId) {
      const codigo = Array.from(
        { length: CODE_LENGTH },
        () => ALPHABET[randomInt(ALPHABET.length)],
      ).join('')
      const caduca_en = new Date(now() + ACCESS_CODE_TTL_MS).toISOString()
      await db
        .insertInto('access_codes')
        .values({ user_id: userId, code_hash: hashCode(codigo), caduca_en })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ code_hash: hashCode(codigo), caduca_en }),
        )
        .execute()
      return { codigo, caduca_en }
    },

    async consume(userId, code) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('access_codes')
          .selectAll()
          .where('user_id', '=', userId)
          .executeTakeFirst()
        if (!row) return false
        const given = Buffer.from(hashCode(normaliseAccessCode(code)))
        const stored = Buffer.from(row.code_hash)
        const matches = given.length === stored.length && timingSafeEqual(given, stored)
        if (!matches) return false
        // Deleted whatever its age: an expired code is gone for good, not tried again. Of two
        // uses at once (two instances, or two connections), only the one that deletes it wins.
        const deleted = await trx
          .deleteFrom('access_codes')
          .where('user_id', '=', userId)
          .where('code_hash', '=', row.code_hash)
          .executeTakeFirst()
        if (Number(deleted.numDeletedRows) !== 1) return false
        return row.caduca_en > new Date(now()).toISOString()
      })
    },
  }
}
