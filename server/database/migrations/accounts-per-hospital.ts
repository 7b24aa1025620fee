import { sql, type Migration } from 'kysely'
import { isPostgres, type AnyDatabase } from './engine.js'

/**
 * An email address names one account per hospital, not one across the platform: a hospital can
 * create any of its staff's addresses whatever another hospital holds, and a refusal ("already
 * exists") speaks of its own accounts only.
 *
 * PostgreSQL drops the column's unique constraint. SQLite cannot drop one: the table is rebuilt
 * from its own stored definition without it (same columns, checks and defaults, rows and ids
 * copied as they are), and its indexes are made again. No table refers to `users` by a foreign
 * key, so the rebuild touches nothing else.
 */
export const accountsPerHospitalMigration: Migration = {
  async up(db: AnyDatabase) {
    if (isPostgres(db)) {
      await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_email_key`.execute(db)
    } else {
      await rebuildSqliteUsersWithoutEmailUnique(db)
    }
    await db.schema
      .createIndex('users_by_tenant_email')
      .unique()
      .on('users')
      .columns(['tenant', 'email'])
      .execute()
    // Sign-in from the portal and the emailed links look an address up across hospitals.
    await db.schema.createIndex('users_by_email').on('users').column('email').execute()
  },
}

async function rebuildSqliteUsersWithoutEmailUnique(db: AnyDatabase) {
  const { rows } = await sql<{ type: string; sql: string | null }>`
    SELECT type, sql FROM sqlite_master WHERE tbl_name = 'users' ORDER BY type DESC
  `.execute(db)
  const table = rows.find((row) => row.type === 'table')?.sql
  if (!table) throw new Error('The users table has no stored definition.')
  const withoutUnique = table.replace(/("?email"?\s+text\s+not\s+null)\s+unique/i, '$1')
  if (withoutUnique === table) throw new Error('The users table has no unique email to drop.')
  const created = withoutUnique.replace(
    /^CREATE TABLE\s+"?users"?/i,
    'CREATE TABLE "users_rebuilt"',
  )
  const indexes = rows.flatMap((row) => (row.type === 'index' && row.sql ? [row.sql] : []))
  await sql.raw(created).execute(db)
  await sql`INSERT INTO users_rebuilt SELECT * FROM users`.execute(db)
  await sql`DROP TABLE users`.execute(db)
  await sql`ALTER TABLE users_rebuilt RENAME TO users`.execute(db)
  for (const index of indexes) await sql.raw(index).execute(db)
}
