/**
 * Runs `task` once the browser has painted what the document holds. A screen the build rendered
 * into the HTML is then on screen whole, button included, before the app's code takes the main
 * thread to start and take it over: without this, a phone may finish reading the HTML and run
 * the app's scripts in the same task, and show the screen only once they are done.
 */
export function afterNextPaint(task: () => void, win: Window = window): void {
  const doc = win.document
  let hasRun = false
  const runOnce = () => {
    if (hasRun) return
    hasRun = true
    doc.removeEventListener('visibilitychange', runWhenHidden)
    task()
  }
  // A hidden page paints no frame, and its frame callbacks wait until it is shown again.
  function runWhenHidden() {
    if (doc.visibilityState === 'hidden') runOnce()
  }
  if (doc.visibilityState === 'hidden') {
    runOnce()
    return
  }
  doc.addEventListener('visibilitychange', runWhenHidden)
  // A frame callback runs just before the paint; a task queued from it runs after that paint.
  win.requestAnimationFrame(() => win.setTimeout(runOnce, 0))
}
