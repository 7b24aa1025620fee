/**
 * Which professionals have the queue open: a row per open queue stream in the shared
 * `presencia` table, refreshed by the stream's heartbeats and expiring on its own when an
 * instance dies. A change of availability is a `presencia` event in the hospital's log.
 */
import { randomUUID } from 'node:crypto'
import { EVENTOS, type Presencia } from '../../src/contract/care.js'
import type { AppDatabase } from '../database/schema.js'
import type { EventoRepository } from '../repositories/eventos.js'
import type { PresenciaRepository } from '../repositories/presencia.js'

/** A queue stream counts as open this long after its last heartbeat. */
export const PRESENCE_TTL_MS = 45_000

export interface PresenceDeps {
  db: AppDatabase
  presencia: PresenciaRepository
  eventos: EventoRepository
  now: () => number
  onPublished: (tenant: string) => void
}

export type Presence = ReturnType<typeof createPresence>

export function createPresence({ db, presencia, eventos, now, onPublished }: PresenceDeps) {
  const iso = (ms: number) => new Date(ms).toISOString()
  const open = new Set<string>()

  async function announce(tenant: string, change: Presencia) {
    await db.transaction().execute((trx) =>
      eventos.append(trx, {
        tenant,
        tipo: EVENTOS.presencia,
        asistencia_id: null,
        ref: JSON.stringify(change),
      }),
    )
    onPublished(tenant)
  }

  return {
    /** Marks the professional available while this connection lasts; returns its id. */
    async join(userId: number, tenant: string): Promise<string> {
      const conexion = randomUUID()
      const wasAvailable = await presencia.isAvailable(userId, iso(now()))
      await presencia.open(db, {
        conexion,
        user_id: userId,
        tenant,
        expira_en: iso(now() + PRESENCE_TTL_MS),
      })
      open.add(conexion)
      if (!wasAvailable) await announce(tenant, { id: userId, disponible: true })
      return conexion
    },

    async leave(conexion: string, userId: number, tenant: string) {
      open.delete(conexion)
      await presencia.close(db, conexion)
      if (!(await presencia.isAvailable(userId, iso(now())))) {
        await announce(tenant, { id: userId, disponible: false })
      }
    },

    /** Keeps this instance's open connections alive. */
    heartbeat: () => presencia.refresh([...open], iso(now() + PRESENCE_TTL_MS)),

    /** Forgets connections whose instance stopped beating; announces who is no longer there. */
    async purgeExpired() {
      const at = iso(now())
      const gone = await db.transaction().execute((trx) => presencia.purgeExpired(trx, at))
      const users = new Map(gone.map((row) => [row.user_id, row.tenant]))
      for (const [userId, tenant] of users) {
        if (!(await presencia.isAvailable(userId, at))) {
          await announce(tenant, { id: userId, disponible: false })
        }
      }
    },
  }
}
