/**
 * The administration's reads as the page's cache holds them: one `queryOptions` per call of
 * `admin-api.ts`, each keyed under `ADMIN_QUERY_ROOT` with the hospital it is about, and its
 * staleness. A change made in a panel reads again every administration query shown
 * (`use-panel-change.ts`), so the accounts panel offers a specialty just added.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { CUENTAS_PAGINA } from '../../contract/accounts'
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../contract/audit'
import {
  listAccounts,
  listAudit,
  listHospitals,
  listKiosks,
  listSpecialties,
  readHospital,
  type AccountsFilter,
} from './admin-api'

/** The first part of every administration query's key. */
export const ADMIN_QUERY_ROOT = 'administracion'

/** Which accounts the panel lists: a search and a role (pages follow on request). */
export type AccountsSearch = Pick<AccountsFilter, 'buscar' | 'rol'>

export const adminKeys = {
  hospitals: [ADMIN_QUERY_ROOT, 'centros'] as const,
  image: (centro: string) => [ADMIN_QUERY_ROOT, centro, 'imagen'] as const,
  specialties: (centro: string) => [ADMIN_QUERY_ROOT, centro, 'especialidades'] as const,
  kiosks: (centro: string) => [ADMIN_QUERY_ROOT, centro, 'quioscos'] as const,
  accounts: (centro: string, search: AccountsSearch) =>
    [ADMIN_QUERY_ROOT, centro, 'cuentas', search] as const,
  audit: (centro: string, through: number | undefined) =>
    [ADMIN_QUERY_ROOT, centro, 'auditoria', through ?? null] as const,
}

// A hospital's list of specialties changes seldom and two panels read it: one read serves both.
const SPECIALTIES_FRESH_MS = 60_000

/** The product's hospitals. */
export function hospitalsQuery() {
  return queryOptions({ queryKey: adminKeys.hospitals, queryFn: () => listHospitals() })
}

/**
 * `centro`'s image with the version a save names in `If-Match`: always read afresh, so a save
 * names the version on screen.
 */
export function imageQuery(centro: string) {
  return queryOptions({ queryKey: adminKeys.image(centro), queryFn: () => readHospital(centro) })
}

/** `centro`'s specialties, retired ones included. */
export function specialtiesQuery(centro: string) {
  return queryOptions({
    queryKey: adminKeys.specialties(centro),
    queryFn: () => listSpecialties(centro),
    staleTime: SPECIALTIES_FRESH_MS,
  })
}

/** `centro`'s kiosks, revoked ones included. */
export function kiosksQuery(centro: string) {
  return queryOptions({ queryKey: adminKeys.kiosks(centro), queryFn: () => listKiosks(centro) })
}

/**
 * `centro`'s accounts a page at a time (staff first), each page after the last account of the
 * one before; read again, every page shown is read again.
 */
export function accountsQuery(centro: string, search: AccountsSearch) {
  return infiniteQueryOptions({
    queryKey: adminKeys.accounts(centro, search),
    queryFn: ({ pageParam }) =>
      listAccounts(centro, pageParam === undefined ? search : { ...search, despues: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.length < CUENTAS_PAGINA ? undefined : page.at(-1)?.id),
  })
}

/** What the audit panel shows: the entries and whether older ones remain. */
export interface AuditSpan {
  entries: AuditEntry[]
  hasMore: boolean
}

async function readThrough(centro: string, through: number): Promise<AuditSpan> {
  // The entries at or newer than `through`, read page by page as they stand now (new ones may
  // have pushed it further down), then exactly one page older than it.
  const newer: AuditEntry[] = []
  let cursor: number | undefined
  for (;;) {
    const page = await listAudit(centro, cursor)
    const kept = page.filter((entry) => entry.id >= through)
    newer.push(...kept)
    const oldest = page.at(-1)
    if (oldest === undefined || kept.length < page.length || page.length < AUDIT_PAGE_SIZE) break
    cursor = oldest.id
  }
  const older = await listAudit(centro, through)
  return { entries: [...newer, ...older], hasMore: older.length === AUDIT_PAGE_SIZE }
}

/**
 * `centro`'s audit log, newest first: its newest page, or every entry down to `through` and the
 * page older than it ("Ver más"). Always the whole span shown, so reading it again after a change
 * elsewhere puts new entries on top and never repeats a row.
 */
export function auditQuery(centro: string, through?: number) {
  return queryOptions({
    queryKey: adminKeys.audit(centro, through),
    queryFn: async (): Promise<AuditSpan> => {
      if (through !== undefined) return readThrough(centro, through)
      const page = await listAudit(centro)
      return { entries: page, hasMore: page.length === AUDIT_PAGE_SIZE }
    },
  })
}
