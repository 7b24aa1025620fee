import { describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from './after-next-paint'

/** A window whose frames and timers run only when the test says. */
function controlledWindow(visibility: DocumentVisibilityState) {
  const frames: FrameRequestCallback[] = []
  const timers: (() => void)[] = []
  let state = visibility
  const doc = document.implementation.createHTMLDocument('')
  Object.defineProperty(doc, 'visibilityState', { get: () => state })
  const win = {
    document: doc,
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  } as unknown as Window
  return {
    win,
    paintFrame: () => {
      for (const callback of frames.splice(0)) callback(0)
    },
    runTimers: () => {
      for (const callback of timers.splice(0)) callback()
    },
    hide: () => {
      state = 'hidden'
      doc.dispatchEvent(new Event('visibilitychange'))
    },
  }
}

describe('afterNextPaint', () => {
  it('runs the task after the next frame has been painted, not before nor in the frame', () => {
    const page = controlledWindow('visible')
    const task = vi.fn()
    afterNextPaint(task, page.win)
    page.runTimers()
    expect(task).not.toHaveBeenCalled()
    page.paintFrame()
    expect(task).not.toHaveBeenCalled()
    page.runTimers()
    expect(task).toHaveBeenCalledOnce()
  })

  it('runs at once on a hidden page, which paints no frame', () => {
    const page = controlledWindow('hidden')
    const task = vi.fn()
    afterNextPaint(task, page.win)
    expect(task).toHaveBeenCalledOnce()
  })

  it('runs once when the page is hidden while the frame is awaited', () => {
    const page = controlledWindow('visible')
    const task = vi.fn()
    afterNextPaint(task, page.win)
    page.hide()
    expect(task).toHaveBeenCalledOnce()
    page.paintFrame()
    page.runTimers()
    page.hide()
    expect(task).toHaveBeenCalledOnce()
  })
})
