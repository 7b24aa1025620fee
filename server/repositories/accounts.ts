import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'
import type { AdminAccount, Rol } from '../../src/contract/accounts.js'
import type { Actor, AuditLog } from './audit-log.js'

/** A row of the `users` table, as sign-in reads it. */
export interface UserRecord {
  id: number
  email: string
  password_hash: string
  nombre: string
  rol: Rol
  tenant: string
}

/** An account as the administration API shows it (the contract's shape). */
export type Account = AdminAccount

/** The state the session checks read on every authenticated request. */
export interface AccountStanding {
  id: number
  email: string
  nombre: string
  rol: Rol
  tenant: string
  /**
   * The account is enabled, its email confirmed, and its hospital enabled (`main` has no record
   * and is always on).
   */
  isActive: boolean
  /** Tokens issued (`iat`, seconds) before this are refused: a new password, a hospital re-enabled. */
  sessionsValidFrom: number
  /** When the account's own password last changed (epoch seconds; 0: never), ending sessions. */
  passwordChangedAt: number
  /** A self-registered account whose email is not confirmed yet. */
  awaitsConfirmation: boolean
  /** Its hospital is enabled, whatever the account's own state. */
  isHospitalActive: boolean
  /** A guest account of immediate care: it may act on its one request only. */
  isGuest: boolean
  /** A guest whose session is over (its consultation ended, or its time ran out). */
  isGuestSessionOver: boolean
}

/** A person's own registration, before it is stored. */
export interface Registration {
  tenant: string
  nombre: string
  email: string
}

/**
 * What registering an address found: a new account, an unconfirmed one taken over by this
 * registration (whoever confirms the email owns it), or a confirmed account left untouched.
 */
export type RegisterOutcome =
  { kind: 'created' | 'replaced'; id: number } | { kind: 'exists'; id: number; tenant: string }

export type CreateAccountOutcome = { ok: true; account: Account } | { ok: false; reason: 'taken' }

/** The `users` table: every account, staff, patients and guests alike. */
export interface AccountRepository {
  /**
   * The accounts an address names, seen from `tenant`'s screens: its own account when it has
   * one (an address names one account per hospital), else the accounts holding the address in
   * other hospitals (a few at most), oldest first. `email` must already be normalised (trimmed,
   * lowercased).
   */
  findByEmail(tenant: string, email: string): Promise<UserRecord[]>
  /**
   * A guest of immediate care or a kiosk walk-in: a patient of `tenant` who cannot sign in,
   * whose session ends at `hasta` (ISO 8601); returns its id.
   */
  createGuest(
    trx: Kysely<DatabaseSchema>,
    guest: { tenant: string; nombre: string; hasta: string },
  ): Promise<number>
  /** Ends, at `at`, the guest sessions of these requests' patients still open then. */
  endGuestSessionsOf(
    trx: Kysely<DatabaseSchema>,
    asistenciaIds: readonly string[],
    at: string,
  ): Promise<void>
  /** The hospital's enabled professionals, by specialty then name. */
  listProfessionals(
    tenant: string,
  ): Promise<{ id: number; nombre: string; especialidad: string | null }[]>
  listForTenant(tenant: string): Promise<Account[]>
  find(tenant: string, id: number): Promise<Account | undefined>
  findStanding(id: number): Promise<AccountStanding | undefined>
  create(
    actor: Actor,
    account: Omit<Account, 'id' | 'activo'>,
    passwordHash: string,
  ): Promise<CreateAccountOutcome>
  /** Disables the account (its tokens stop working at once), or enables it again. */
  setActive(actor: Actor, account: Account, activo: boolean): Promise<Account>
  /** Records in the audit log that an access code was issued (the code itself is never logged). */
  recordAccessReset(actor: Actor, account: Account): Promise<void>
  /** The account's new password, chosen by its owner with an access code; ends its sessions. */
  setPassword(account: AccountStanding, passwordHash: string): Promise<void>
  /** Registers a patient of `tenant`, unconfirmed until the link in their email is used. */
  register(registration: Registration, passwordHash: string): Promise<RegisterOutcome>
  /** Marks the email confirmed, inside the transaction that spends the link. */
  confirmEmail(trx: Transaction<DatabaseSchema>, userId: number): Promise<void>
  /**
   * A new password chosen through an emailed link, inside the transaction that spends the link:
   * every session opened before this second ends.
   */
  resetPassword(
    trx: Transaction<DatabaseSchema>,
    userId: number,
    passwordHash: string,
  ): Promise<void>
}

