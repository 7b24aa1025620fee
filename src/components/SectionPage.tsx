import { createContext, use, useEffect, type ReactNode } from 'react'

/** Whose screens these are (the hospital's name): the document title names it after the screen. */
export const TitleOwnerContext = createContext<string | null>(null)

interface SectionPageProps {
  title: string
  children?: ReactNode
  /** Put before the document title only (a live count such as "(2) "). */
  titlePrefix?: string
}

/**
 * A screen's frame: its title as the page heading, and "{screen} · {hospital}" as the document
 * title, so tabs, history and the task switcher tell screens and hospitals apart. The heading can
 * take focus (the tenant layout moves focus to it after a client-side navigation).
 */
export function SectionPage({ title, children, titlePrefix = '' }: SectionPageProps) {
  const owner = use(TitleOwnerContext)
  useEffect(() => {
    document.title = titlePrefix + (owner ? `${title} · ${owner}` : title)
  }, [title, owner, titlePrefix])

  return (
    <section className="section-page" aria-labelledby="section-title">
      <h1 id="section-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  )
}
