/**
 * Joining's rules as plain values, without the schema library: the links' lifetimes and the
 * terms' limit. The request schemas built on them are in `join.ts`; the password rule is
 * `password-rule.ts`.
 */

import type { FreeTextField } from './text.js'

/** Longest text of a hospital's terms. */
export const TERMS_MAX_LENGTH = 20_000
/** A hospital's terms, read by the one rule of free texts (`readFreeText`). */
export const TERMS_FIELD: FreeTextField = {
  label: 'texto',
  maxLength: TERMS_MAX_LENGTH,
  isMultiline: true,
}
/** Longest code in a link (the server issues 43 characters; a little room for copying). */
export const LINK_CODE_MAX_LENGTH = 128

/** Hours an account confirmation link works. */
export const CONFIRMATION_LINK_TTL_HOURS = 48
/** Days an invitation link (an account created by an administrator, without a password) works. */
export const INVITATION_LINK_TTL_DAYS = 7
/** Minutes an access reset link works. */
export const RESET_LINK_TTL_MINUTES = 60

/** Why a link's code does not work; the screen says which and offers another link. */
export const LINK_CODE_FAILURES = ['code_used', 'code_expired', 'code_unknown'] as const
export type LinkCodeFailure = (typeof LINK_CODE_FAILURES)[number]
