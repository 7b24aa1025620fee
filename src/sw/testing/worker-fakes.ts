/**
 * Just enough of a service worker's world for unit tests: an in-memory Cache Storage,
 * extendable events and window clients. Workbox runs against these unchanged.
 */
import { vi } from 'vitest'

function keyOf(request: RequestInfo | URL): string {
  const url = request instanceof Request ? request.url : String(request)
  return new URL(url, self.location.href).href
}

function withoutSearch(key: string): string {
  const url = new URL(key)
  url.search = ''
  return url.href
}

export class FakeCache {
  readonly entries = new Map<string, Response>()
  /** The request each entry was stored with, headers included, as the Cache API keeps it. */
  readonly requests = new Map<string, Request>()

  match(request: RequestInfo | URL, options?: CacheQueryOptions): Promise<Response | undefined> {
    const key = keyOf(request)
    const found = options?.ignoreSearch
      ? [...this.entries].find(([stored]) => withoutSearch(stored) === withoutSearch(key))?.[1]
      : this.entries.get(key)
    return Promise.resolve(found?.clone())
  }

  put(request: RequestInfo | URL, response: Response): Promise<void> {
    const key = keyOf(request)
    this.entries.set(key, response)
    this.requests.set(key, request instanceof Request ? request : new Request(key))
    return Promise.resolve()
  }

  delete(request: RequestInfo | URL): Promise<boolean> {
    const key = keyOf(request)
    this.requests.delete(key)
    return Promise.resolve(this.entries.delete(key))
  }

  keys(): Promise<Request[]> {
    return Promise.resolve(
      [...this.entries.keys()].map((key) => this.requests.get(key) ?? new Request(key)),
    )
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>()

  /** Creates caches named `names`, as an older version of the worker would have left them. */
  static withCaches(names: string[]): FakeCacheStorage {
    const storage = new FakeCacheStorage()
    for (const name of names) storage.caches.set(name, new FakeCache())
    return storage
  }

  open(name: string): Promise<Cache> {
    let cache = this.caches.get(name)
    if (!cache) {
      cache = new FakeCache()
      this.caches.set(name, cache)
    }
    return Promise.resolve(cache as unknown as Cache)
  }

  has(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.has(name))
  }

  delete(name: string): Promise<boolean> {
    return Promise.resolve(this.caches.delete(name))
  }

  keys(): Promise<string[]> {
    return Promise.resolve([...this.caches.keys()])
  }

  async match(
    request: RequestInfo | URL,
    options?: MultiCacheQueryOptions,
  ): Promise<Response | undefined> {
    const names = options?.cacheName ? [options.cacheName] : [...this.caches.keys()]
    for (const name of names) {
      const found = await this.caches.get(name)?.match(request, options)
      if (found) return found
    }
    return undefined
  }

  /** The cache `name` as a fake, for assertions. */
  get(name: string): FakeCache | undefined {
    return this.caches.get(name)
  }

  asCacheStorage(): CacheStorage {
    return this
  }
}

export class FakeExtendableEvent {
  readonly type: string
  private readonly lifetime: Promise<unknown>[] = []

  constructor(type = 'fetch') {
    this.type = type
  }

  waitUntil(promise: Promise<unknown>): void {
    this.lifetime.push(promise)
  }

  /** Resolves once every promise passed to waitUntil (including later ones) has settled. */
  async settle(): Promise<void> {
    let settled = 0
    while (settled < this.lifetime.length) {
      const pending = this.lifetime.slice(settled)
      settled = this.lifetime.length
      await Promise.allSettled(pending)
    }
  }
}

export class FakeFetchEvent extends FakeExtendableEvent {
  readonly request: Request

  constructor(request: Request) {
    super('fetch')
    this.request = request
  }
}

export class FakeExtendableMessageEvent extends FakeExtendableEvent {
  readonly data: unknown

  constructor(data: unknown) {
    super('message')
    this.data = data
  }
}

/** Installs the fakes as the worker globals Workbox reads (`caches`, event classes). */
export function installWorkerGlobals(storage = new FakeCacheStorage()): FakeCacheStorage {
  vi.stubGlobal('caches', storage)
  vi.stubGlobal('ExtendableEvent', FakeExtendableEvent)
  vi.stubGlobal('FetchEvent', FakeFetchEvent)
  // Workbox's development build logs every step; the tests assert behaviour instead.
  vi.stubGlobal('__WB_DISABLE_DEV_LOGS', true)
  return storage
}

/** A fetch event as Workbox's router passes it to a handler. */
export function toFetchEvent(request: Request): ExtendableEvent {
  return new FakeFetchEvent(request) as unknown as ExtendableEvent
}

/** A request whose `destination` is set, as only the browser can do. */
export function requestFor(url: string, destination: RequestDestination, init?: RequestInit) {
  const request = new Request(new URL(url, self.location.href), init)
  Object.defineProperty(request, 'destination', { value: destination })
  return request
}

/** A navigation request (`mode: 'navigate'` cannot be set through the constructor). */
export function navigationRequest(url: string): Request {
  const request = requestFor(url, 'document')
  Object.defineProperty(request, 'mode', { value: 'navigate' })
  return request
}

/** An opaque answer (no-cors, cross-origin): status 0, unreadable, also after clone(). */
export function opaqueResponse(): Response {
  const response = new Response(null)
  Object.defineProperties(response, {
    type: { value: 'opaque' },
    status: { value: 0 },
    ok: { value: false },
    clone: { value: () => opaqueResponse() },
  })
  return response
}

export interface FakeWindowClient {
  id: string
  postMessage: ReturnType<typeof vi.fn>
}

/** `self.clients` with the given window clients. */
export function fakeClients(count: number) {
  const windows: FakeWindowClient[] = Array.from({ length: count }, (_, index) => ({
    id: `window-${String(index)}`,
    postMessage: vi.fn(),
  }))
  const clients = {
    matchAll: vi.fn(() => Promise.resolve(windows)),
    claim: vi.fn(() => Promise.resolve()),
  }
  return { windows, clients, asClients: () => clients as unknown as Clients }
}
