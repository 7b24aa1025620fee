/**
 * The administration's audit log as the API answers it, and how it is paged: one definition for
 * the server that writes the pages and the screens that read them.
 */

/** Entries in one page of the audit log, newest first. */
export const AUDIT_PAGE_SIZE = 50

/** Query parameter of the next page: the `id` of the oldest entry already shown. */
export const AUDIT_CURSOR_PARAM = 'antes'

/** One change: who, when, what, and the record before and after it (its schema lives with the accounts). */
export type { EntradaAuditoria as AuditEntry } from './accounts.js'
