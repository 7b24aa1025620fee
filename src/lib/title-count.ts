/**
 * The count of alerts this tab has not yet seen, which every screen puts before its document
 * title ("(2) Área del paciente · Hospital Central"): a person sees it on a tab they are not
 * looking at. The alerts (src/features/care/alerts/) set it; screens read it.
 */
let count = 0
const listeners = new Set<() => void>()

export function setUnseenAlertCount(next: number): void {
  if (next === count) return
  count = next
  for (const listener of listeners) listener()
}

export function readUnseenAlertCount(): number {
  return count
}

export function subscribeToUnseenAlertCount(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
