/**
 * "Información técnica": the state of the app on this device, for support. Only the app's own
 * machinery is read (worker, caches, storage figures, connection, browser): never the token,
 * the user, or what a cache holds beyond its size.
 */
import { appVersion } from '../../../config/env'
import { formatBytes, formatDateTime } from '../../../lib/locale'
import { describeCallRelay } from '../../../lib/call-relay'
import { describePushState } from '../../../lib/push-device'
import { readBrandingRefreshedAt } from '../../../shared/branding-db'
import { describeConnection } from '../connection/connection-message'
import { connectionMonitor } from '../connection/connection-status'
import { isInstalledApp } from '../display-mode'

export interface WorkerDiagnostics {
  /** False in a browser without service workers (or a context that hides them). */
  isSupported: boolean
  isInstalling: boolean
  isWaiting: boolean
  isActive: boolean
  /** Whether this page is controlled by a worker. */
  isControlled: boolean
}

export interface CacheDiagnostics {
  name: string
  entries: number
  /** Bytes of the bodies that can be measured (a cross-origin logo's cannot: it counts 0). */
  bytes: number
}

export interface Diagnostics {
  collectedAt: number
  version: string
  tenant: string
  worker: WorkerDiagnostics
  /** Null when Cache Storage cannot be read. */
  caches: CacheDiagnostics[] | null
  storage: { usedBytes: number | null; quotaBytes: number | null; isPersistent: boolean | null }
  isInstalled: boolean
  brandingRefreshedAt: number | null
  /** The connection banner's words, or "Conectado". */
  connection: string
  /** Alerts with the app closed (Web Push) on this device, in words; null when not read. */
  push: string | null
  /** Whether calls have the hospital's relay, in words; null signed out or not read. */
  calls: string | null
  userAgent: string
}

export interface DiagnosticsSources {
  now: () => number
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistration' | 'controller'> | undefined
  caches: Pick<CacheStorage, 'keys' | 'open'> | undefined
  storage: Partial<Pick<StorageManager, 'estimate' | 'persisted'>> | undefined
  isInstalled: () => boolean
  readBrandingRefreshedAt: (tenant: string) => Promise<number | null>
  describeConnection: () => string
  /** "activados (…)", "no activados", "permiso denegado"…; absent: not shown. */
  describePush?: () => Promise<string>
  /** "con servidor de retransmisión" or why calls may fail; null or absent: not shown. */
  describeCalls?: () => Promise<string | null>
  userAgent: string
}

async function readWorker(
  serviceWorker: DiagnosticsSources['serviceWorker'],
): Promise<WorkerDiagnostics> {
  const none = { isInstalling: false, isWaiting: false, isActive: false }
  if (!serviceWorker) return { isSupported: false, ...none, isControlled: false }
  try {
    const registration = await serviceWorker.getRegistration()
    return {
      isSupported: true,
      isInstalling: Boolean(registration?.installing),
      isWaiting: Boolean(registration?.waiting),
      isActive: Boolean(registration?.active),
      isControlled: serviceWorker.controller !== null,
    }
  } catch {
    return { isSupported: true, ...none, isControlled: serviceWorker.controller !== null }
  }
}

async function measureCache(
  caches: NonNullable<DiagnosticsSources['caches']>,
  name: string,
): Promise<CacheDiagnostics> {
  const cache = await caches.open(name)
  const requests = await cache.keys()
  let bytes = 0
  for (const request of requests) {
    const response = await cache.match(request)
    if (response) bytes += (await response.blob()).size
  }
  return { name, entries: requests.length, bytes }
}

async function readCaches(
  caches: DiagnosticsSources['caches'],
): Promise<CacheDiagnostics[] | null> {
  if (!caches) return null
  try {
    const names = await caches.keys()
    return await Promise.all(names.sort().map((name) => measureCache(caches, name)))
  } catch {
    return null
  }
}

async function readStorage(storage: DiagnosticsSources['storage']) {
  let usedBytes: number | null = null
  let quotaBytes: number | null = null
  let isPersistent: boolean | null = null
  try {
    const estimate = await storage?.estimate?.()
    usedBytes = estimate?.usage ?? null
    quotaBytes = estimate?.quota ?? null
  } catch {
    // Unknown: shown as such.
  }
  try {
    isPersistent = (await storage?.persisted?.()) ?? null
  } catch {
    // Unknown: shown as such.
  }
  return { usedBytes, quotaBytes, isPersistent }
}

