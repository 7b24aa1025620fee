/**
 * What must still be said while the session's token is there, at the moment sign-out takes it:
 * a running call is hung up, so the other person learns at once that this one has gone. Each
 * listener starts its request synchronously (the API client reads the token when a request
 * starts) and is not awaited: sign-out never waits on the network.
 */
const listeners = new Set<() => void>()

/** Calls `listener` when a session is about to end on this page; returns how to stop. */
export function onSessionEnding(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Sign-out says the session is about to end, before it removes the token. */
export function announceSessionEnding(): void {
  for (const listener of [...listeners]) {
    try {
      listener()
    } catch {
      // One listener's failure never keeps a session from ending.
    }
  }
}
