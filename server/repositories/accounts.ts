import type { AppDatabase } from '../kysely.js'
import type { AdminAccount, Rol } from '../../src/contract/accounts.js'
import type { Actor, AuditLog } from './audit-log.js'

/** An account as the administration API shows it (the contract's shape). */
export type Account = AdminAccount

/** The state the session checks read on every authenticated request. */
export interface AccountStanding {
  id: number
  email: string
  nombre: string
  rol: Rol
  tenant: string
  /** The account is enabled and so is its hospital (`main` has no record and is always on). */
  isActive: boolean
  /** Its hospital is enabled, whatever the account's own state. */
  isHospitalActive: boolean
}

export type CreateAccountOutcome = { ok: true; account: Account } | { ok: false; reason: 'taken' }

export interface AccountRepository {
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
  /** The account's new password, chosen by its owner with an access code. */
  setPassword(account: AccountStanding, passwordHash: string): Promise<void>
}

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

export function createAccountRepository(db: AppDatabase, audit: AuditLog): AccountRepository {
  return {
    async listForTenant(tenant) {
      const rows = await db
        .selectFrom('users')
        .select(PUBLIC_COLUMNS)
        .where('tenant', '=', tenant)
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
          'hospitals.activo as hospital_activo',
        ])
        .where('users.id', '=', id)
        .executeTakeFirst()
      if (!row) return undefined
      const { activo, hospital_activo, ...rest } = row
      return {
        ...rest,
        isActive: activo === 1 && hospital_activo !== 0,
        isHospitalActive: hospital_activo !== 0,
      }
    },

    async create(actor, account, passwordHash) {
      return db.transaction().execute(async (trx): Promise<CreateAccountOutcome> => {
        const inserted = await trx
          .insertInto('users')
          .values({ ...account, password_hash: passwordHash })
          .onConflict((conflict) => conflict.column('email').doNothing())
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
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', account.id)
          .execute()
        await audit.append(trx, account, {
          tenant: account.tenant,
          accion: 'cuenta.contrasena_cambiada',
          objeto: account.email,
          antes: null,
          despues: null,
        })
      })
    },
  }
}
