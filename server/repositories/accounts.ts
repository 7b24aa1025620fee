import { randomUUID } from 'node:crypto'
import { sql, type Kysely, type Transaction } from 'kysely'
import type { AppDatabase, DatabaseSchema } from '../database/schema.js'
import type { AdminAccount, Rol } from '../../src/contract/accounts.js'
import { isStaffRole, PATIENT_ROLES, STAFF_ROLES } from '../../src/contract/permissions.js'
import type { SessionEnds } from '../database/session-ends.js'
import type { Actor, AuditLog } from './audit-log.js'
import { activeSpecialtyIds, specialtiesOfAccounts } from './especialidades.js'
import { takeTurns } from '../database/engine.js'

/** A row of the `users` table, as sign-in reads it. */
export interface UserRecord {
  id: number
  email: string
  password_hash: string
  nombre: string
  rol: Rol
  tenant: string
  /** The session generation a token issued for this sign-in carries. */
  sessionGeneration: number
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
  /**
   * The generation a token must carry to be valid: bumped (see `SessionEnds`) by a new password,
   * a disabled or re-enabled account or hospital, a guest's request ending.
   */
  sessionGeneration: number
  /** The generation reached when the password last changed: older tokens ended with it. */
  passwordGeneration: number
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
 * What registering an address found: a new account; an unconfirmed one registered again
 * (`contested`: neither registration's password is kept, and only whoever reads the address's
 * mail chooses one); or a confirmed account left untouched.
 */
export type RegisterOutcome =
  { kind: 'created' | 'contested'; id: number } | { kind: 'exists'; id: number; tenant: string }

export type CreateAccountOutcome =
  { ok: true; account: Account } | { ok: false; reason: 'taken' | 'unknown_specialty' }

/** Setting an account's specialties: done, or a name the hospital does not offer. */
export type SpecialtiesOutcome =
  { ok: true; account: Account } | { ok: false; reason: 'unknown_specialty' }

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
    trx: Transaction<DatabaseSchema>,
    asistenciaIds: readonly string[],
    at: string,
  ): Promise<void>
  /** The hospital's enabled professionals, by name, each with its active specialties (sorted). */
  listProfessionals(
    tenant: string,
  ): Promise<{ id: number; nombre: string; especialidades: string[] }[]>
  /**
   * A page of the hospital's accounts (guests left out): staff first, then patients, each by
   * email; only those whose name or email contains `search`, of role `rol`, after the account
   * `afterId` when given. At most `limit`.
   */
  pageForTenant(
    tenant: string,
    query: { search?: string; rol?: Rol; afterId?: number },
    limit: number,
  ): Promise<Account[]>
  find(tenant: string, id: number): Promise<Account | undefined>
  findStanding(id: number): Promise<AccountStanding | undefined>
  /** {@link findStanding} for several accounts in one query; absent ids are left out. */
  findStandings(ids: readonly number[]): Promise<Map<number, AccountStanding>>
  /**
   * Creates an account; `especialidades` must name active specialties of its hospital. Without a
   * password hash the account is invited: nobody signs in to it until its owner chooses one
   * through the emailed link (or an access code).
   */
  create(
    actor: Actor,
    account: Omit<Account, 'id' | 'activo' | 'invitacion_pendiente'>,
    passwordHash: string | null,
  ): Promise<CreateAccountOutcome>
  /** Records in the audit log that an invitation was sent again (the link is never logged). */
  recordInvitationResent(actor: Actor, account: Account): Promise<void>
  /** A professional's specialties, replaced by these (active ones of the hospital, by name). */
  setSpecialties(
    actor: Actor,
    account: Account,
    names: readonly string[],
  ): Promise<SpecialtiesOutcome>
  /**
   * Disables the account, or enables it again; either way its sessions end (a token from before
   * a disabling never comes back to life with the account).
   */
  setActive(actor: Actor, account: Account, activo: boolean): Promise<Account>
  /** Records in the audit log that an access code was issued (the code itself is never logged). */
  recordAccessReset(actor: Actor, account: Account): Promise<void>
  /** The account's new password, chosen by its owner with an access code; ends its sessions. */
  setPassword(account: AccountStanding, passwordHash: string): Promise<void>
  /** Registers a patient of `tenant`, unconfirmed until the link in their email is used. */
  register(registration: Registration, passwordHash: string): Promise<RegisterOutcome>
  /**
   * Ends every session of these accounts (their session generation moves on) and what ends with
   * them (their calls), inside the caller's transaction, and tells every instance at commit;
   * `by` is who ended them, null for the system.
   */
  endSessions(
    trx: Transaction<DatabaseSchema>,
    ids: readonly number[],
    by: Actor | null,
  ): Promise<void>
  /** True when the account's pending registration was contested: it has no password to confirm. */
  isContested(userId: number): Promise<boolean>
  /** Marks the email confirmed, inside the transaction that spends the link. */
  confirmEmail(trx: Transaction<DatabaseSchema>, userId: number): Promise<void>
  /**
   * A new password chosen through an emailed link, inside the transaction that spends the link:
   * every session opened with the old one ends. The link proves the address is its owner's, so
   * an unconfirmed account is confirmed with it.
   */
  resetPassword(
    trx: Transaction<DatabaseSchema>,
    userId: number,
    passwordHash: string,
  ): Promise<void>
  /** The stored password hash of the account, to check a password its owner types again. */
  passwordHashOf(userId: number): Promise<string | undefined>
  /** The account's own name. */
  rename(userId: number, nombre: string): Promise<void>
  /**
   * The account's new address, inside the transaction that spends the link confirming it: what
   * the account was (to tell its old address), `taken` (nothing written) when another account of
   * its hospital holds the address, `gone` for an account closed or disabled meanwhile.
   */
  changeEmail(
    trx: Transaction<DatabaseSchema>,
    userId: number,
    email: string,
  ): Promise<
    | { ok: true; previous: { email: string; nombre: string; tenant: string } }
    | {
        ok: false
        reason: 'taken' | 'gone'
      }
  >
  /**
   * A patient closes their account (docs/profile.md): its sessions end and it can never sign in
   * again; its address, its contact, its push subscriptions, its pending links and codes and its
   * ratings' comments are erased; its requests, conversations and photos stay (the clinical record
   * is kept for its retention period) and show the patient as "Cuenta cerrada". The hospital's
   * audit log records it. Refused (`open_requests`) while a request of theirs is open.
   */
  close(account: AccountStanding, at: string): Promise<'closed' | 'open_requests'>
}

