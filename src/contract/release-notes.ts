/**
 * Release notes: what each version changes, in Spanish, kept with the code in
 * `release-notes.json` (version → lines). The build writes the current version's notes into the
 * app and beside it as `/release-notes.json`, where a page still running the previous version
 * reads what the waiting one brings. Pure: the build and the page both use it.
 */

/** The file the build emits at the root of the app (never precached: it names the newest build). */
export const RELEASE_NOTES_FILE = 'release-notes.json'

export interface ReleaseNotes {
  version: string
  /** Spanish sentences, one change each; empty when nothing was written for this version. */
  notas: string[]
}

const MAX_LINES = 8
const MAX_LINE_LENGTH = 240
const MAX_VERSION_LENGTH = 100

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The usable lines of `value`: trimmed non-empty strings, at most 8, each cut at 240 characters. */
function readLines(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((line): line is string => typeof line === 'string')
    .map((line) => line.trim().replace(/\s+/g, ' '))
    .filter((line) => line !== '')
    .slice(0, MAX_LINES)
    .map((line) =>
      line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH - 1)}…` : line,
    )
}

/**
 * Reads an emitted `release-notes.json` (`{ version, notas }`). Null when it is not an object
 * with a sensible version; unusable lines are dropped, never shown as they are.
 */
export function parseReleaseNotes(value: unknown): ReleaseNotes | null {
  if (!isRecord(value)) return null
  const { version } = value
  if (typeof version !== 'string') return null
  const trimmed = version.trim()
  if (trimmed === '' || trimmed.length > MAX_VERSION_LENGTH) return null
  return { version: trimmed, notas: readLines(value.notas) }
}

/** The notes of `version` from the kept file (version → lines); none when it has no entry. */
export function releaseNotesOf(source: unknown, version: string): ReleaseNotes {
  const lines = isRecord(source) && Object.hasOwn(source, version) ? source[version] : undefined
  return { version, notas: readLines(lines) }
}
