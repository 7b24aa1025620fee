import type { TestProject } from 'vitest/node'
import { migrateToLatest } from '../database/migrate.js'
import { openDatabase } from '../database/open.js'
import { databaseNameOf, startPostgresCluster } from './postgres-cluster.js'

declare module 'vitest' {
  interface ProvidedContext {
    /** The test database of the `server-pg` project; absent in every other project. */
    postgresUrl?: string
    /**
     * A database of the `server-pg` project with every migration applied and nothing else: a
     * test app starts on a copy of it (`CREATE DATABASE … TEMPLATE`). Nobody connects to it.
     */
    postgresMigratedTemplate?: string
  }
}

// Far longer than the suite, short enough that a killed run leaves no server behind for long.
const CLUSTER_LIFETIME_SECONDS = 3600

/** Runs every migration, from nothing, on the database `url` names. */
async function migrate(url: string): Promise<void> {
  const db = openDatabase({ engine: 'postgres', url })
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
}

/**
 * Starts a throwaway PostgreSQL for the server suite and stops it when the run ends, whatever
 * its outcome. Missing binaries fail the run: this project only exists when they are expected.
 * The migrations run once here, from nothing, into the template test apps are copied from; a
 * failing migration fails the run before any test.
 */
export default async function setup(project: TestProject) {
  const started = Date.now()
  const cluster = await startPostgresCluster({ lifetimeSeconds: CLUSTER_LIFETIME_SECONDS })
  try {
    project.provide('postgresUrl', await cluster.createDatabase())
    const templateUrl = await cluster.createDatabase()
    await migrate(templateUrl)
    project.provide('postgresMigratedTemplate', databaseNameOf(templateUrl))
  } catch (error) {
    await cluster.stop()
    throw error
  }
  console.info(`PostgreSQL for the server suite ready in ${String(Date.now() - started)} ms`)
  return () => cluster.stop()
}