/** The address a closed account keeps: unique, and a reserved domain (RFC 2606) nobody receives at. */
export function closedAccountEmail(userId: number): string {
  return `cuenta-cerrada-${String(userId)}@cuentas-cerradas.invalid`
}

/** Not a password hash: a closed account never signs in again. */
const CLOSED_PASSWORD = '!closed'

/** How many other hospitals' accounts one address may name for an emailed link; more are ignored. */
const OTHER_HOSPITALS_LIMIT = 10

// Not a password hash at all: sign-in never matches it, so a guest account cannot be entered.
const NO_PASSWORD = '!guest'
// Nor this: a registration contested by a second one keeps neither password until the owner of
// the address chooses one through an emailed link.
const CONTESTED_PASSWORD = '!contested'

// Nor this: an account invited by email has no password until its owner chooses one.
const INVITED_PASSWORD = '!invited'

/** 1 while the account's invitation is pending (its password not chosen yet). */
const INVITATION_PENDING = sql<number>`case when users.password_hash = ${INVITED_PASSWORD} then 1 else 0 end`

const PUBLIC_COLUMNS = [
  'users.id',
  'users.email',
  'users.nombre',
  'users.rol',
  'users.tenant',
  'users.activo',
  INVITATION_PENDING.as('invitacion'),
] as const

