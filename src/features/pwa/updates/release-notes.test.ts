import { describe, expect, it, vi } from 'vitest'
import { parseReleaseNotes, releaseNotesOf } from '../../../contract/release-notes'
import { fetchWaitingReleaseNotes } from './release-notes'

describe('parseReleaseNotes', () => {
  it('reads a version and its Spanish lines', () => {
    expect(
      parseReleaseNotes({ version: '2.0.0', notas: ['Citas más rápidas.', 'Menos errores.'] }),
    ).toEqual({ version: '2.0.0', notas: ['Citas más rápidas.', 'Menos errores.'] })
  })

  it('answers null for anything that is not notes of a named version', () => {
    for (const value of [
      null,
      'notas',
      42,
      [],
      ['2.0.0'],
      {},
      { version: 2, notas: [] },
      { version: '   ', notas: [] },
      { version: 'x'.repeat(101), notas: [] },
    ]) {
      expect(parseReleaseNotes(value)).toBeNull()
    }
  })

  it('drops unusable lines and keeps the rest, trimmed', () => {
    expect(
      parseReleaseNotes({
        version: ' 2.0.0 ',
        notas: ['  Uno.  ', 7, null, '', '   ', { texto: 'x' }, 'Dos\n\tlíneas.'],
      }),
    ).toEqual({ version: '2.0.0', notas: ['Uno.', 'Dos líneas.'] })
    expect(parseReleaseNotes({ version: '2.0.0', notas: 'Uno.' })).toEqual({
      version: '2.0.0',
      notas: [],
    })
  })

  it('keeps at most eight lines of at most 240 characters', () => {
    const notes = parseReleaseNotes({
      version: '2.0.0',
      notas: ['a'.repeat(500), ...Array.from({ length: 20 }, (_, index) => `Cambio ${index}`)],
    })
    expect(notes?.notas).toHaveLength(8)
    expect(notes?.notas[0]).toHaveLength(240)
    expect(notes?.notas[0]?.endsWith('…')).toBe(true)
  })
})

describe('releaseNotesOf (the build)', () => {
  it("takes the version's own lines, or none when the file has no entry for it", () => {
    const source = { '1.0.0': ['Primera.'], '1.1.0': ['Segunda.'] }
    expect(releaseNotesOf(source, '1.1.0')).toEqual({ version: '1.1.0', notas: ['Segunda.'] })
    expect(releaseNotesOf(source, 'abc123')).toEqual({ version: 'abc123', notas: [] })
    expect(releaseNotesOf(source, 'constructor')).toEqual({ version: 'constructor', notas: [] })
    expect(releaseNotesOf(['Primera.'], '0')).toEqual({ version: '0', notas: [] })
    expect(releaseNotesOf(null, '1.0.0')).toEqual({ version: '1.0.0', notas: [] })
  })
})

describe('fetchWaitingReleaseNotes', () => {
  const answer = (body: string, status = 200) =>
    vi.fn<typeof fetch>().mockResolvedValue(new Response(body, { status }))

  it("reads the newest build's notes, uncached", async () => {
    const fetchImpl = answer(JSON.stringify({ version: '2.0.0', notas: ['Nuevo.'] }))
    await expect(fetchWaitingReleaseNotes('1.0.0', fetchImpl)).resolves.toEqual({
      version: '2.0.0',
      notas: ['Nuevo.'],
    })
    expect(fetchImpl).toHaveBeenCalledWith('/release-notes.json', {
      cache: 'no-store',
      credentials: 'omit',
    })
  })

  it('answers null for its own version, a broken file, an error status or no network', async () => {
    const own = JSON.stringify({ version: '1.0.0', notas: ['Viejo.'] })
    await expect(fetchWaitingReleaseNotes('1.0.0', answer(own))).resolves.toBeNull()
    await expect(fetchWaitingReleaseNotes('1.0.0', answer('<html>'))).resolves.toBeNull()
    await expect(fetchWaitingReleaseNotes('1.0.0', answer('{}', 404))).resolves.toBeNull()
    const offline = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(fetchWaitingReleaseNotes('1.0.0', offline)).resolves.toBeNull()
  })
})
