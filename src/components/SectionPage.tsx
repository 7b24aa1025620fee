import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { readUnseenAlertCount, subscribeToUnseenAlertCount } from '../lib/title-count'

/** Whose screens these are (the hospital's name): the document title names it after the screen. */
export const TitleOwnerContext = createContext<string | null>(null)

interface SectionPageProps {
  title: string
  children?: ReactNode
  /** What the screen itself counts for attention (who is waiting), added to unseen alerts. */
  titleCount?: number
}

/**
 * A screen's frame: its title as the page heading, and "{screen} · {hospital}" as the document
 * title, so tabs, history and the task switcher tell screens and hospitals apart; before it, in
 * brackets, what asks for attention: the screen's own count and the alerts not yet seen ("(2) ").
 * The heading can take focus (the tenant layout moves focus to it after a client-side navigation).
 */
export function SectionPage({ title, children, titleCount = 0 }: SectionPageProps) {
  const owner = use(TitleOwnerContext)
  const unseenAlerts = useSyncExternalStore(
    subscribeToUnseenAlertCount,
    readUnseenAlertCount,
    () => 0,
  )
  const count = titleCount + unseenAlerts
  useEffect(() => {
    document.title =
      (count > 0 ? `(${String(count)}) ` : '') + (owner ? `${title} · ${owner}` : title)
  }, [title, owner, count])

  return (
    <section className="section-page" aria-labelledby="section-title">
      <h1 id="section-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  )
}
