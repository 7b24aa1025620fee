import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import type { BuildAppOptions } from '../app.js'
import { openDatabase } from '../database/open.js'
import type { AppDatabase } from '../database/schema.js'
import { databaseNameOf, withDatabaseName } from './postgres-cluster.js'

/** The engine this test file runs on: the `server-pg` project provides a PostgreSQL database. */
export const TEST_ENGINE: 'sqlite' | 'postgres' =
  inject('postgresUrl') === undefined ? 'sqlite' : 'postgres'

function postgresUrl(): string {
  const url = inject('postgresUrl')
  if (url === undefined) throw new Error('This test runs on PostgreSQL only (server-pg project).')
  return url
}

async function runOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

const runOnTestDatabase = (statement: string) => runOn(postgresUrl(), statement)

/** Creates an empty database on the test server and returns its URL. */
async function createPostgresDatabase(template: string): Promise<string> {
  // The name is generated here, never taken from input.
  const name = `test_${randomUUID().replaceAll('-', '')}`
  await runOnTestDatabase(`CREATE DATABASE ${name} TEMPLATE ${template}`)
  return withDatabaseName(postgresUrl(), name)
}

// This file's schemas live in a database of its own: files run at once, and PostgreSQL keeps
// advisory locks and notifications per database, so no file sees another's.
let fileDatabaseUrl: Promise<string> | undefined

/** A place of its own on the PostgreSQL server, and the way to drop it. */
interface TestPlace {
  url: string
  drop: () => Promise<void>
}

/**
 * A new database copied from the run's migrated template (postgres-global-setup.ts): what an app
 * finds once its migrations ran, without running them again from nothing (a few hundred
 * statements) for every app. Dropped with whatever connection is still open to it.
 */
async function createMigratedPostgresDatabase(): Promise<TestPlace> {
  const template = inject('postgresMigratedTemplate')
  if (template === undefined) throw new Error('The server-pg project provides a template.')
  const url = await createPostgresDatabase(template)
  const name = databaseNameOf(url)
  return { url, drop: () => runOnTestDatabase(`DROP DATABASE ${name} WITH (FORCE)`) }
}

/**
 * A new, empty schema in this file's test database and a URL whose connections use it: every app
 * built on it starts from nothing, as an in-memory SQLite database does, at a fraction of the
 * cost of a new database. It lasts until the run ends.
 */
export async function createPostgresSchemaUrl(): Promise<string> {
  fileDatabaseUrl ??= createPostgresDatabase('template1')
  const database = await fileDatabaseUrl
  // The name is generated here, never taken from input.
  const schema = `test_${randomUUID().replaceAll('-', '')}`
  await runOn(database, `CREATE SCHEMA ${schema}`)
  return `${database}&options=${encodeURIComponent(`-c search_path=${schema}`)}`
}

/**
 * A fresh database on the engine under test for one app, as `buildApp` options, and the way to
 * remove it once the app is closed. It holds no rows; on PostgreSQL its schema is already
 * migrated (the app's own migration run then finds nothing to do), on SQLite it is empty memory.
 */
export async function createDisposableTestDatabase(): Promise<{
  options: Pick<BuildAppOptions, 'dbPath' | 'databaseUrl'>
  remove: () => Promise<void>
}> {
  if (TEST_ENGINE === 'sqlite')
    return { options: { dbPath: ':memory:' }, remove: () => Promise.resolve() }
  const database = await createMigratedPostgresDatabase()
  return { options: { databaseUrl: database.url }, remove: database.drop }
}

/** Where a fresh database lives on the engine under test, as `buildApp` options. */
export async function createTestDatabaseOptions(
  sqliteDir?: string,
): Promise<Pick<BuildAppOptions, 'dbPath' | 'databaseUrl'>> {
  if (TEST_ENGINE === 'postgres') return { databaseUrl: await createPostgresSchemaUrl() }
  // A file when the data must outlive one app (a restart); otherwise memory.
  return { dbPath: sqliteDir === undefined ? ':memory:' : join(sqliteDir, 'clinica.sqlite') }
}

/** Opens the database those options name (to read or change rows behind the app's back). */
export function openTestDatabase(
  options: Pick<BuildAppOptions, 'dbPath' | 'databaseUrl'>,
): AppDatabase {
  return options.databaseUrl === undefined
    ? openDatabase({ engine: 'sqlite', path: options.dbPath ?? ':memory:' })
    : openDatabase({ engine: 'postgres', url: options.databaseUrl })
}

/** A fresh database on the engine under test, owned by the caller (`destroy()` it). */
export async function createTestDatabase(): Promise<AppDatabase> {
  return openTestDatabase(await createTestDatabaseOptions())
}
