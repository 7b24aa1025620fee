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
  /** The hospital's enabled professionals, by specialty then name. */
  listProfessionals(
    tenant: string,
  ): Promise<{ id: number; nombre: string; especialidad: string | null }[]>
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

    listProfessionals: (tenant) =>
      db
        .selectFrom('users')
        .select(['id', 'nombre', 'especialidad'])
        .where('tenant', '=', tenant)
        .where('rol', '=', 'profesional')
        .where('activo', '=', 1)
        .orderBy('especialidad')
        .orderBy('nombre')
        .execute(),
  }
}
