/**
 * Parameterised SQL only: every statement handed to SQLite (prepare, exec, pragma) is a literal
 * written in the source, so request data can only ever reach the database as a bound parameter.
 * A static check over the server and bench sources, with its own proof that it catches
 * string-built SQL.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..')
const SCANNED_DIRS = ['server', 'bench']

const SQL_CALL = /\.\s*(prepare|exec|pragma)\s*(?:<[^()]*>)?\s*\(\s*/g
// `/…/i.exec(text)` is a regular expression, not SQL.
const AFTER_REGEX_LITERAL = /\/[dgimsuyv]*\s*$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'results' ? [] : sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** The literal at the start of `text` (quote included) and what follows it, or null. */
function readLiteral(text: string): { literal: string; rest: string } | null {
  const quote = text[0]
  if (quote !== "'" && quote !== '"' && quote !== '`') return null
  for (let index = 1; index < text.length; index += 1) {
    if (text[index] === '\\') index += 1
    else if (text[index] === quote)
      return { literal: text.slice(0, index + 1), rest: text.slice(index + 1) }
  }
  return null
}

/** True when `text` starts with a literal free of `${}` that `end` then closes. */
function isPlainLiteral(text: string, end: RegExp): boolean {
  const read = readLiteral(text)
  if (!read) return false
  const interpolates = read.literal.startsWith('`') && read.literal.includes('${')
  return !interpolates && end.test(read.rest)
}

/** The call's argument is a literal, or a constant of the same file bound to one. */
function isLiteralStatement(argument: string, source: string): boolean {
  const identifier = /^([A-Za-z_$][\w$]*)\s*\)/.exec(argument)?.[1]
  // Followed by `)` or `,`: not concatenated with anything.
  if (identifier === undefined) return isPlainLiteral(argument, /^\s*[),]/)
  const binding = new RegExp(String.raw`\bconst\s+${identifier}\s*=\s*`).exec(source)
  if (binding === null) return false
  return isPlainLiteral(source.slice(binding.index + binding[0].length), /^\s*(?:;|\n|$)/)
}

/** Statements in `source` that are not a plain literal (or a constant bound to one). */
export function findBuiltSql(source: string): string[] {
  const problems: string[] = []
  for (const match of source.matchAll(SQL_CALL)) {
    if (match[1] === 'exec' && AFTER_REGEX_LITERAL.test(source.slice(0, match.index))) continue
    const argument = source.slice(match.index + match[0].length)
    if (!isLiteralStatement(argument, source)) {
      problems.push(`${match[0].trim()}${argument.split('\n', 1)[0] ?? ''}`)
    }
  }
  return problems
}

describe('SQL statements', () => {
  const files = SCANNED_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)))

  it('are found where the database is used (the scan is not empty)', () => {
    const calls = files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(SQL_CALL)])
    expect(calls.length).toBeGreaterThanOrEqual(10)
  })

  it.each(files.map((file) => [relative(ROOT, file), file]))(
    '%s builds no SQL from strings',
    (_, file) => {
      expect(findBuiltSql(readFileSync(file, 'utf8'))).toEqual([])
    },
  )

  it('only server/db.ts opens the database driver', () => {
    const importers = files.filter((file) =>
      readFileSync(file, 'utf8').includes("'better-sqlite3'"),
    )
    expect(importers.map((file) => relative(ROOT, file))).toEqual([join('server', 'db.ts')])
  })
})

describe('the check itself', () => {
  it.each([
    ['an interpolated template', "db.prepare(`SELECT * FROM users WHERE email = '${email}'`)"],
    ['a concatenation', "db.prepare('SELECT * FROM users WHERE email = ' + email)"],
    ['a variable', 'function run(db, sql) { db.exec(sql) }'],
    ['an interpolated constant', 'const Q = `DELETE FROM ${table}`\ndb.exec(Q)'],
    ['a call result', 'db.pragma(buildPragma(name))'],
    ['a typed prepare with interpolation', 'db.prepare<[string], Row>(`SELECT ${cols} FROM t`)'],
  ])('flags %s', (_, source) => {
    expect(findBuiltSql(source)).toHaveLength(1)
  })

  it.each([
    ['a quoted literal', "db.prepare('SELECT id FROM users WHERE email = ?').get(email)"],
    ['a template without interpolation', 'db.prepare(`SELECT id\n FROM users WHERE id = ?`)'],
    ['a typed prepare', "db.prepare<[string], Row>('SELECT * FROM t WHERE a = ?')"],
    ['a literal constant', 'const SCHEMA = `CREATE TABLE t (a TEXT)`\ndb.exec(SCHEMA)'],
    ['a regular expression', 'const m = /^Bearer +(\\S+)$/i.exec(header)'],
  ])('accepts %s', (_, source) => {
    expect(findBuiltSql(source)).toEqual([])
  })
})
