import { useEffect, useState } from 'react'

// Modules already here: a part mounted again (another hospital's layout) shows at once.
const loadedModules = new WeakMap<() => Promise<unknown>, unknown>()

/**
 * The module `load` brings, asked for once the part using it has rendered: null until it has
 * arrived (or when it cannot be fetched). Code that no screen needs to be taken over (the update
 * prompt, the install offer) stays out of the first load this way; until it arrives, the caller
 * renders the markup that part starts with, which is also what the build put in the HTML.
 * `load` must be one function for the app's life (a module-level constant).
 */
export function useModuleAfterRender<T extends object>(load: () => Promise<T>): T | null {
  const [module, setModule] = useState(() => (loadedModules.get(load) as T | undefined) ?? null)
  useEffect(() => {
    if (module !== null) return
    let isCurrent = true
    load().then(
      (loaded) => {
        loadedModules.set(load, loaded)
        if (isCurrent) setModule(() => loaded)
      },
      // Offline without the worker: the part keeps its first markup, as it would with nothing
      // to offer.
      () => undefined,
    )
    return () => {
      isCurrent = false
    }
  }, [load, module])
  return module
}
