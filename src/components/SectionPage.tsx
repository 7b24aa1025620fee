import { useEffect, useRef, type ReactNode } from 'react'

interface SectionPageProps {
  title: string
  children?: ReactNode
}

/** A screen's frame: its title as the page heading and the document title, focus on arrival. */
export function SectionPage({ title, children }: SectionPageProps) {
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    document.title = title
    // After a client-side navigation, screen readers start reading at the new screen's title.
    heading.current?.focus({ preventScroll: true })
  }, [title])

  return (
    <section className="section-page" aria-labelledby="section-title">
      <h1 id="section-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  )
}
