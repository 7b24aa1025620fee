import { HttpError } from '../http/http-errors.js'
import { normaliseEmail } from '../auth/login-rate-limits.js'
import { isEmailAddress } from '../../src/contract/account-rules.js'
import type { LinkCodeFailure } from '../../src/contract/join.js'
import { findPasswordProblem, PASSWORD_PROBLEM_MESSAGES } from '../../src/contract/password-rule.js'

/** The address as stored (trimmed, lowercased), or a Spanish 400. */
export function readEmail(value: string): string {
  const email = normaliseEmail(value)
  if (!isEmailAddress(email)) {
    throw new HttpError(400, 'invalid_request', 'El correo electrónico no es válido.')
  }
  return email
}

/** Throws a Spanish 400 naming the rule the password breaks. */
export function assertAcceptablePassword(password: string): void {
  const problem = findPasswordProblem(password)
  if (problem !== null)
    throw new HttpError(400, 'weak_password', PASSWORD_PROBLEM_MESSAGES[problem])
}

const LINK_FAILURE_MESSAGES: Record<LinkCodeFailure, string> = {
  code_used: 'Este enlace ya se ha usado.',
  code_expired: 'Este enlace ha caducado.',
  code_unknown: 'Este enlace no es válido.',
}

/** 400 saying whether a link was used, expired or never existed. */
export function linkFailure(reason: LinkCodeFailure): HttpError {
  return new HttpError(400, reason, LINK_FAILURE_MESSAGES[reason])
}

/** 503 when the server has no way to send email (no `SMTP_URL` outside demo mode). */
export function emailUnavailable(): HttpError {
  return new HttpError(
    503,
    'email_unavailable',
    'Este servicio no puede enviar correos electrónicos ahora. Contacta con la administración de tu centro.',
  )
}
