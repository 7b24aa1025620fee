import { useEffect, type ReactNode } from 'react'

interface SectionPageProps {
  title: string
  children?: ReactNode
}

/**
 * A screen's frame: its title as the page heading and the document title. The heading can take
 * focus (the tenant layout moves focus to it after a client-side navigation).
 */
export function SectionPage({ title, children }: SectionPageProps) {
  useEffect(() => {
    document.title = title
  }, [title])

  return (
    <section className="section-page" aria-labelledby="section-title">
      <h1 id="section-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  )
}
