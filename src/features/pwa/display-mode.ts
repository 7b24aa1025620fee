/** Whether the app runs installed (from the home screen or the app list) or in a browser tab. */

interface NavigatorWithStandalone {
  /** Safari on iOS: true when opened from the home screen; it has no `display-mode` for that. */
  standalone?: boolean
}

/** True when the app was opened as an installed app rather than in a browser tab. */
export function isInstalledApp(): boolean {
  const isStandaloneDisplay =
    typeof window.matchMedia === 'function' &&
    ['standalone', 'fullscreen', 'minimal-ui'].some(
      (mode) => window.matchMedia(`(display-mode: ${mode})`).matches,
    )
  return isStandaloneDisplay || (navigator as NavigatorWithStandalone).standalone === true
}
