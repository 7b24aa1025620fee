/**
 * Which professionals have the queue open: a row per open queue stream in the shared
 * `presencia` table, refreshed by the stream's heartbeats and expiring on its own when an
 * instance dies. Changes of availability are announced in batches: at most one `presencia`
 * event per hospital per {@link PRESENCE_BATCH_MS} from this instance, carrying each
 * professional's latest change since the last one (a lone change goes at once). S professionals
 * reconnecting after a deploy cost a few events, not S.
 *
 * The rows themselves are written in batches too: the joins and leaves that arrive while a
 * write is under way wait for it and then go together, one insert, one delete and one read of
 * who was and is available for all of them. A storm of S queue streams opening costs a few
 * statements, not 2S (each held a pending query, its promise and its parameters meanwhile).
 */
import { randomUUID } from 'node:crypto'
import { EVENTOS, type Presencia } from '../../src/contract/care.js'
import type { AppDatabase } from '../database/schema.js'
import type { EventoRepository } from '../repositories/eventos.js'
import type { PresenciaRepository } from '../repositories/presencia.js'

/** A queue stream counts as open this long after its last heartbeat. */
export const PRESENCE_TTL_MS = 45_000

/** Presence changes of one hospital are announced together, at most once in this window. */
export const PRESENCE_BATCH_MS = 1_000

/** Joins and leaves written in one go at most: their bound parameters stay well within limits. */
export const PRESENCE_WRITE_BATCH = 500

export interface PresenceDeps {
  db: AppDatabase
  presencia: PresenciaRepository
  eventos: EventoRepository
  now: () => number
  onPublished: (tenant: string) => void
  /** A batch that could not be written (it is dropped: the directory reads presence afresh). */
  onError: (error: unknown) => void
}

/** A connection opening or closing, waiting for the next write. */
interface PendingWrite {
  kind: 'join' | 'leave'
  conexion: string
  userId: number
  tenant: string
  resolve: () => void
  reject: (error: unknown) => void
}

/** One hospital's changes waiting for their announcement. */
interface Batch {
  changes: Map<number, boolean>
  timer: ReturnType<typeof setTimeout> | null
}

export type Presence = ReturnType<typeof createPresence>

export function createPresence({
  db,
  presencia,
  eventos,
  now,
  onPublished,
  onError,
}: PresenceDeps) {
  const iso = (ms: number) => new Date(ms).toISOString()
  const open = new Set<string>()
  const batches = new Map<string, Batch>()
  // When each hospital's last batch went, on the process's own clock (the window is real time,
  // whatever `now` says).
  const lastAnnounced = new Map<string, number>()

  async function announceBatch(tenant: string) {
    const batch = batches.get(tenant)
    if (!batch) return
    batches.delete(tenant)
    if (batch.timer !== null) clearTimeout(batch.timer)
    lastAnnounced.set(tenant, performance.now())
    // In the order of the accounts, whatever order the changes came in (one reading for all).
    const changes: Presencia[] = [...batch.changes]
      .sort(([one], [other]) => one - other)
      .map(([id, disponible]) => ({ id, disponible }))
    await db.transaction().execute((trx) =>
      eventos.append(trx, {
        tenant,
        tipo: EVENTOS.presencia,
        asistencia_id: null,
        ref: JSON.stringify(changes),
      }),
    )
    onPublished(tenant)
  }

  function announce(tenant: string, change: Presencia) {
    let batch = batches.get(tenant)
    if (!batch) {
      batch = { changes: new Map(), timer: null }
      batches.set(tenant, batch)
    }
    batch.changes.set(change.id, change.disponible)
    if (batch.timer !== null) return
    const last = lastAnnounced.get(tenant)
    const wait = last === undefined ? 0 : Math.max(0, last + PRESENCE_BATCH_MS - performance.now())
    batch.timer = setTimeout(() => {
      announceBatch(tenant).catch(onError)
    }, wait)
  }

  const pending: PendingWrite[] = []
  let isWriting = false

  /** Writes one batch of joins and leaves; announces who became available or stopped being. */
  async function write(batch: readonly PendingWrite[]) {
    const at = iso(now())
    const joins = batch.filter((entry) => entry.kind === 'join')
    const leaves = batch.filter((entry) => entry.kind === 'leave')
    const usersOf = (entries: readonly PendingWrite[]) => [
      ...new Set(entries.map((entry) => entry.userId)),
    ]
    const wereAvailable = await presencia.availableAmong(usersOf(joins), at)
    await presencia.close(
      db,
      leaves.map((entry) => entry.conexion),
    )
    await presencia.open(
      db,
      joins.map((entry) => ({
        conexion: entry.conexion,
        user_id: entry.userId,
        tenant: entry.tenant,
        expira_en: iso(now() + PRESENCE_TTL_MS),
      })),
    )
    const areAvailable = await presencia.availableAmong(usersOf(leaves), at)
    for (const entry of joins) {
      open.add(entry.conexion)
      if (!wereAvailable.has(entry.userId)) {
        announce(entry.tenant, { id: entry.userId, disponible: true })
      }
    }
    for (const entry of leaves) {
      if (!areAvailable.has(entry.userId)) {
        announce(entry.tenant, { id: entry.userId, disponible: false })
      }
    }
  }

  async function drain() {
    isWriting = true
    // After pending I/O: the streams whose checks are finishing join this batch.
    await new Promise((resolve) => setImmediate(resolve))
    while (pending.length > 0) {
      const batch = pending.splice(0, PRESENCE_WRITE_BATCH)
      try {
        await write(batch)
        for (const entry of batch) entry.resolve()
      } catch (error) {
        for (const entry of batch) entry.reject(error)
      }
    }
    isWriting = false
  }

  function enqueue(entry: Omit<PendingWrite, 'resolve' | 'reject'>): Promise<void> {
    return new Promise((resolve, reject) => {
      pending.push({ ...entry, resolve, reject })
      if (!isWriting) void drain()
    })
  }

  return {
    /** Marks the professional available while this connection lasts; returns its id. */
    async join(userId: number, tenant: string): Promise<string> {
      const conexion = randomUUID()
      await enqueue({ kind: 'join', conexion, userId, tenant })
      return conexion
    },

    async leave(conexion: string, userId: number, tenant: string) {
      open.delete(conexion)
      await enqueue({ kind: 'leave', conexion, userId, tenant })
    },

    /** Keeps this instance's open connections alive. */
    heartbeat: () => presencia.refresh([...open], iso(now() + PRESENCE_TTL_MS)),

    /** Forgets connections whose instance stopped beating; announces who is no longer there. */
    async purgeExpired() {
      const at = iso(now())
      const gone = await db.transaction().execute((trx) => presencia.purgeExpired(trx, at))
      const users = new Map(gone.map((row) => [row.user_id, row.tenant]))
      const stillAvailable = await presencia.availableAmong([...users.keys()], at)
      for (const [userId, tenant] of users) {
        if (!stillAvailable.has(userId)) announce(tenant, { id: userId, disponible: false })
      }
    },

    /** Announces what is still waiting for its batch at once (the instance is stopping). */
    async close() {
      await Promise.all([...batches.keys()].map((tenant) => announceBatch(tenant)))
    },
  }
}
