/** What the waiting version of the app changes, read from the newest build on the server. */
import {
  parseReleaseNotes,
  RELEASE_NOTES_FILE,
  type ReleaseNotes,
} from '../../../contract/release-notes'

/**
 * The newest build's notes, or null when they cannot be read (offline, a dev server, a broken
 * file) or they are this version's own (nothing newer is deployed). Never rejects. Not cached
 * and never precached: the file names whichever build the server holds now.
 */
export async function fetchWaitingReleaseNotes(
  currentVersion: string,
  fetchImpl: typeof fetch = fetch,
): Promise<ReleaseNotes | null> {
  try {
    const response = await fetchImpl(`/${RELEASE_NOTES_FILE}`, {
      cache: 'no-store',
      credentials: 'omit',
    })
    if (!response.ok) return null
    const notes = parseReleaseNotes(await response.json())
    return notes && notes.version !== currentVersion ? notes : null
  } catch {
    return null
  }
}
