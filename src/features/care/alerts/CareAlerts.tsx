/**
 * In-app alerts, on whichever screen is open: from the person's live stream, each piece of news
 * for them (their request taken, a message, a referral, the end, an expiry; for a professional a
 * message, a referral to them, someone with no appointment waiting) becomes a banner with a link
 * (unless the screen shows it by itself), words for screen readers, a short tone, a count in the
 * tab's title, and a system notification when no tab is in view. Once per piece of news across
 * the person's tabs (`tab-coordinator.ts`). Mounted once, in the signed-in shell.
 */
import './CareAlerts.css'
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router-dom'
import { Link } from '../../../components/Link'
import { paths } from '../../../config/paths'
import { setUnseenAlertCount } from '../../../lib/title-count'
import { careLiveOf } from '../live/live'
import { newId } from '../api/new-id'
import {
  alertLink,
  alertOfEvent,
  isShownBy,
  type AlertViewer,
  type CareAlert,
} from './alert-of-event'
import { notifyIfNobodySees } from './system-notification'
import { createTabCoordinator, type Delivery, type TabCoordinator } from './tab-coordinator'
import { playAlertTone } from './tone'

/** Banners kept at once: the newest; older news is one tap away on its screen anyway. */
const MAX_BANNERS = 5

const isInView = () => document.visibilityState !== 'hidden'

export function CareAlerts({
  id,
  rol,
  tenant,
  hospitalName,
  standsForQueue,
}: AlertViewer & {
  hospitalName: string
  /** True while the screen shown stands for the queue (a locked duty screen). */
  standsForQueue: () => boolean
}) {
  const viewer = useMemo(() => ({ id, rol, tenant }), [id, rol, tenant])
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const [banners, setBanners] = useState<CareAlert[]>([])
  // News the open screen shows by itself, heard while the tab was out of view.
  const [unseenHere, setUnseenHere] = useState(0)
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 })
  const coordinator = useRef<TabCoordinator | null>(null)
  const queuePath = paths.screen(viewer.tenant, 'profesional')
  const live = careLiveOf(useQueryClient())

  const receive = useEffectEvent((alert: CareAlert, delivery: Delivery) => {
    if (delivery.playsTone) playAlertTone(alert.isUrgent)
    if (delivery.isLeader) {
      void notifyIfNobodySees(alert, hospitalName, delivery.isAnyTabVisible, () => {
        void navigate(alertLink(alert).to)
      })
    }
    // The queue counts its own waiting requests in the title.
    if (alert.isForQueue) return
    if (isShownBy(alert, pathname)) {
      if (!isInView()) setUnseenHere((count) => count + 1)
      return
    }
    setBanners((shown) =>
      [alert, ...shown.filter((banner) => banner.clave !== alert.clave)].slice(0, MAX_BANNERS),
    )
    setAnnouncement((last) => ({ text: alert.texto, count: last.count + 1 }))
  })
  const forget = useEffectEvent((clave: string) => {
    setBanners((shown) => shown.filter((banner) => banner.clave !== clave))
  })
  const stateOfTab = useEffectEvent(() => ({ isVisible: isInView(), pathname }))

  useEffect(() => {
    const hasChannel = typeof BroadcastChannel === 'function'
    const locks = 'locks' in navigator ? navigator.locks : null
    const name = `clinica-avisos:${viewer.tenant}:${String(viewer.id)}`
    const channel = hasChannel ? new BroadcastChannel(name) : null
    const current = createTabCoordinator({
      name,
      tab: newId(),
      state: () => stateOfTab(),
      // A locked duty screen stands for the queue: its tone and notification are the queue's.
      isOnQueue: (path) => path === queuePath || standsForQueue(),
      onAlert: (alert, delivery) => {
        receive(alert, delivery)
      },
      onSeen: (clave) => {
        forget(clave)
      },
      locks: channel === null ? null : locks,
      channel: locks === null ? null : channel,
    })
    coordinator.current = current
    const stop = live.subscribe((event) => {
      const alert = alertOfEvent(event, viewer)
      if (alert !== null) current.hear(alert)
    })
    const onVisibility = () => {
      if (isInView()) setUnseenHere(0)
      current.update()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      stop()
      current.close()
      coordinator.current = null
    }
  }, [viewer, queuePath, live, standsForQueue])

  // A new screen: news it shows is seen, and the leader learns where this tab is.
  const [screen, setScreen] = useState(pathname)
  if (screen !== pathname) {
    setScreen(pathname)
    setBanners((shown) => shown.filter((banner) => !isShownBy(banner, pathname)))
    setUnseenHere(0)
  }
  useEffect(() => {
    coordinator.current?.update()
  }, [pathname])

  const count = banners.length + unseenHere
  useEffect(() => {
    setUnseenAlertCount(count)
  }, [count])
  useEffect(
    () => () => {
      setUnseenAlertCount(0)
    },
    [],
  )

  const dismiss = (alert: CareAlert) => {
    setBanners((shown) => shown.filter((banner) => banner.clave !== alert.clave))
    coordinator.current?.seen(alert.clave)
  }

  return (
    <>
      {/* Always there, so what it says is read out as it changes. */}
      <p id="avisos-recientes" role="status" className="visually-hidden">
        <span key={announcement.count}>{announcement.text}</span>
      </p>
      {banners.length > 0 && (
        <section className="care-alerts" aria-label="Avisos nuevos">
          <ul>
            {banners.map((alert) => {
              const link = alertLink(alert)
              return (
                <li key={alert.clave} className="care-alert">
                  <p className="care-alert-text">{alert.texto}</p>
                  <Link
                    to={link.to}
                    onClick={() => {
                      dismiss(alert)
                    }}
                  >
                    {link.label}
                  </Link>
                  <button
                    type="button"
                    className="care-alert-close"
                    aria-label={`Cerrar aviso: ${alert.texto}`}
                    onClick={() => {
                      dismiss(alert)
                    }}
                  >
                    Cerrar
                  </button>
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </>
  )
}
