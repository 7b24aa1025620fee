import { createHash, randomBytes } from 'node:crypto'
import type { Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema, LinkPurpose } from '../database/schema.js'
import type { LinkCodeFailure } from '../../src/contract/join.js'

/** The code of a link as stored: only its SHA-256, so a copy of the database opens nothing. */
function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex')
}

export type RedeemOutcome = { ok: true; userId: number } | { ok: false; reason: LinkCodeFailure }

export interface EmailLinkRepository {
  /**
   * A new single-use code for the account; only its hash is kept. `dato`: what the link confirms
   * besides its account (an email change's new address), handed to `redeem`'s `apply`.
   */
  issue(userId: number, purpose: LinkPurpose, ttlMs: number, dato?: string): Promise<string>
  /**
   * A new code that replaces every pending one of the account for the same purpose: an
   * invitation sent again opens with its newest link only.
   */
  replace(userId: number, purpose: LinkPurpose, ttlMs: number, dato?: string): Promise<string>
  /**
   * Uses the code once: of any number of attempts at once, exactly one gets `ok` and runs
   * `apply` in the same transaction (so the link is spent only if its effect is written). Every
   * other pending link of the account for the same purpose is spent with it. A link of an
   * account of another hospital than `tenant` (the one whose address the link was opened at)
   * is, for that hospital, a code that never existed, and stays unspent. A failure says whether
   * the code was used, expired or never existed.
   */
  redeem(
    code: string,
    purpose: LinkPurpose,
    tenant: string,
    apply: (trx: Transaction<DatabaseSchema>, userId: number, dato: string | null) => Promise<void>,
  ): Promise<RedeemOutcome>
}

export function createEmailLinkRepository(db: AppDatabase, now: () => number): EmailLinkRepository {
  async function issue(
    userId: number,
    purpose: LinkPurpose,
    ttlMs: number,
    dato?: string,
  ): Promise<string> {
    const code = randomBytes(32).toString('base64url')
    await db
      .insertInto('email_links')
      .values({
        code_hash: hashCode(code),
        user_id: userId,
        proposito: purpose,
        caduca_en: new Date(now() + ttlMs).toISOString(),
        usado_en: null,
        dato: dato ?? null,
      })
      .execute()
    return code
  }

  return {
    issue,

    async replace(userId, purpose, ttlMs, dato) {
      // Forgotten rather than marked used: the old link then reads as one that never existed.
      await db
        .deleteFrom('email_links')
        .where('user_id', '=', userId)
        .where('proposito', '=', purpose)
        .where('usado_en', 'is', null)
        .execute()
      return issue(userId, purpose, ttlMs, dato)
    },

    async redeem(code, purpose, tenant, apply) {
      const codeHash = hashCode(code)
      return db.transaction().execute(async (trx): Promise<RedeemOutcome> => {
        const at = new Date(now()).toISOString()
        // One conditional update decides: the row changes for the first use only, on both
        // engines, whatever the number of instances or connections trying at once.
        const spent = await trx
          .updateTable('email_links')
          .set({ usado_en: at })
          .where('code_hash', '=', codeHash)
          .where('proposito', '=', purpose)
          .where('usado_en', 'is', null)
          .where('caduca_en', '>', at)
          .where('user_id', 'in', (eb) =>
            eb.selectFrom('users').select('id').where('tenant', '=', tenant),
          )
          .returning(['user_id', 'dato'])
          .executeTakeFirst()
        if (spent) {
          await trx
            .updateTable('email_links')
            .set({ usado_en: at })
            .where('user_id', '=', spent.user_id)
            .where('proposito', '=', purpose)
            .where('usado_en', 'is', null)
            .execute()
          await apply(trx, spent.user_id, spent.dato)
          return { ok: true, userId: spent.user_id }
        }
        const row = await trx
          .selectFrom('email_links')
          .innerJoin('users', 'users.id', 'email_links.user_id')
          .select(['email_links.usado_en'])
          .where('email_links.code_hash', '=', codeHash)
          .where('email_links.proposito', '=', purpose)
          .where('users.tenant', '=', tenant)
          .executeTakeFirst()
        if (!row) return { ok: false, reason: 'code_unknown' }
        return { ok: false, reason: row.usado_en === null ? 'code_expired' : 'code_used' }
      })
    },
  }
}
