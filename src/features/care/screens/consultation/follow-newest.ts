/**
 * A conversation that follows: while the person is at its end, each new line comes into view (and
 * so does what they send themselves, wherever they were); scrolled up to read, nothing moves and
 * "Nuevos mensajes" offers the jump instead. Smooth, unless the person asks for reduced motion.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

// Within this many pixels of the end counts as at the end: a rounded line height or the last
// half line must not stop the following.
const END_SLACK_PX = 48

/** The conversation's last line: what identifies it, and whether the person wrote it. */
export interface Newest {
  key: string
  isOwn: boolean
}

export interface FollowNewest {
  /** The scrolling box of the conversation. */
  box: React.RefObject<HTMLDivElement | null>
  /** The list inside it: when it grows (a photo drawn), the end stays in view if it was. */
  content: React.RefObject<HTMLOListElement | null>
  onScroll: () => void
  /** New lines arrived below while the person read above. */
  hasUnseen: boolean
  /** "Nuevos mensajes": to the newest line, and the keyboard goes to the conversation. */
  jump: () => void
  /** The person sent a line: it comes into view, wherever they were. */
  follow: () => void
}

function isAtEnd(box: HTMLElement): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= END_SLACK_PX
}

function motion(): ScrollBehavior {
  const isReduced =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  return isReduced ? 'auto' : 'smooth'
}

function scrollToEnd(box: HTMLElement, behavior: ScrollBehavior) {
  // Browsers without smooth scrolling of an element jump.
  if (typeof box.scrollTo === 'function') box.scrollTo({ top: box.scrollHeight, behavior })
  else box.scrollTop = box.scrollHeight
}

export function useFollowNewest(newest: Newest | null): FollowNewest {
  const box = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLOListElement>(null)
  // At the end, or on the way there: a smooth scroll passes through places above the end.
  const isFollowing = useRef(true)
  const lastTop = useRef(0)
  const shownKey = useRef<string | null>(null)
  const [hasUnseen, setHasUnseen] = useState(false)
  const newestKey = newest?.key ?? null
  const isOwn = newest?.isOwn ?? false
  const hasLines = newestKey !== null

  const toEnd = useCallback((behavior: ScrollBehavior) => {
    if (box.current === null) return
    isFollowing.current = true
    setHasUnseen(false)
    scrollToEnd(box.current, behavior)
    // Where a smooth scroll starts from (or the end, reached at once): it goes down from here.
    lastTop.current = box.current.scrollTop
  }, [])

  // Before paint: a conversation opened shows its end at once, never its beginning first.
  useLayoutEffect(() => {
    if (newestKey === null || newestKey === shownKey.current) return
    const isFirst = shownKey.current === null
    shownKey.current = newestKey
    if (isFirst) toEnd('auto')
    else if (isFollowing.current || isOwn) toEnd(motion())
    else setHasUnseen(true)
  }, [newestKey, isOwn, toEnd])

  // A photo drawn late, a keyboard that shrinks the window: the end stays where it was.
  useEffect(() => {
    if (!hasLines || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (!isFollowing.current || box.current === null) return
      scrollToEnd(box.current, 'auto')
      lastTop.current = box.current.scrollTop
    })
    if (box.current) observer.observe(box.current)
    if (content.current) observer.observe(content.current)
    return () => {
      observer.disconnect()
    }
  }, [hasLines])

  const onScroll = useCallback(() => {
    const element = box.current
    if (element === null) return
    const top = element.scrollTop
    if (isAtEnd(element)) {
      isFollowing.current = true
      setHasUnseen(false)
    } else if (top < lastTop.current) {
      // The person went up to read.
      isFollowing.current = false
    }
    lastTop.current = top
  }, [])

  const jump = useCallback(() => {
    // Focus first, without its own scroll: that would cut the smooth one short.
    box.current?.focus({ preventScroll: true })
    toEnd(motion())
  }, [toEnd])

  const follow = useCallback(() => {
    toEnd(motion())
  }, [toEnd])

  return { box, content, onScroll, hasUnseen, jump, follow }
}
