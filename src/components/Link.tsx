import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react'
import { useHref, useLinkClickHandler, type To } from 'react-router-dom'

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the app. */
  to: To
  replace?: boolean
  state?: unknown
  ref?: Ref<HTMLAnchorElement>
}

/**
 * A link to a screen of the app, opened by the router (a modified click, or one to another
 * window, is left to the browser). The app's links are all its own paths: react-router's `Link`
 * also prefetches and opens other origins, code that is in no screen's first load this way.
 */
export function Link({ to, replace, state, target, onClick, ...props }: LinkProps) {
  const href = useHref(to)
  const openInApp = useLinkClickHandler(to, { replace, state, target })
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event)
        if (!event.defaultPrevented) openInApp(event)
      }}
    />
  )
}
