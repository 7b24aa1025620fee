import { useState } from 'react'
import { LockScreen } from '../features/auth/LockScreen'
import { WaitingCount } from '../features/care/screens/WaitingCount'
import { useSession } from './tenant-route'

/**
 * The locked screen of a professional on duty: the lock, with the queue's live count (and its
 * tone) in it. Loaded only when a screen locks.
 */
export function LockedScreen() {
  const [waiting, setWaiting] = useState(0)
  const state = useSession()
  // Signed out meanwhile: the sign-in takes over, nothing to lock.
  if (state.status === 'signed-out') return null
  const user = state.status === 'verified' ? state.user : null
  return (
    <LockScreen nombre={user?.nombre ?? null} titleCount={waiting}>
      {user && <WaitingCount professionalId={user.id} onCount={setWaiting} />}
    </LockScreen>
  )
}
