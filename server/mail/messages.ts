/**
 * The emails the server sends, in Spanish, each with a plain-text part and an HTML part. Links are
 * absolute and built from the configured public address, never from a request's `Host` header.
 */
import {
  CONFIRMATION_LINK_TTL_HOURS,
  INVITATION_LINK_TTL_DAYS,
  RESET_LINK_TTL_MINUTES,
} from '../../src/contract/join.js'
import { rolLabel } from '../../src/contract/account-rules.js'
import { EMAIL_CHANGE_LINK_TTL_HOURS } from '../../src/contract/profile.js'
import { PROFILE_SEGMENT, tenantRoot } from '../../src/contract/tenants.js'
import type { MailMessage } from './mailer.js'

/** Who the message is for and which hospital sends it. */
export interface MailContext {
  to: string
  nombre: string
  hospital: { tenant: string; nombre: string }
  /** `PUBLIC_URL`: the app's public origin (and path prefix, if any), without trailing slash. */
  publicUrl: string
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** `{PUBLIC_URL}/{tenant}/{screen}?codigo=…` (or without a query). */
export function screenLink(
  publicUrl: string,
  tenant: string,
  screen: string,
  code?: string,
): string {
  const url = new URL(`${publicUrl}${tenantRoot(tenant)}/${screen}`)
  if (code !== undefined) url.searchParams.set('codigo', code)
  return url.href
}

function compose(
  context: Omit<MailContext, 'publicUrl'>,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const greeting = `Hola, ${context.nombre}:`
  const signature = context.hospital.nombre
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    'Si no has sido tú, puedes ignorar este mensaje.',
    '',
    signature,
  ].join('\n')
  const html = [
    '<!doctype html><html lang="es"><body>',
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p><p>${escapeHtml(action.url)}</p>`
      : '',
    '<p>Si no has sido tú, puedes ignorar este mensaje.</p>',
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('')
  return { to: context.to, subject: `${subject} · ${context.hospital.nombre}`, text, html }
}

/** "Confirma tu correo": the link that activates a new account. */
export function confirmationMessage(context: MailContext, code: string): MailMessage {
  return compose(
    context,
    'Confirma tu correo electrónico',
    [
      `Has creado una cuenta en ${context.hospital.nombre}. Para activarla, confirma tu correo electrónico con este enlace.`,
      `El enlace funciona una sola vez y caduca en ${CONFIRMATION_LINK_TTL_HOURS} horas.`,
    ],
    {
      label: 'Confirmar mi correo',
      url: screenLink(context.publicUrl, context.hospital.tenant, 'validar-cuenta', code),
    },
  )
}

/** Sent instead when someone registers an address that already has an account. */
export function alreadyRegisteredMessage(context: MailContext): MailMessage {
  return compose(
    context,
    'Ya tienes una cuenta',
    [
      `Alguien ha intentado crear una cuenta en ${context.hospital.nombre} con esta dirección, pero ya tienes una.`,
      'Puedes iniciar sesión con ella o, si no recuerdas la contraseña, pedir un enlace para restablecerla.',
    ],
    {
      label: 'Restablecer mi acceso',
      url: screenLink(context.publicUrl, context.hospital.tenant, 'restablecer-acceso'),
    },
  )
}

/** "Restablece tu acceso": the link to choose a new password. */
export function resetMessage(context: MailContext, code: string): MailMessage {
  return compose(
    context,
    'Restablece tu acceso',
    [
      `Has pedido restablecer el acceso a tu cuenta de ${context.hospital.nombre}. Elige una contraseña nueva con este enlace.`,
      `El enlace funciona una sola vez y caduca en ${RESET_LINK_TTL_MINUTES} minutos. Al usarlo se cerrarán tus otras sesiones.`,
    ],
    {
      label: 'Elegir una contraseña nueva',
      url: screenLink(context.publicUrl, context.hospital.tenant, 'restablecer-acceso', code),
    },
  )
}

/**
 * Sent when an address is registered again before anyone confirmed it: neither registration's
 * password is kept, and whoever reads this inbox chooses one (which also confirms the account).
 */
export function contestedRegistrationMessage(context: MailContext, code: string): MailMessage {
  return compose(
    context,
    'Elige tu contraseña',
    [
      `Se ha pedido más de una vez crear una cuenta en ${context.hospital.nombre} con esta dirección. Para que nadie más pueda usarla, ninguna de las contraseñas escritas sirve: elige la tuya con este enlace y tu cuenta quedará activada.`,
      `El enlace funciona una sola vez y caduca en ${CONFIRMATION_LINK_TTL_HOURS} horas.`,
    ],
    {
      label: 'Elegir mi contraseña',
      url: screenLink(context.publicUrl, context.hospital.tenant, 'restablecer-acceso', code),
    },
  )
}

/**
 * A guest's summary of the consultation that just ended, to the address they left: who attended
 * them, when, and the summary; never the conversation (an inbox is not the place for it).
 */
export function summaryMessage(
  context: Omit<MailContext, 'publicUrl'>,
  consultation: { profesional: string; fecha: string; resumen: string },
): MailMessage {
  return compose(context, 'Resumen de tu consulta', [
    `Te atendió ${consultation.profesional} en ${context.hospital.nombre} (${consultation.fecha}). Este es el resumen de la consulta:`,
    consultation.resumen,
    'Guárdalo: la conversación no se envía por correo. Si necesitas más ayuda, vuelve a pedir atención en el centro.',
  ])
}

/** Where an invitation's link leads: the hospital's access screen, with the invitation's code. */
export function invitationLink(publicUrl: string, tenant: string, code: string): string {
  const url = new URL(screenLink(publicUrl, tenant, 'restablecer-acceso'))
  url.searchParams.set('invitacion', code)
  return url.href
}

/** "Te damos la bienvenida": an account an administrator created, whose owner chooses a password. */
export function invitationMessage(context: MailContext, rol: string, code: string): MailMessage {
  return compose(
    context,
    'Te damos la bienvenida',
    [
      `La administración de ${context.hospital.nombre} te ha creado una cuenta (${rolLabel(rol)}) con esta dirección. Para empezar, elige tu contraseña con este enlace.`,
      `El enlace funciona una sola vez y caduca en ${String(INVITATION_LINK_TTL_DAYS)} días. Si caduca, pide a la administración que te envíe otra invitación.`,
    ],
    {
      label: 'Elegir mi contraseña',
      url: invitationLink(context.publicUrl, context.hospital.tenant, code),
    },
  )
}

/** "Confirma tu nuevo correo": sent to the new address of an email change. */
export function emailChangeMessage(context: MailContext, code: string): MailMessage {
  return compose(
    context,
    'Confirma tu nuevo correo electrónico',
    [
      `Has pedido usar esta dirección en tu cuenta de ${context.hospital.nombre}. Confírmalo con este enlace; hasta entonces tu cuenta sigue con la dirección anterior.`,
      `El enlace funciona una sola vez y caduca en ${String(EMAIL_CHANGE_LINK_TTL_HOURS)} horas.`,
    ],
    {
      label: 'Confirmar mi nuevo correo',
      url: screenLink(context.publicUrl, context.hospital.tenant, PROFILE_SEGMENT, code),
    },
  )
}

/** Sent to the new address instead when another account of the hospital already holds it. */
export function emailChangeTakenMessage(context: MailContext): MailMessage {
  return compose(context, 'Esta dirección ya tiene una cuenta', [
    `Alguien ha pedido usar esta dirección en otra cuenta de ${context.hospital.nombre}, pero ya pertenece a una cuenta del centro, así que no se ha cambiado nada.`,
  ])
}

/** Sent to the old address once an email change is confirmed. */
export function emailChangedMessage(
  context: Omit<MailContext, 'publicUrl'>,
  nuevo: string,
): MailMessage {
  return compose(context, 'Tu correo electrónico ha cambiado', [
    `Tu cuenta de ${context.hospital.nombre} usa desde ahora la dirección ${nuevo}. Esta dirección ya no recibirá sus mensajes.`,
    'Si no has pedido este cambio, contacta cuanto antes con la administración del centro.',
  ])
}
