/**
 * The photos a form sends: each shrunk on the phone once, then uploaded with its own progress;
 * one that fails says why by itself and can be sent again. The form decides when to send (after
 * its request exists, with its message).
 */
import { useCallback, useRef, useState } from 'react'
import { uploadFoto } from '../api/care-api'
import { describeCareError } from '../api/care-errors'
import { shrinkPhoto, SHRUNK_NAME } from './shrink-photo'

export type PhotoState =
  | { estado: 'elegida' }
  | { estado: 'enviando'; progreso: number }
  | { estado: 'enviada'; id: string }
  | { estado: 'error'; mensaje: string; error: unknown }

export interface PhotoEntry {
  key: string
  file: File
  state: PhotoState
}

let nextKey = 0

export function usePhotoUploads() {
  const [entries, setEntries] = useState<PhotoEntry[]>([])
  // Shrunk once per photo: a retry sends the same bytes.
  const shrunk = useRef(new Map<string, Promise<Blob>>())

  const update = useCallback((key: string, state: PhotoState) => {
    setEntries((shown) => shown.map((entry) => (entry.key === key ? { ...entry, state } : entry)))
  }, [])

  const add = useCallback((files: readonly File[]) => {
    const added = files.map((file) => {
      nextKey += 1
      return { key: `foto-${String(nextKey)}`, file, state: { estado: 'elegida' } as const }
    })
    setEntries((shown) => [...shown, ...added])
  }, [])

  const remove = useCallback((key: string) => {
    shrunk.current.delete(key)
    setEntries((shown) => shown.filter((entry) => entry.key !== key))
  }, [])

  const clear = useCallback(() => {
    shrunk.current.clear()
    setEntries([])
  }, [])

  /** The photo as it will be sent (shrunk where the browser can). */
  const prepared = useCallback((entry: PhotoEntry): Promise<Blob> => {
    let photo = shrunk.current.get(entry.key)
    if (photo === undefined) {
      photo = shrinkPhoto(entry.file)
      shrunk.current.set(entry.key, photo)
    }
    return photo
  }, [])

  /** Sends one photo; resolves to its id, or null when it failed (shown by the photo). */
  const sendOne = useCallback(
    async (asistenciaId: string, entry: PhotoEntry): Promise<string | null> => {
      if (entry.state.estado === 'enviada') return entry.state.id
      update(entry.key, { estado: 'enviando', progreso: 0 })
      try {
        const photo = await prepared(entry)
        const file =
          photo === entry.file ? entry.file : new File([photo], SHRUNK_NAME, { type: photo.type })
        const { id } = await uploadFoto(asistenciaId, file, (progreso) => {
          update(entry.key, { estado: 'enviando', progreso })
        })
        update(entry.key, { estado: 'enviada', id })
        return id
      } catch (error) {
        update(entry.key, { estado: 'error', mensaje: describeCareError(error), error })
        return null
      }
    },
    [prepared, update],
  )

  /**
   * Sends every photo not sent yet, one after another (a slow link shares itself badly).
   * Resolves to their ids in order, or null when any failed.
   */
  const sendAll = useCallback(
    async (asistenciaId: string, list: readonly PhotoEntry[]): Promise<string[] | null> => {
      const ids: (string | null)[] = []
      for (const entry of list) ids.push(await sendOne(asistenciaId, entry))
      return ids.every((id) => id !== null) ? ids : null
    },
    [sendOne],
  )

  return { entries, add, remove, clear, prepared, sendOne, sendAll }
}
