/**
 * A hospital's audit log through the administration route's loader: the panel asks with
 * `useFetcher().load('?panel=auditoria&centro=…')` for the newest page, and with `&hasta=<id>`
 * for every entry down to `id` plus the page older than it ("Ver más"). The answer is always the
 * whole list the panel shows, so the router's reload after a change elsewhere reads the same
 * span again, with any new entries on top, and never repeats a row.
 */
import type { LoaderFunctionArgs } from 'react-router-dom'
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../contract/audit'
import { listAudit } from './admin-api'
import { askedCentro } from './panel-route'

/** The query that asks the administration route's loader for a hospital's audit log. */
export const AUDIT_PANEL = 'auditoria'

// The oldest entry the panel already shows; the loader adds the page older than it.
const THROUGH_PARAM = 'hasta'

/** The loader's answer: the entries shown and whether older ones remain, or why not. */
export type AuditData = { entries: AuditEntry[]; hasMore: boolean } | { error: unknown }

/** The query for `centro`'s log: its newest page, or everything down to `through` and a page more. */
export function auditQuery(centro: string, through?: number): string {
  const query = new URLSearchParams({ panel: AUDIT_PANEL, centro })
  if (through !== undefined) query.set(THROUGH_PARAM, String(through))
  return `?${query.toString()}`
}

async function readThrough(centro: string, through: number): Promise<AuditData> {
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

/** Reads `centro`'s audit log when asked (`?panel=auditoria`); null for anything else. */
export async function loadAudit({ request }: LoaderFunctionArgs): Promise<AuditData | null> {
  const centro = askedCentro(request, AUDIT_PANEL)
  if (centro === null) return null
  const throughText = new URL(request.url).searchParams.get(THROUGH_PARAM)
  const through = throughText === null ? NaN : Number(throughText)
  try {
    if (Number.isSafeInteger(through) && through > 0) return await readThrough(centro, through)
    const page = await listAudit(centro)
    return { entries: page, hasMore: page.length === AUDIT_PAGE_SIZE }
  } catch (error) {
    return { error }
  }
}
