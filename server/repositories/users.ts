import type { SqliteDatabase } from '../db.js'
import type { Rol } from '../seed-data.js'

/** A row of the `users` table. */
export interface UserRecord {
  id: number
  email: string
  password_hash: string
  nombre: string
  rol: Rol
  tenant: string
  is_demo: 0 | 1
}

/** Read access to the `users` table. */
export interface UserRepository {
  /** `email` must already be normalised (trimmed, lowercased). */
  findByEmail(email: string): UserRecord | undefined
  findById(id: number): UserRecord | undefined
}

/** Prepares the user queries once for the lifetime of the app. */
export function createUserRepository(db: SqliteDatabase): UserRepository {
  // Literal statements only: input reaches SQLite as bound parameters, never as SQL text.
  const byEmail = db.prepare<[string], UserRecord>(
    `SELECT id, email, password_hash, nombre, rol, tenant, is_demo FROM users WHERE email = ?`,
  )
  const byId = db.prepare<[number], UserRecord>(
    `SELECT id, email, password_hash, nombre, rol, tenant, is_demo FROM users WHERE id = ?`,
  )
  return {
    findByEmail: (email) => byEmail.get(email),
    findById: (id) => byId.get(id),
  }
}
