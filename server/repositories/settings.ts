import { randomBytes } from 'node:crypto'
import type { AppDatabase } from '../database/schema.js'

const TOKEN_SECRET_KEY = 'token_secret'

/**
 * The token secret kept in `settings`, generated on first use so tokens survive restarts. Of
 * several instances starting together, the first to write wins and all read that one.
 */
export async function getOrCreateTokenSecret(db: AppDatabase): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: TOKEN_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', TOKEN_SECRET_KEY)
    .executeTakeFirst()
  if (!row) throw new Error('The token secret could not be stored.')
  return row.value
}
