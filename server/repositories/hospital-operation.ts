import type { Funcionamiento, PuestaEnMarcha } from '../../src/contract/hospital-operation.js'
import { isTenantId } from '../../src/contract/tenants.js'
import type { AppDatabase } from '../database/schema.js'
import type { Actor, AuditLog } from './audit-log.js'

/** How a hospital runs ("Funcionamiento") and how far its opening has come ("Puesta en marcha"). */
export interface HospitalOperationRepository {
  /** Its request expiry limits; undefined for an unknown hospital. */
  read(tenant: string): Promise<Funcionamiento | undefined>
  /** Sets them (audited when they change); undefined for an unknown hospital. */
  update(actor: Actor, tenant: string, next: Funcionamiento): Promise<Funcionamiento | undefined>
  /** Each opening step, read from the hospital's data; undefined for an unknown hospital. */
  openingSteps(tenant: string): Promise<PuestaEnMarcha | undefined>
  /** Records that its install page was opened to print (the first time only); false if unknown. */
  recordInstallSheetPrinted(actor: Actor, tenant: string): Promise<boolean>
}

export function createHospitalOperationRepository(
  db: AppDatabase,
  audit: AuditLog,
  now: () => number,
): HospitalOperationRepository {
  const read = async (tenant: string, executor: AppDatabase = db) =>
    // Only a valid tenant id can have a record (and PostgreSQL text cannot hold a NUL byte).
    !isTenantId(tenant)
      ? undefined
      : executor
          .selectFrom('hospitals')
          .select(['caducidad_minutos', 'caducidad_inmediata_minutos'])
          .where('tenant', '=', tenant)
          .executeTakeFirst()

  return {
    read: (tenant) => read(tenant),

    async update(actor, tenant, next) {
      return db.transaction().execute(async (trx) => {
        const before = await read(tenant, trx)
        if (!before) return undefined
        if (
          before.caducidad_minutos === next.caducidad_minutos &&
          before.caducidad_inmediata_minutos === next.caducidad_inmediata_minutos
        ) {
          return before
        }
        await trx
          .updateTable('hospitals')
          .set({
            caducidad_minutos: next.caducidad_minutos,
            caducidad_inmediata_minutos: next.caducidad_inmediata_minutos,
          })
          .where('tenant', '=', tenant)
          .execute()
        await audit.append(trx, actor, {
          tenant,
          accion: 'hospital.funcionamiento',
          objeto: tenant,
          antes: before,
          despues: next,
        })
        return next
      })
    },

    async openingSteps(tenant) {
      if (!isTenantId(tenant)) return undefined
      const hospital = await db
        .selectFrom('hospitals')
        .select(['imagen', 'telefono', 'instalacion_impresa_en'])
        .where('tenant', '=', tenant)
        .executeTakeFirst()
      if (!hospital) return undefined
      const [terms, specialty, professional] = await Promise.all([
        db.selectFrom('terms').select('version').where('tenant', '=', tenant).executeTakeFirst(),
        db
          .selectFrom('especialidades')
          .select('id')
          .where('tenant', '=', tenant)
          .where('activa', '=', 1)
          .executeTakeFirst(),
        db
          .selectFrom('users')
          .select('id')
          .where('tenant', '=', tenant)
          .where('rol', '=', 'profesional')
          .where('activo', '=', 1)
          .executeTakeFirst(),
      ])
      return {
        // The colours are chosen when the hospital is created; its own logo completes the image.
        colores_y_logo: hospital.imagen !== '',
        telefono: hospital.telefono !== '',
        terminos: terms !== undefined,
        especialidades: specialty !== undefined,
        primer_profesional: professional !== undefined,
        pagina_instalacion: hospital.instalacion_impresa_en !== null,
      }
    },

    async recordInstallSheetPrinted(actor, tenant) {
      if (!isTenantId(tenant)) return false
      return db.transaction().execute(async (trx) => {
        const at = new Date(now()).toISOString()
        const first = await trx
          .updateTable('hospitals')
          .set({ instalacion_impresa_en: at })
          .where('tenant', '=', tenant)
          .where('instalacion_impresa_en', 'is', null)
          .executeTakeFirst()
        if (Number(first.numUpdatedRows) > 0) {
          await audit.append(trx, actor, {
            tenant,
            accion: 'hospital.instalacion_impresa',
            objeto: tenant,
            antes: null,
            despues: { instalacion_impresa_en: at },
          })
          return true
        }
        const exists = await trx
          .selectFrom('hospitals')
          .select('tenant')
          .where('tenant', '=', tenant)
          .executeTakeFirst()
        return exists !== undefined
      })
    },
  }
}
