/**
 * The page's entry: the styles, what decides the first frame and the browser's install offer
 * (sent once, at any moment), then the app's start
 * (`app/start.tsx`). A screen the build rendered into the HTML, opened by someone signed out, is
 * painted whole before the start runs (the shell keeps any early press for it: `press-keeper.ts`);
 * anything else starts at once, since the app will paint over it.
 */
import { afterNextPaint } from './app/after-next-paint'
import { PRERENDERED_ATTRIBUTE } from './contract/app-shell'
import { hasSessionToken } from './features/auth/session-token'
import { isKioskMode, showKioskMode } from './features/auth/kiosk-mode'
import { installPrompt } from './features/pwa/install/install-prompt'
import './app/styles.css'
import './app/kiosk.css'

// Before the first frame: a kiosk's screen never changes its layout under the first touch.
showKioskMode(document.documentElement, isKioskMode())
// Chromium sends its install offer once, possibly before the app has started: kept from here.
installPrompt.listen(window)

const start = () => void import('./app/start')
const isScreenForTheVisitor =
  document.getElementById('root')?.hasAttribute(PRERENDERED_ATTRIBUTE) === true &&
  !hasSessionToken()
if (isScreenForTheVisitor) afterNextPaint(start)
else start()