interface AccountRow {
  id: number
  email: string
  nombre: string
  rol: Rol
  tenant: string
  activo: number
  invitacion: number
}

/** Accounts as the contract shows them, each with its specialties. */
async function toAccounts(
  db: Kysely<DatabaseSchema>,
  rows: readonly AccountRow[],
): Promise<Account[]> {
  const specialties = await specialtiesOfAccounts(
    db,
    rows.map((row) => row.id),
  )
  return rows.map(({ invitacion, ...row }) => ({
    ...row,
    activo: row.activo === 1,
    especialidades: specialties.get(row.id) ?? [],
    invitacion_pendiente: invitacion === 1,
  }))
}

async function toAccount(db: Kysely<DatabaseSchema>, row: AccountRow): Promise<Account> {
  const [account] = await toAccounts(db, [row])
  if (!account) throw new Error('An account vanished while read')
  return account
}

// Accounts per announcement of ended sessions: a NOTIFY payload stays far below 8,000 bytes.
const IDS_PER_NOTICE = 500

/** An account's session generation: its own plus its hospital's (`main` has no record). */
const SESSION_GENERATION = sql<number>`users.sesion_generacion + coalesce(hospitals.sesion_generacion, 0)`

export function createAccountRepository(
  db: AppDatabase,
  audit: AuditLog,
  now: () => number,
  sessionEnds: Pick<SessionEnds<Actor>, 'announce'>,
): AccountRepository {
  async function endSessions(
    trx: Transaction<DatabaseSchema>,
    ids: readonly number[],
    by: Actor | null,
  ) {
    for (let start = 0; start < ids.length; start += IDS_PER_NOTICE) {
      const batch = ids.slice(start, start + IDS_PER_NOTICE)
      await trx
        .updateTable('users')
        .set((eb) => ({ sesion_generacion: eb('sesion_generacion', '+', 1) }))
        .where('id', 'in', batch)
        .execute()
      await sessionEnds.announce(trx, { cuentas: batch }, by)
    }
  }

  async function writePassword(
    trx: Transaction<DatabaseSchema>,
    userId: number,
    passwordHash: string,
  ): Promise<void> {
    const row = await trx
      .selectFrom('users')
      .select(['id', 'email', 'tenant', 'rol'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!row) return
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute()
    // Every session opened with the old password ends: a new password is often chosen
    // because the old one, or a device signed in with it, is in the wrong hands.
    await endSessions(trx, [userId], row)
    // Remembered, so a session it ended can be told why.
    await trx
      .updateTable('users')
      .set({
        contrasena_generacion: sql<number>`users.sesion_generacion + coalesce((SELECT hospitals.sesion_generacion FROM hospitals WHERE hospitals.tenant = users.tenant), 0)`,
      })
      .where('id', '=', userId)
      .execute()
    await audit.append(trx, row, {
      tenant: row.tenant,
      accion: 'cuenta.contrasena_cambiada',
      objeto: row.email,
      antes: null,
      despues: null,
    })
  }

  async function findStandings(ids: readonly number[]): Promise<Map<number, AccountStanding>> {
    const standings = new Map<number, AccountStanding>()
    if (ids.length === 0) return standings
    const rows = await db
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
        'users.contrasena_generacion as passwordGeneration',
        'hospitals.activo as hospital_activo',
        SESSION_GENERATION.as('sessionGeneration'),
      ])
      .where('users.id', 'in', ids)
      .execute()
    for (const row of rows) {
      const { activo, hospital_activo, confirmado, invitado_hasta, sessionGeneration, ...rest } =
        row
      const isEnabled = activo === 1 && hospital_activo !== 0
      const isGuestSessionOver = invitado_hasta !== null && !(Date.parse(invitado_hasta) > now())
      standings.set(row.id, {
        ...rest,
        isActive: isEnabled && confirmado === 1 && !isGuestSessionOver,
        isGuest: invitado_hasta !== null,
        isGuestSessionOver,
        isHospitalActive: hospital_activo !== 0,
        sessionGeneration,
        awaitsConfirmation: isEnabled && confirmado === 0,
      })
    }
    return standings
  }

  return {
    async findByEmail(tenant, email) {
      // No stored email holds a NUL byte (PostgreSQL text cannot): such an input is unknown.
      if (email.includes('\u0000')) return []
      // The generation is read with the password hash, so a token issued for this sign-in is
      // bound to the password it proved: a reset meanwhile ends it like any older session.
      const byEmail = db
        .selectFrom('users')
        .leftJoin('hospitals', 'hospitals.tenant', 'users.tenant')
        .select([
          'users.id',
          'users.email',
          'users.password_hash',
          'users.nombre',
          'users.rol',
          'users.tenant',
          SESSION_GENERATION.as('sessionGeneration'),
        ])
        .where('users.email', '=', email)
      const own = await byEmail.where('users.tenant', '=', tenant).executeTakeFirst()
      if (own) return [own]
      return byEmail.orderBy('users.id').limit(OTHER_HOSPITALS_LIMIT).execute()
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
      const ended = await trx
        .updateTable('users')
        .set({ invitado_hasta: at })
        .where('invitado_hasta', '>', at)
        .where('id', 'in', (eb) =>
          eb.selectFrom('asistencias').select('paciente_id').where('id', 'in', asistenciaIds),
        )
        .returning('id')
        .execute()
      // Through the generation too, so the guest's open streams hear of it at once.
      await endSessions(
        trx,
        ended.map((row) => row.id),
        null,
      )
    },

    async listProfessionals(tenant) {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'nombre'])
        .where('tenant', '=', tenant)
        .where('rol', '=', 'profesional')
        .where('activo', '=', 1)
        .orderBy('nombre')
        .execute()
      const specialties = await specialtiesOfAccounts(
        db,
        rows.map((row) => row.id),
      )
      return rows.map((row) => ({ ...row, especialidades: specialties.get(row.id) ?? [] }))
    },

    async pageForTenant(tenant, { search, rol, afterId }, limit) {
      let after: { isStaff: boolean; email: string } | undefined
      if (afterId !== undefined) {
        const row = await db
          .selectFrom('users')
          .select(['rol', 'email'])
          .where('tenant', '=', tenant)
          .where('id', '=', afterId)
          .executeTakeFirst()
        // An account that is not (or no longer) of this hospital names no place in its list.
        if (!row) return []
        after = { isStaff: isStaffRole(row.rol), email: row.email }
      }
      const pattern =
        search === undefined || search.trim() === ''
          ? undefined
          : `%${search
              .trim()
              .toLowerCase()
              .replace(/[\\%_]/g, (char) => `\\${char}`)}%`
      // Staff and patients are read apart, each along the (tenant, rol, email) index.
      const group = (isStaff: boolean, count: number) => {
        let query = db
          .selectFrom('users')
          .select(PUBLIC_COLUMNS)
          .where('tenant', '=', tenant)
          // Guests of immediate care are not accounts anyone administers.
          .where('invitado_hasta', 'is', null)
          .where('rol', 'in', [...(isStaff ? STAFF_ROLES : PATIENT_ROLES)])
        if (rol) query = query.where('rol', '=', rol)
        if (after?.isStaff === isStaff) query = query.where('email', '>', after.email)
        if (pattern !== undefined) {
          query = query.where((eb) =>
            eb.or([
              eb(sql`lower(nombre)`, 'like', sql`${pattern} escape '\\'`),
              eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
            ]),
          )
        }
        return query.orderBy('email').limit(count).execute()
      }
      const wantsStaff = (!rol || isStaffRole(rol)) && after?.isStaff !== false
      const wantsPatients = !rol || !isStaffRole(rol)
      const staff = wantsStaff ? await group(true, limit) : []
      const patients =
        wantsPatients && staff.length < limit ? await group(false, limit - staff.length) : []
      return toAccounts(db, [...staff, ...patients])
    },

    async find(tenant, id) {
      const row = await db
        .selectFrom('users')
        .select(PUBLIC_COLUMNS)
        .where('tenant', '=', tenant)
        .where('id', '=', id)
        .executeTakeFirst()
      return row && toAccount(db, row)
    },

    async findStanding(id) {
      return (await findStandings([id])).get(id)
    },

    findStandings,

    async create(actor, { especialidades, ...account }, passwordHash) {
      return db.transaction().execute(async (trx): Promise<CreateAccountOutcome> => {
        const specialtyIds = await activeSpecialtyIds(trx, account.tenant, especialidades)
        if (specialtyIds === null) return { ok: false, reason: 'unknown_specialty' }
        const inserted = await trx
          .insertInto('users')
          .values({ ...account, password_hash: passwordHash ?? INVITED_PASSWORD })
          .onConflict((conflict) => conflict.columns(['tenant', 'email']).doNothing())
          .returning(PUBLIC_COLUMNS)
          .executeTakeFirst()
        if (!inserted) return { ok: false, reason: 'taken' }
        if (specialtyIds.length > 0) {
          await trx
            .insertInto('cuenta_especialidades')
            .values(specialtyIds.map((id) => ({ user_id: inserted.id, especialidad_id: id })))
            .execute()
        }
        const created = await toAccount(trx, inserted)
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

    async setSpecialties(actor, account, names) {
      return db.transaction().execute(async (trx): Promise<SpecialtiesOutcome> => {
        const ids = await activeSpecialtyIds(trx, account.tenant, names)
        if (ids === null) return { ok: false, reason: 'unknown_specialty' }
        // Retired specialties stay linked (they are shown nowhere): only the offered ones change.
        const offered = await trx
          .selectFrom('especialidades')
          .select('id')
          .where('tenant', '=', account.tenant)
          .where('activa', '=', 1)
          .execute()
        const offeredIds = offered.map((row) => row.id)
        if (offeredIds.length > 0) {
          await trx
            .deleteFrom('cuenta_especialidades')
            .where('user_id', '=', account.id)
            .where('especialidad_id', 'in', offeredIds)
            .execute()
        }
        if (ids.length > 0) {
          await trx
            .insertInto('cuenta_especialidades')
            .values(ids.map((id) => ({ user_id: account.id, especialidad_id: id })))
            .execute()
        }
        const after = {
          ...account,
          especialidades: (await specialtiesOfAccounts(trx, [account.id])).get(account.id) ?? [],
        }
        if (after.especialidades.join('\n') !== account.especialidades.join('\n')) {
          await audit.append(trx, actor, {
            tenant: account.tenant,
            accion: 'cuenta.especialidades',
            objeto: account.email,
            antes: account,
            despues: after,
          })
        }
        return { ok: true, account: after }
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
        await endSessions(trx, [account.id], actor)
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

    async recordInvitationResent(actor, account) {
      await db.transaction().execute(async (trx) => {
        await audit.append(trx, actor, {
          tenant: account.tenant,
          accion: 'cuenta.invitacion_reenviada',
          objeto: account.email,
          antes: null,
          despues: null,
        })
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
        // An address registered twice before anyone confirmed it: either registration may be a
        // stranger's, and the address's owner cannot tell the emails apart. Neither password is
        // kept and every pending confirmation link is spent; the owner chooses a password through
        // the link mailed next, so a stranger gains nothing and the owner is never locked out.
        const contested = await trx
          .updateTable('users')
          .set({ password_hash: CONTESTED_PASSWORD })
          .where('tenant', '=', tenant)
          .where('email', '=', email)
          .where('confirmado', '=', 0)
          .where('rol', '=', 'cliente')
          .returning('id')
          .executeTakeFirst()
        if (contested) {
          await trx
            .updateTable('email_links')
            .set({ usado_en: new Date(now()).toISOString() })
            .where('user_id', '=', contested.id)
            .where('proposito', '=', 'validar')
            .where('usado_en', 'is', null)
            .execute()
          return { kind: 'contested', id: contested.id }
        }
        const existing = await trx
          .selectFrom('users')
          .select(['id', 'tenant'])
          .where('tenant', '=', tenant)
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
        return { kind: 'exists', id: existing.id, tenant: existing.tenant }
      })
    },

    endSessions,

    async isContested(userId) {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst()
      return row?.password_hash === CONTESTED_PASSWORD
    },

    async confirmEmail(trx, userId) {
      await trx.updateTable('users').set({ confirmado: 1 }).where('id', '=', userId).execute()
    },

    async resetPassword(trx, userId, passwordHash) {
      await writePassword(trx, userId, passwordHash)
      await trx.updateTable('users').set({ confirmado: 1 }).where('id', '=', userId).execute()
    },

    async passwordHashOf(userId) {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst()
      return row?.password_hash
    },

    async rename(userId, nombre) {
      await db.updateTable('users').set({ nombre }).where('id', '=', userId).execute()
    },

    async changeEmail(trx, userId, email) {
      const previous = await trx
        .selectFrom('users')
        .select(['email', 'nombre', 'tenant'])
        .where('id', '=', userId)
        .where('activo', '=', 1)
        .where('cerrada_en', 'is', null)
        .executeTakeFirst()
      if (!previous) return { ok: false, reason: 'gone' }
      const changed = await trx
        .updateTable('users')
        .set({ email })
        .where('id', '=', userId)
        .where('cerrada_en', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('users as other')
                .select('other.id')
                .where('other.email', '=', email)
                .where('other.tenant', '=', (eb) =>
                  eb.selectFrom('users as own').select('own.tenant').where('own.id', '=', userId),
                ),
            ),
          ),
        )
        .executeTakeFirst()
      return Number(changed.numUpdatedRows) === 1
        ? { ok: true, previous }
        : { ok: false, reason: 'taken' }
    },

    async close(account, at) {
      return db.transaction().execute(async (trx) => {
        // The patient's creates take the same turn: no request opens while the account closes.
        await takeTurns(trx, `solicitudes-abiertas:${String(account.id)}`)
        const open = await trx
          .selectFrom('asistencias')
          .select('id')
          .where('paciente_id', '=', account.id)
          .where((eb) =>
            eb.or([
              eb('estado', '=', 'en_curso'),
              eb.and([eb('estado', '=', 'en_espera'), eb('caduca_en', '>', at)]),
            ]),
          )
          .executeTakeFirst()
        if (open) return 'open_requests' as const
        await trx
          .updateTable('users')
          .set({
            email: closedAccountEmail(account.id),
            password_hash: CLOSED_PASSWORD,
            activo: 0,
            cerrada_en: at,
          })
          .where('id', '=', account.id)
          .execute()
        // Its entries name the account by number: the address it had is erased.
        const closed = { ...account, email: closedAccountEmail(account.id) }
        await endSessions(trx, [account.id], closed)
        const subscriptions = trx
          .selectFrom('suscripciones_push')
          .select('id')
          .where('user_id', '=', account.id)
        await trx
          .deleteFrom('avisos_pendientes')
          .where('suscripcion_id', 'in', subscriptions)
          .execute()
        await trx.deleteFrom('suscripciones_push').where('user_id', '=', account.id).execute()
        await trx.deleteFrom('email_links').where('user_id', '=', account.id).execute()
        await trx.deleteFrom('access_codes').where('user_id', '=', account.id).execute()
        await trx
          .updateTable('asistencias')
          .set({ contacto: null, comentario: null })
          .where('paciente_id', '=', account.id)
          .execute()
        await audit.append(trx, closed, {
          tenant: account.tenant,
          accion: 'cuenta.cerrada',
          objeto: `cuenta ${String(account.id)}`,
          antes: null,
          despues: { cerrada_en: at },
        })
        return 'closed' as const
      })
    },
  }
}
