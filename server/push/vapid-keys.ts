import webpush from 'web-push'
import type { AppDatabase } from '../database/schema.js'

/** The key pair every instance signs its pushes with (VAPID, RFC 8292), base64url. */
export interface VapidKeys {
  publicKey: string
  privateKey: string
}

const VAPID_KEYS_SETTING = 'vapid_keys'

/**
 * The VAPID keys kept in `settings`, generated on first use: a device subscribes with the public
 * key once, so every instance and every restart must sign with the same pair. Of several
 * instances starting together, the first to write wins and all read that one.
 */
export async function getOrCreateVapidKeys(db: AppDatabase): Promise<VapidKeys> {
  await db
    .insertInto('settings')
    .values({ key: VAPID_KEYS_SETTING, value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute()
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', VAPID_KEYS_SETTING)
    .executeTakeFirstOrThrow()
  return JSON.parse(row.value) as VapidKeys
}
