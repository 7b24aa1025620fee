import type { TestProject } from 'vitest/node'
import { startPostgresCluster } from './postgres-cluster.js'

declare module 'vitest' {
  interface ProvidedContext {
    /** The test database of the `server-pg` project; absent in every other project. */
    postgresUrl?: string
  }
}

// Far longer than the suite, short enough that a killed run leaves no server behind for long.
const CLUSTER_LIFETIME_SECONDS = 3600

/**
 * Starts a throwaway PostgreSQL for the server suite and stops it when the run ends, whatever
 * its outcome. Missing binaries fail the run: this project only exists when they are expected.
 */
export default async function setup(project: TestProject) {
  const started = Date.now()
  const cluster = await startPostgresCluster({ lifetimeSeconds: CLUSTER_LIFETIME_SECONDS })
  project.provide('postgresUrl', await cluster.createDatabase())
  console.info(`PostgreSQL for the server suite ready in ${String(Date.now() - started)} ms`)
  return () => cluster.stop()
}
