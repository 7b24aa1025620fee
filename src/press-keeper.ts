/**
 * Runs before the screen is painted (the shell holds it inline, `scripts/shell-head.ts`): a press on a server-rendered screen before the app has taken it over
 * is kept, never sent by the browser. See `app/press-keeper.ts`.
 */
import { keepPressesUntilReady } from './app/press-keeper'

keepPressesUntilReady(document)
