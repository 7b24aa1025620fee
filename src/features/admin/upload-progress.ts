/**
 * Upload progress from the administration route's action to the panel that submitted the file.
 * The router carries a form to its action and the answer back, but nothing while the action
 * runs: the panel names its upload with a key in the form, listens under that key, and the
 * action reports there.
 */
type ProgressListener = (sent: number) => void

const listeners = new Map<string, ProgressListener>()

/** Hears the progress (0 to 1) of the upload submitted with `key`, until the returned stop. */
export function listenToUpload(key: string, listener: ProgressListener): () => void {
  listeners.set(key, listener)
  return () => {
    if (listeners.get(key) === listener) listeners.delete(key)
  }
}

/** Where the action reports the progress of the upload submitted with `key` (nobody may hear). */
export function uploadProgressReporter(key: string): ProgressListener {
  return (sent) => {
    listeners.get(key)?.(sent)
  }
}
