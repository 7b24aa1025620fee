/**
 * How every instance hears that sessions ended before their time. The repositories end them by
 * bumping a session generation (an integer per account and per hospital, see the
 * `1100-session-generation` migration) in the transaction that ends them (a new password, a
 * reset by code or link, a disabled or re-enabled account or hospital, a guest's request
 * ending) and announce it here, so every instance's live streams run the session check again at
 * once instead of at their next heartbeat.
 *
 * What must not outlive a session ends with it, in the same transaction: the calls its account
 * rings in or takes part in (the step given to {@link createSessionEnds}).
 *
 * A generation rather than a token id: it needs no row per token (the account row is read on
 * every request already), it ends every session of an account or hospital in one update, and
 * an integer compared for equality cannot tie the way instants in whole seconds did.
 */
import { sql, type Transaction } from 'kysely'
import type { DatabaseSchema } from './schema.js'
import { isPostgres } from './migrations/engine.js'

/** The channel on which every instance hears of ended sessions (PostgreSQL only). */
export const SESSION_END_CHANNEL = 'clinica_sesiones'

/** Whose sessions ended: some accounts, or every account of a hospital. */
export type SessionEnd = { cuentas: readonly number[] } | { tenant: string }

type Listener = (ended: SessionEnd) => void

/**
 * What ends with the sessions, inside the transaction that ends them; `by` is who ended them (an
 * administrator, the account's owner: the audit log's actor), null when the system did. It must
 * read and write through `trx` only.
 */
export type SessionEndStep<By> = (
  trx: Transaction<DatabaseSchema>,
  ended: SessionEnd,
  by: By | null,
) => Promise<void>

export interface SessionEnds<By = unknown> {
  /**
   * Inside the transaction that ended sessions: ends with them what must not outlive them, and
   * tells every instance (at commit).
   */
  announce(trx: Transaction<DatabaseSchema>, ended: SessionEnd, by: By | null): Promise<void>
  /** Hears of ended sessions: this instance's own, and on PostgreSQL every instance's. */
  subscribe(listener: Listener): () => void
  /** An announcement heard on the PostgreSQL channel. */
  received(ended: SessionEnd): void
}

/** The payload of a NOTIFY on {@link SESSION_END_CHANNEL}, or undefined when it is not one. */
export function parseSessionEnd(payload: string): SessionEnd | undefined {
  const value = JSON.parse(payload) as { cuentas?: unknown; tenant?: unknown }
  if (typeof value.tenant === 'string') return { tenant: value.tenant }
  if (Array.isArray(value.cuentas) && value.cuentas.every((id) => Number.isSafeInteger(id))) {
    return { cuentas: value.cuentas as number[] }
  }
  return undefined
}

/** `alongside`: what ends with the sessions (see {@link SessionEndStep}); nothing by default. */
export function createSessionEnds<By = unknown>(alongside?: SessionEndStep<By>): SessionEnds<By> {
  const listeners = new Set<Listener>()
  const emit = (ended: SessionEnd) => {
    for (const listener of listeners) listener(ended)
  }

  async function announce(trx: Transaction<DatabaseSchema>, ended: SessionEnd, by: By | null) {
    await alongside?.(trx, ended, by)
    if (isPostgres(trx)) {
      // Delivered at commit to every instance, this one included; never if it rolls back.
      await sql`SELECT pg_notify(${SESSION_END_CHANNEL}, ${JSON.stringify(ended)})`.execute(trx)
      return
    }
    // One SQLite instance: its streams' checks queue behind the transaction for the one
    // connection, so they read what it committed (or, rolled back, find nothing ended).
    setImmediate(() => {
      emit(ended)
    })
  }

  return {
    announce,

    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    received: emit,
  }
}
