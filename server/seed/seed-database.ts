import { hashPassword, type ScryptParams } from '../auth/passwords.js'
import type { AppDatabase } from '../database/schema.js'
import { DEMO_CONSULTATIONS, DEMO_SPECIALTIES, DEMO_USERS, SEED_HOSPITALS } from './demo-data.js'

export interface SeedOptions {
  demoMode: boolean
  scryptParams?: ScryptParams
}

/**
 * Inserts the demo hospitals (never overwriting edited rows) and, in demo mode, the demo
 * accounts; outside demo mode it deletes every demo account. Safe to run on every start, and on
 * several instances starting at once (every insert gives way to a row already there).
 */
export async function seedDatabase(db: AppDatabase, { demoMode, scryptParams }: SeedOptions) {
  await db
    .insertInto('hospitals')
    .values(SEED_HOSPITALS.map((hospital) => ({ ...hospital })))
    .onConflict((conflict) => conflict.column('tenant').doNothing())
    .execute()
  // A first version of each seeded hospital's terms, which its admins can replace.
  await db
    .insertInto('terms')
    .values(
      SEED_HOSPITALS.map((hospital) => ({
        tenant: hospital.tenant,
        version: 1,
        texto: seedTermsText(hospital.nombre),
        publicado_en: SEED_TERMS_DATE,
      })),
    )
    .onConflict((conflict) => conflict.columns(['tenant', 'version']).doNothing())
    .execute()
  await seedSpecialties(db)

  if (!demoMode) {
    await db.deleteFrom('users').where('is_demo', '=', 1).execute()
    return
  }

  const existing = await db
    .selectFrom('users')
    .select(['tenant', 'email'])
    .where(
      'email',
      'in',
      DEMO_USERS.map((user) => user.email),
    )
    .execute()
  const taken = new Set(existing.map((row) => `${row.tenant} ${row.email}`))
  const missing = DEMO_USERS.filter((user) => !taken.has(`${user.tenant} ${user.email}`))
  if (missing.length > 0) await insertDemoUsers(db, missing, scryptParams)
  await seedDemoCare(db)
  await acceptSeedTerms(db)
}

async function insertDemoUsers(
  db: AppDatabase,
  missing: readonly (typeof DEMO_USERS)[number][],
  scryptParams: ScryptParams | undefined,
) {
  // Hash only what is missing: scrypt is deliberately slow and restarts should stay fast.
  const rows = await Promise.all(
    missing.map(async (user) => ({
      email: user.email,
      password_hash: await hashPassword(user.password, scryptParams),
      nombre: user.nombre,
      rol: user.rol,
      tenant: user.tenant,
      is_demo: 1,
    })),
  )
  await db
    .insertInto('users')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['tenant', 'email']).doNothing())
    .execute()
}

/** Demo patients have accepted their hospital's first terms, so the demo starts ready to use. */
async function acceptSeedTerms(db: AppDatabase) {
  const patients = await db
    .selectFrom('users')
    .select(['id', 'tenant'])
    .where('is_demo', '=', 1)
    .where('rol', '=', 'cliente')
    .execute()
  if (patients.length === 0) return
  await db
    .insertInto('terms_acceptances')
    .values(
      patients.map((patient) => ({
        user_id: patient.id,
        tenant: patient.tenant,
        version: 1,
        aceptado_en: SEED_TERMS_DATE,
      })),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'tenant', 'version']).doNothing())
    .execute()
}

const SEED_TERMS_DATE = '2026-01-01T00:00:00.000Z'

function seedTermsText(nombre: string): string {
  return [
    `Estos términos regulan el uso de la aplicación de ${nombre} para pedir y recibir atención.`,
    'Los datos que facilites se usan solo para atenderte y se tratan según la normativa de protección de datos.',
    'La atención a distancia no sustituye a una urgencia: si tu vida corre peligro, llama al 112.',
    'Te comprometes a dar información veraz y a usar el servicio con respeto hacia los profesionales.',
  ].join('\n\n')
}

/**
 * A seeded hospital starts with the demo's specialties, once: a hospital's list is its
 * administrators' to edit, so one that already has any is left as it is.
 */
async function seedSpecialties(db: AppDatabase) {
  const withList = await db.selectFrom('especialidades').select('tenant').distinct().execute()
  const done = new Set(withList.map((row) => row.tenant))
  const rows = SEED_HOSPITALS.filter((hospital) => !done.has(hospital.tenant)).flatMap((hospital) =>
    DEMO_SPECIALTIES.map((nombre) => ({ tenant: hospital.tenant, nombre })),
  )
  if (rows.length === 0) return
  // Instances starting at once: the unique name index lets the first one win.
  await db
    .insertInto('especialidades')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .execute()
}

/**
 * The demo professionals' specialties (each given once: an administrator may change them) and
 * the demo patient's past consultations, each inserted once.
 */
async function seedDemoCare(db: AppDatabase) {
  for (const user of DEMO_USERS) {
    if (user.especialidad === undefined) continue
    const account = await db
      .selectFrom('users')
      .select('id')
      .where('tenant', '=', user.tenant)
      .where('email', '=', user.email)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('cuenta_especialidades')
              .select('user_id')
              .whereRef('cuenta_especialidades.user_id', '=', 'users.id'),
          ),
        ),
      )
      .executeTakeFirst()
    const specialty = await db
      .selectFrom('especialidades')
      .select('id')
      .where('tenant', '=', user.tenant)
      .where('nombre', '=', user.especialidad)
      .executeTakeFirst()
    if (!account || !specialty) continue
    await db
      .insertInto('cuenta_especialidades')
      .values({ user_id: account.id, especialidad_id: specialty.id })
      .onConflict((conflict) => conflict.doNothing())
      .execute()
  }
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'email', 'tenant'])
    .where('is_demo', '=', 1)
    .where(
      'email',
      'in',
      DEMO_CONSULTATIONS.flatMap((consultation) => [
        consultation.paciente,
        consultation.profesional,
      ]),
    )
    .execute()
  const byEmail = new Map(accounts.map((account) => [account.email, account]))
  const day = 24 * 60 * 60 * 1000
  const rows = DEMO_CONSULTATIONS.flatMap((consultation) => {
    const patient = byEmail.get(consultation.paciente)
    const professional = byEmail.get(consultation.profesional)
    if (!patient || !professional) return []
    const created = Date.now() - consultation.diasAntes * day
    const at = (minutes: number) => new Date(created + minutes * 60_000).toISOString()
    return [
      {
        id: consultation.id,
        tenant: patient.tenant,
        estado: 'finalizada' as const,
        origen: 'paciente',
        motivo: consultation.motivo,
        especialidad: consultation.especialidad,
        paciente_id: patient.id,
        profesional_id: professional.id,
        creada_en: at(0),
        atendida_en: at(6),
        cerrada_en: at(24),
        caduca_en: at(30),
        resumen: consultation.resumen,
        puntuacion: consultation.puntuacion,
        comentario: null,
        ticket: null,
        derivada_de: null,
        asignada_a: null,
        motivo_cierre: null,
      },
    ]
  })
  if (rows.length === 0) return
  await db
    .insertInto('asistencias')
    .values(rows)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute()
}
