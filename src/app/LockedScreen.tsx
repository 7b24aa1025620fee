import { use, useState } from 'react'
import type { SessionState } from '../features/auth/session'
import { LockScreen } from '../features/auth/LockScreen'
import { WaitingCount } from '../features/care/WaitingCount'

/**
 * The locked screen of a professional on duty: the lock, with the queue's live count (and its
 * tone) in it. Loaded only when a screen locks.
 */
export function LockedScreen({ session }: { session: Promise<SessionState> }) {
  const [waiting, setWaiting] = useState(0)
  const state = use(session)
  // Signed out meanwhile: the sign-in takes over, nothing to lock.
  if (state.status === 'signed-out') return null
  const user = state.status === 'verified' ? state.user : null
  return (
    <LockScreen
      nombre={user?.nombre ?? null}
      titlePrefix={waiting > 0 ? `(${String(waiting)}) ` : ''}
    >
      {user && <WaitingCount professionalId={user.id} onCount={setWaiting} />}
    </LockScreen>
  )
}
