/**
 * What a session leaves on this device besides storage, removed when it ends (sign-out, the 401
 * wipe): the caches that may hold user data, and the device's push subscription, so the next
 * person here gets none of the previous one's alerts.
 */
import { forgetDevice } from './push-device'
import { deleteUserCaches } from './user-caches'

export async function forgetDeviceSessionData(): Promise<void> {
  // Not awaited: offline, the server learns of it from the push service (404/410) instead.
  void forgetDevice()
  await deleteUserCaches()
}
