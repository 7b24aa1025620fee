import type { AppDatabase } from '../kysely.js'
import type { Rol } from '../../src/contract/accounts.js'

/** A row of the `users` table, as sign-in reads it. */
export interface UserRecord {
  id: number
  email: string
  password_hash: string
  nombre: string
  rol: Rol
  tenant: string
}

/** Read access to the `users` table. */
export interface UserRepository {
  /** `email` must already be normalised (trimmed, lowercased). */
  findByEmail(email: string): Promise<UserRecord | undefined>
}

export function createUserRepository(db: AppDatabase): UserRepository {
  return {
    // No stored email holds a NUL byte (PostgreSQL text cannot): such an input is unknown.
    findByEmail: async (email) =>
      email.includes('\u0000')
        ? undefined
        : db
            .selectFrom('users')
            .select(['id', 'email', 'password_hash', 'nombre', 'rol', 'tenant'])
            .where('email', '=', email)
            .executeTakeFirst(),
  }
}