/** How many other hospitals' accounts one address may name for an emailed link; more are ignored. */
const OTHER_HOSPITALS_LIMIT = 10

// Not a password hash at all: sign-in never matches it, so a guest account cannot be entered.
const NO_PASSWORD = '!guest'

const PUBLIC_COLUMNS = ['id', 'email', 'nombre', 'rol', 'tenant', 'activo'] as const

function toAccount(row: {
  id: number
  email: string
  nombre: string
  rol: Rol
  tenant: string
  activo: number
}): Account {
  return { ...row, activo: row.activo === 1 }
}

/** A stored instant as whole seconds, the unit of a token's `iat`; none is 0. */
export function toEpochSeconds(iso: string | null | undefined): number {
  if (iso === null || iso === undefined) return 0
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000)
}

export function createAccountRepository(
  db: AppDatabase,
  audit: AuditLog,
  now: () => number,
): AccountRepository {
  async function writePassword(
    trx: Transaction<DatabaseSchema>,
    userId: number,
    passwordHash: string,
  ): Promise<void> {
    await trx
      .updateTable('users')
      // Every session opened with the old password ends: a new password is often chosen
      // because the old one, or a device signed in with it, is in the wrong hands.
      .set({ password_hash: passwordHash, sesiones_desde: new Date(now()).toISOString() })
      .where('id', '=', userId)
      .execute()
    const row = await trx
      .selectFrom('users')
      .select(['id', 'email', 'tenant', 'rol'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!row) return
    await audit.append(trx, row, {
      tenant: row.tenant,
      accion: 'cuenta.contrasena_cambiada',
      objeto: row.email,
      antes: null,
      despues: null,
    })
  }

  return {
    async findByEmail(tenant, email) {
      // No stored email holds a NUL byte (PostgreSQL text cannot): such an input is unknown.
      if (email.includes('\u0000')) return []
      const byEmail = db
        .selectFrom('users')
        .select(['id', 'email', 'password_hash', 'nombre', 'rol', 'tenant'])
        .where('email', '=', email)
      const own = await byEmail.where('tenant', '=', tenant).executeTakeFirst()
      if (own) return [own]
      return byEmail.orderBy('id').limit(OTHER_HOSPITALS_LIMIT).execute()
    },

    async createGuest(trx, { tenant, nombre, hasta }) {
      const { id } = await trx
        .insertInto('users')
        .values({
          // Unique within the hospital: a reserved domain (RFC 2606) that can never receive mail.
          email: `invitado-${randomUUID()}@invitados.invalid`,
          password_hash: NO_PASSWORD,
          nombre,
          rol: 'cliente',
          tenant,
          invitado_hasta: hasta,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    },

    async endGuestSessionsOf(trx, asistenciaIds, at) {
      if (asistenciaIds.length === 0) return
      await trx
        .updateTable('users')
        .set({ invitado_hasta: at })
        .where('invitado_hasta', '>', at)
        .where('id', 'in', (eb) =>
          eb.selectFrom('asistencias').select('paciente_id').where('id', 'in', asistenciaIds),
        )
        .execute()
    },

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

    async listForTenant(tenant) {
      const rows = await db
        .selectFrom('users')
        .select(PUBLIC_COLUMNS)
        .where('tenant', '=', tenant)
        // Guests of immediate care are not accounts anyone administers.
        .where('invitado_hasta', 'is', null)
        .orderBy('email')
        .execute()
      return rows.map(toAccount)
    },

    async find(tenant, id) {
      const row = await db
        .selectFrom('users')
        .select(PUBLIC_COLUMNS)
        .where('tenant', '=', tenant)
        .where('id', '=', id)
        .executeTakeFirst()
      return row && toAccount(row)
    },

    async findStanding(id) {
      const row = await db
        .selectFrom('users')
        .leftJoin('hospitals', 'hospitals.tenant', 'users.tenant')
        .select([
          'users.id',
          'users.email',
          'users.nombre',
          'users.rol',
          'users.tenant',
          'users.activo',
          'users.confirmado',
          'users.invitado_hasta',
          'hospitals.activo as hospital_activo',
          'users.sesiones_desde',
          'hospitals.sesiones_desde as hospital_sesiones_desde',
        ])
        .where('users.id', '=', id)
        .executeTakeFirst()
      if (!row) return undefined
      const {
        activo,
        hospital_activo,
        confirmado,
        invitado_hasta,
        sesiones_desde,
        hospital_sesiones_desde,
        ...rest
      } = row
      const isEnabled = activo === 1 && hospital_activo !== 0
      const isGuestSessionOver = invitado_hasta !== null && !(Date.parse(invitado_hasta) > now())
      return {
        ...rest,
        isActive: isEnabled && confirmado === 1 && !isGuestSessionOver,
        isGuest: invitado_hasta !== null,
        isGuestSessionOver,
        isHospitalActive: hospital_activo !== 0,
        sessionsValidFrom: Math.max(
          toEpochSeconds(sesiones_desde),
          toEpochSeconds(hospital_sesiones_desde),
        ),
        passwordChangedAt: toEpochSeconds(sesiones_desde),
        awaitsConfirmation: isEnabled && confirmado === 0,
      }
    },

    async create(actor, account, passwordHash) {
      return db.transaction().execute(async (trx): Promise<CreateAccountOutcome> => {
        const inserted = await trx
          .insertInto('users')
          .values({ ...account, password_hash: passwordHash })
          .onConflict((conflict) => conflict.columns(['tenant', 'email']).doNothing())
          .returning(PUBLIC_COLUMNS)
          .executeTakeFirst()
        if (!inserted) return { ok: false, reason: 'taken' }
        const created = toAccount(inserted)
        await audit.append(trx, actor, {
          tenant: created.tenant,
          accion: 'cuenta.creada',
          objeto: created.email,
          antes: null,
          despues: created,
        })
        return { ok: true, account: created }
      })
    },

    async setActive(actor, account, activo) {
      // Already in that state: nothing to write or audit.
      if (account.activo === activo) return account
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ activo: activo ? 1 : 0 })
          .where('id', '=', account.id)
          .execute()
        // A disabled account's pending access code must not outlive it.
        if (!activo)
          await trx.deleteFrom('access_codes').where('user_id', '=', account.id).execute()
        const after = { ...account, activo }
        await audit.append(trx, actor, {
          tenant: account.tenant,
          accion: activo ? 'cuenta.activada' : 'cuenta.desactivada',
          objeto: account.email,
          antes: account,
          despues: after,
        })
        return after
      })
    },

    async recordAccessReset(actor, account) {
      await db.transaction().execute(async (trx) => {
        await audit.append(trx, actor, {
          tenant: account.tenant,
          accion: 'cuenta.acceso_restablecido',
          objeto: account.email,
          antes: null,
          despues: null,
        })
      })
    },

    async setPassword(account, passwordHash) {
      await db.transaction().execute(async (trx) => {
        await writePassword(trx, account.id, passwordHash)
      })
    },

    async register({ tenant, nombre, email }, passwordHash) {
      return db.transaction().execute(async (trx): Promise<RegisterOutcome> => {
        const inserted = await trx
          .insertInto('users')
          .values({
            tenant,
            nombre,
            email,
            rol: 'cliente',
            password_hash: passwordHash,
            confirmado: 0,
          })
          .onConflict((conflict) => conflict.columns(['tenant', 'email']).doNothing())
          .returning(['id', 'email', 'tenant', 'rol'])
          .executeTakeFirst()
        if (inserted) {
          await audit.append(trx, inserted, {
            tenant,
            accion: 'cuenta.registrada',
            objeto: email,
            antes: null,
            despues: { email, nombre, rol: 'cliente', tenant },
          })
          return { kind: 'created', id: inserted.id }
        }
        // An address nobody has confirmed belongs to whoever confirms it: the newest
        // registration replaces the pending one, so a stranger cannot hold someone's address.
        const replaced = await trx
          .updateTable('users')
          .set({ nombre, password_hash: passwordHash })
          .where('tenant', '=', tenant)
          .where('email', '=', email)
          .where('confirmado', '=', 0)
          .where('rol', '=', 'cliente')
          .returning('id')
          .executeTakeFirst()
        if (replaced) return { kind: 'replaced', id: replaced.id }
        const existing = await trx
          .selectFrom('users')
          .select(['id', 'tenant'])
          .where('tenant', '=', tenant)
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
        return { kind: 'exists', id: existing.id, tenant: existing.tenant }
      })
    },

    async confirmEmail(trx, userId) {
      await trx.updateTable('users').set({ confirmado: 1 }).where('id', '=', userId).execute()
    },

    async resetPassword(trx, userId, passwordHash) {
      await writePassword(trx, userId, passwordHash)
    },
  }
}
