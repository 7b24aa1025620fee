import { createHash, randomBytes } from 'node:crypto'
import type { AppDatabase } from '../database/schema.js'
import { QUIOSCOS_POR_CENTRO_MAX, type Quiosco } from '../../src/contract/kiosks.js'
import type { Actor, AuditLog } from './audit-log.js'

export type KioskOutcome =
  { ok: true; quiosco: Quiosco; token?: string } | { ok: false; reason: 'too_many' | 'not_found' }

/** The `quioscos` table: each hospital's enrolled kiosks. */
export interface QuioscoRepository {
  /** The hospital's kiosks, revoked ones included, newest first. */
  list(tenant: string): Promise<Quiosco[]>
  /** Enrols a kiosk: its token is answered this once, only its hash is kept. Audited. */
  enrol(actor: Actor, tenant: string, nombre: string): Promise<KioskOutcome>
  /** Revokes a kiosk (a second revoke answers it as it is). Audited. */
  revoke(actor: Actor, tenant: string, id: number): Promise<KioskOutcome>
  /** True when `token` is an unrevoked kiosk of `tenant`. */
  isActiveKiosk(tenant: string, token: string): Promise<boolean>
}

/** SHA-256 (hex) of a kiosk token: a stolen database gives no working token. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function toQuiosco(row: {
  id: number
  nombre: string
  creado_en: string
  revocado_en: string | null
}): Quiosco {
  return { id: row.id, nombre: row.nombre, creado_en: row.creado_en, revocado_en: row.revocado_en }
}

const COLUMNS = ['id', 'nombre', 'creado_en', 'revocado_en'] as const

export function createQuioscoRepository(
  db: AppDatabase,
  audit: AuditLog,
  now: () => number,
): QuioscoRepository {
  return {
    async list(tenant) {
      const rows = await db
        .selectFrom('quioscos')
        .select(COLUMNS)
        .where('tenant', '=', tenant)
        .orderBy('id', 'desc')
        .execute()
      return rows.map(toQuiosco)
    },

    async enrol(actor, tenant, nombre) {
      const token = randomBytes(32).toString('base64url')
      return db.transaction().execute(async (trx): Promise<KioskOutcome> => {
        const { count } = await trx
          .selectFrom('quioscos')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('tenant', '=', tenant)
          .executeTakeFirstOrThrow()
        if (Number(count) >= QUIOSCOS_POR_CENTRO_MAX) return { ok: false, reason: 'too_many' }
        const row = await trx
          .insertInto('quioscos')
          .values({
            tenant,
            nombre,
            token_hash: hashToken(token),
            creado_en: new Date(now()).toISOString(),
            revocado_en: null,
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
        const quiosco = toQuiosco(row)
        await audit.append(trx, actor, {
          tenant,
          accion: 'quiosco.alta',
          objeto: `quiosco:${String(quiosco.id)}`,
          antes: null,
          despues: quiosco,
        })
        return { ok: true, quiosco, token }
      })
    },

    async revoke(actor, tenant, id) {
      return db.transaction().execute(async (trx): Promise<KioskOutcome> => {
        const before = await trx
          .selectFrom('quioscos')
          .select(COLUMNS)
          .where('tenant', '=', tenant)
          .where('id', '=', id)
          .executeTakeFirst()
        if (!before) return { ok: false, reason: 'not_found' }
        if (before.revocado_en !== null) return { ok: true, quiosco: toQuiosco(before) }
        const after = await trx
          .updateTable('quioscos')
          .set({ revocado_en: new Date(now()).toISOString() })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
        await audit.append(trx, actor, {
          tenant,
          accion: 'quiosco.revocado',
          objeto: `quiosco:${String(id)}`,
          antes: toQuiosco(before),
          despues: toQuiosco(after),
        })
        return { ok: true, quiosco: toQuiosco(after) }
      })
    },

    async isActiveKiosk(tenant, token) {
      const row = await db
        .selectFrom('quioscos')
        .select('id')
        .where('token_hash', '=', hashToken(token))
        .where('tenant', '=', tenant)
        .where('revocado_en', 'is', null)
        .executeTakeFirst()
      return row !== undefined
    },
  }
}