/** Reads the app's state on this device. Never rejects: what cannot be read shows as unknown. */
export async function collectDiagnostics(
  tenant: string,
  sources: DiagnosticsSources,
): Promise<Diagnostics> {
  const [worker, caches, storage, brandingRefreshedAt, push, calls] = await Promise.all([
    readWorker(sources.serviceWorker),
    readCaches(sources.caches),
    readStorage(sources.storage),
    sources.readBrandingRefreshedAt(tenant).catch(() => null),
    sources.describePush?.().catch(() => 'desconocido') ?? null,
    sources.describeCalls?.().catch(() => null) ?? null,
  ])
  return {
    collectedAt: sources.now(),
    version: appVersion,
    tenant,
    worker,
    caches,
    storage,
    isInstalled: sources.isInstalled(),
    brandingRefreshedAt,
    connection: sources.describeConnection(),
    push,
    calls,
    userAgent: sources.userAgent,
  }
}

/** The browser's own sources. */
export function browserDiagnosticsSources(): DiagnosticsSources {
  return {
    now: () => Date.now(),
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    caches: 'caches' in globalThis ? globalThis.caches : undefined,
    storage: 'storage' in navigator ? navigator.storage : undefined,
    isInstalled: isInstalledApp,
    readBrandingRefreshedAt: (tenant) => readBrandingRefreshedAt(tenant),
    describeConnection: () => describeConnection(connectionMonitor.getSnapshot()) ?? 'Conectado',
    describePush: () => describePushState(),
    describeCalls: () => describeCallRelay(),
    userAgent: navigator.userAgent,
  }
}

const yesNo = (value: boolean) => (value ? 'sí' : 'no')

/** The worker's state in words: "activo", "activo; versión nueva en espera", "ninguno"… */
export function describeWorker(worker: WorkerDiagnostics): string {
  if (!worker.isSupported) return 'no disponible en este navegador'
  const states = [
    worker.isActive && 'activo',
    worker.isWaiting && 'versión nueva en espera',
    worker.isInstalling && 'instalando',
  ].filter((state): state is string => typeof state === 'string')
  return states.length === 0 ? 'ninguno' : states.join('; ')
}

/** The report's lines as label–value pairs: what the screen shows and "Copiar" copies. */
export function diagnosticsRows(diagnostics: Diagnostics): [string, string][] {
  const { storage, worker } = diagnostics
  const unknown = 'desconocido'
  return [
    ['Versión de la aplicación', diagnostics.version],
    ['Centro', diagnostics.tenant],
    ['Service worker', describeWorker(worker)],
    ['Página controlada por el service worker', yesNo(worker.isControlled)],
    [
      'Cachés',
      diagnostics.caches === null
        ? 'no disponibles'
        : diagnostics.caches.length === 0
          ? 'ninguna'
          : diagnostics.caches
              .map(
                ({ name, entries, bytes }) =>
                  `${name}: ${entries} ${entries === 1 ? 'entrada' : 'entradas'}, ${formatBytes(bytes)}`,
              )
              .join('\n'),
    ],
    ['Almacenamiento usado', storage.usedBytes === null ? unknown : formatBytes(storage.usedBytes)],
    [
      'Almacenamiento disponible',
      storage.quotaBytes === null ? unknown : formatBytes(storage.quotaBytes),
    ],
    [
      'Almacenamiento persistente',
      storage.isPersistent === null ? unknown : yesNo(storage.isPersistent),
    ],
    ['Aplicación instalada', yesNo(diagnostics.isInstalled)],
    [
      'Imagen del centro actualizada',
      diagnostics.brandingRefreshedAt === null
        ? 'nunca en este dispositivo'
        : formatDateTime(diagnostics.brandingRefreshedAt),
    ],
    ['Conexión', diagnostics.connection],
    ...(diagnostics.push === null ? [] : [['Avisos', diagnostics.push] as [string, string]]),
    ...(diagnostics.calls === null ? [] : [['Llamadas', diagnostics.calls] as [string, string]]),
    ['Navegador', diagnostics.userAgent],
    ['Fecha del informe', formatDateTime(diagnostics.collectedAt)],
  ]
}

/** The plain-text report "Copiar" puts on the clipboard. */
export function formatDiagnosticsReport(diagnostics: Diagnostics): string {
  const lines = diagnosticsRows(diagnostics).map(([label, value]) =>
    value.includes('\n') ? `${label}:\n  ${value.split('\n').join('\n  ')}` : `${label}: ${value}`,
  )
  return ['Clínica · Información técnica', ...lines].join('\n')
}
