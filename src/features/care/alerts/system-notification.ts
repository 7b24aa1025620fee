/**
 * The system notification of an alert the page heard, for when no tab of the app is in view. Like
 * a pushed one it may land on a lock screen or a shared tablet: the hospital's name and a general
 * text, never a patient's name nor a reason, and one per consultation (its `tag`, the same as a
 * push's, so the two replace each other rather than pile up).
 */
import { quienNotifica } from '../../../contract/alert-rules'
import { TEXTOS_AVISO } from '../../../contract/push-rules'
import { isDeviceSubscribed } from '../../../lib/push-device'
import type { CareAlert } from './alert-of-event'

export function canNotify(): boolean {
  return 'Notification' in window
}

export function notificationPermission(): NotificationPermission {
  return canNotify() ? Notification.permission : 'denied'
}

export async function requestNotifications(): Promise<NotificationPermission> {
  if (!canNotify()) return 'denied'
  try {
    return await Notification.requestPermission()
  } catch {
    return Notification.permission
  }
}

/**
 * Shows the alert's notification when this page is the one to (`quienNotifica`); a press brings
 * the window back and calls `open`.
 */
export async function notifyIfNobodySees(
  alert: CareAlert,
  hospitalName: string,
  isAnyTabVisible: boolean,
  open: () => void,
): Promise<void> {
  const permission = notificationPermission()
  if (permission !== 'granted') return
  const isSubscribed = alert.isPushed ? await isDeviceSubscribed() : false
  const who = quienNotifica({
    isPushed: alert.isPushed,
    isDeviceSubscribed: isSubscribed,
    isAnyTabVisible,
    permission,
  })
  if (who !== 'pagina') return
  try {
    const notification = new Notification(hospitalName, {
      body: TEXTOS_AVISO[alert.tipo],
      tag: `asistencia-${alert.asistenciaId}`,
      lang: 'es',
      // Immediate care stays on screen until someone looks at it.
      requireInteraction: alert.isUrgent,
    })
    notification.onclick = () => {
      window.focus()
      open()
      notification.close()
    }
  } catch {
    // Some browsers allow notifications only from the worker: the tone and the title remain.
  }
}
