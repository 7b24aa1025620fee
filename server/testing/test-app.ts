import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from '../app.js'
import { createDisposableTestDatabase } from './test-database.js'

/** Cheap scrypt cost so tests stay fast; the hash format and checks are the same. */
export const TEST_SCRYPT_PARAMS = { N: 1024, r: 8, p: 1 }

/** The placeholder the app's index.html carries for the run-time API base URL. */
export const API_BASE_META_PLACEHOLDER = '<meta name="api-base-url" content="" />'

export const TEST_INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    ${API_BASE_META_PLACEHOLDER}
    <title>Clínica</title>
    <script type="module" src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`

/** A hashed asset big enough (> 1 KiB) to be compressed. */
export const TEST_ASSET_JS = `export const x = ${JSON.stringify('clinica '.repeat(400))}\n`

/** Creates a throwaway `dist/` with a tiny index.html, one hashed asset, robots.txt and sw.js. */
export function createTempDist({ withIndex = true }: { withIndex?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'clinica-dist-'))
  mkdirSync(join(dir, 'assets'))
  if (withIndex) writeFileSync(join(dir, 'index.html'), TEST_INDEX_HTML)
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), TEST_ASSET_JS)
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n')
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})\n')
  return dir
}

export interface TestApp {
  app: FastifyInstance
  distDir: string
  /** Closes the app and deletes the temporary dist directory. */
  close(): Promise<void>
}

/**
 * Builds the app on a temporary dist directory and, unless the options name one, a fresh database
 * without rows on the engine under test (in-memory SQLite, or a copy of the run's migrated
 * PostgreSQL template).
 */
export async function createTestApp(
  overrides: Partial<BuildAppOptions> & { withIndex?: boolean } = {},
): Promise<TestApp> {
  const { withIndex, ...options } = overrides
  const namesDatabase =
    options.database !== undefined ||
    options.dbPath !== undefined ||
    options.databaseUrl !== undefined
  const distDir = options.distDir ?? createTempDist({ withIndex })
  const database = namesDatabase ? undefined : await createDisposableTestDatabase()
  const app = await buildApp({
    ...database?.options,
    scryptParams: TEST_SCRYPT_PARAMS,
    ...options,
    distDir,
  })
  return {
    app,
    distDir,
    async close() {
      await app.close()
      await database?.remove()
      if (options.distDir === undefined) rmSync(distDir, { recursive: true, force: true })
    },
  }
}
