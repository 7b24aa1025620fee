import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from './open.js'
import { MIGRATIONS } from './migrations/registry.js'
import { createTestApp } from '../testing/test-app.js'

let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clinica-db-'))
})

afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

// The schema as the server created it before its tables were migrations, written by hand.
const SCHEMA_BEFORE_MIGRATIONS = `
CREATE TABLE hospitals (
  tenant TEXT PRIMARY KEY NOT NULL, nombre TEXT NOT NULL, color_primario TEXT NOT NULL,
  color_secundario TEXT NOT NULL, imagen TEXT NOT NULL
);
CREATE TABLE users (
  id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL,
  nombre TEXT NOT NULL, rol TEXT NOT NULL CHECK (rol IN ('cliente', 'profesional', 'admin')),
  tenant TEXT NOT NULL, is_demo INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1))
);
CREATE TABLE settings (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
INSERT INTO hospitals VALUES ('centro-antiguo', 'Centro Antiguo', '#123456', '#abcdef', '/logos/clinica-sol.png');
INSERT INTO settings VALUES ('token_secret', 'secreto-de-antes-secreto-de-antes-1234');
`

// What the administration release added: its tables, run by the migrator as '0100-administration'.
const ADMINISTRATION_RELEASE = `
ALTER TABLE hospitals ADD COLUMN activo INTEGER NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN activo INTEGER NOT NULL DEFAULT 1;
CREATE TABLE audit_log (id INTEGER PRIMARY KEY, tenant TEXT NOT NULL, actor_id INTEGER NOT NULL,
  actor_email TEXT NOT NULL, accion TEXT NOT NULL, objeto TEXT NOT NULL, antes TEXT, despues TEXT,
  creado_en TEXT NOT NULL);
CREATE INDEX audit_log_by_tenant ON audit_log (tenant, id);
CREATE TABLE access_codes (user_id INTEGER PRIMARY KEY, code_hash TEXT NOT NULL, caduca_en TEXT NOT NULL);
CREATE TABLE logo_images (hash TEXT PRIMARY KEY, tenant TEXT NOT NULL, png BLOB NOT NULL, creado_en TEXT NOT NULL);
CREATE TABLE kysely_migration (name VARCHAR(255) NOT NULL PRIMARY KEY, timestamp VARCHAR(255) NOT NULL);
CREATE TABLE kysely_migration_lock (id VARCHAR(255) NOT NULL PRIMARY KEY, is_locked INTEGER DEFAULT 0 NOT NULL);
INSERT INTO kysely_migration VALUES ('0100-administration', '2026-01-01T00:00:00.000Z');
`

function writeOldFile(path: string, sqlText: string) {
  const old = new Database(path)
  old.exec(sqlText)
  old.close()
}

async function adopt(path: string) {
  const testApp = await createTestApp({ dbPath: path, tokenSecret: undefined })
  const listing = await testApp.app.inject({ url: '/api/hospitales?tenant=centro-antiguo' })
  await testApp.close()
  const db = new Database(path, { readonly: true })
  const secret = db.prepare("SELECT value FROM settings WHERE key = 'token_secret'").get()
  const migrations = db.prepare('SELECT name FROM kysely_migration ORDER BY name').all()
  db.close()
  return { listing: listing.json<unknown[]>(), secret, migrations }
}

describe('the SQLite file', () => {
  it('is created with its directory, readable by its owner only', async () => {
    const path = join(dir, 'nested', 'deeper', 'clinica.sqlite')
    await openDatabase({ engine: 'sqlite', path }).destroy()
    expect(statSync(path).mode & 0o777).toBe(0o600)
  })

  it.each([
    ['before migrations existed', SCHEMA_BEFORE_MIGRATIONS],
    ['of the administration release', SCHEMA_BEFORE_MIGRATIONS + ADMINISTRATION_RELEASE],
  ])('made by the server %s is adopted with its data', async (_, sqlText) => {
    const path = join(dir, 'clinica.sqlite')
    writeOldFile(path, sqlText)
    const adopted = await adopt(path)
    expect(adopted.listing).toEqual([
      {
        tenant: 'centro-antiguo',
        nombre: 'Centro Antiguo',
        color_primario: '#123456',
        color_secundario: '#abcdef',
        imagen: '/logos/clinica-sol.png',
        // Added by a later migration: an old hospital has none until an admin gives one.
        telefono: '',
        nombre_corto: '',
      },
    ])
    expect(adopted.secret).toEqual({ value: 'secreto-de-antes-secreto-de-antes-1234' })
    // Every migration has run, the adopted ones included.
    expect(adopted.migrations).toEqual(
      Object.keys(MIGRATIONS)
        .sort()
        .map((name) => ({ name })),
    )
  })

  it('keeps its accounts, ids and indexes when an address becomes one per hospital', async () => {
    const path = join(dir, 'clinica.sqlite')
    writeOldFile(
      path,
      `${SCHEMA_BEFORE_MIGRATIONS}
      INSERT INTO users VALUES (7, 'ana@example.org', 'hash-a', 'Ana', 'cliente', 'centro-antiguo', 0);
      INSERT INTO users VALUES (9, 'luis@example.org', 'hash-l', 'Luis', 'admin', 'centro-antiguo', 0);`,
    )
    await adopt(path)
    const db = new Database(path)
    try {
      expect(
        db.prepare('SELECT id, email, password_hash, tenant FROM users WHERE id IN (7, 9)').all(),
      ).toEqual([
        { id: 7, email: 'ana@example.org', password_hash: 'hash-a', tenant: 'centro-antiguo' },
        { id: 9, email: 'luis@example.org', password_hash: 'hash-l', tenant: 'centro-antiguo' },
      ])
      const indexes = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'users'")
        .all()
      expect(indexes).toEqual(
        expect.arrayContaining([{ name: 'users_by_tenant_email' }, { name: 'users_by_email' }]),
      )
      const insert = db.prepare(
        "INSERT INTO users (email, password_hash, nombre, rol, tenant) VALUES ('ana@example.org', 'h', 'Ana', 'cliente', ?)",
      )
      // Another hospital may hold the address; the same hospital may not hold it twice.
      expect(() => insert.run('clinica-sol')).not.toThrow()
      expect(() => insert.run('centro-antiguo')).toThrow(/UNIQUE/)
    } finally {
      db.close()
    }
  })
})
