/**
 * Who may do what, in one place: what each role is granted, which screens it opens, and
 * `may(actor, action, record)`, which the server's guards and the screens' buttons both ask. A
 * request's own facts (whose it is, who attends it, its state) decide the rest, with the states
 * taken from the transition table (`care-transitions.ts`). Pure and DOM-free, plain values only.
 * Nothing else compares roles: lint holds that.
 */
import type { Rol } from './account-rules.js'
import type { Asistencia, EstadoAsistencia } from './care.js'
import { isAllowedIn } from './care-transitions.js'
import { DEFAULT_TENANT, type ReservedSegment } from './tenants.js'

/** Whoever acts: a signed-in account (the page may not know its id yet). */
export interface Actor {
  readonly id?: number
  readonly rol: string
  readonly tenant: string
}

/** What a role may do before any record is looked at. */
export type RoleAction =
  /** Ask for help: create a request. */
  | 'solicitar'
  /** Accept the hospital's terms before a request. */
  | 'aceptar_terminos'
  /** Take requests from the hospital's queue (and be shown available while connected). */
  | 'atender'
  /** Refer a patient one attends to a colleague, and follow one's referrals. */
  | 'derivar'
  /** Follow every open request of the hospital and its conversations, and today's figures. */
  | 'supervisar'
  /** Administer a hospital (one's own; every hospital, for an administrator of the portal). */
  | 'administrar'
  /** Receive alerts on a device while the app is closed (Web Push). */
  | 'recibir_avisos'
  /**
   * Stay on duty on a shared device: idle time locks the screen (the password reopens it)
   * instead of ending the session.
   */
  | 'seguir_de_guardia'
  /** Exercise one's rights over one's data: download it, see who read it, close the account. */
  | 'mis_datos'

/** A patient's own requests; the queue and one's own; the hospital's open requests. */
export type RequestList = 'own' | 'queue' | 'open'

interface RolePolicy {
  /** The screen a signed-in user of the role lands on. */
  readonly home: ReservedSegment
  /** The hospital's staff see its requests; others only their own. */
  readonly isStaff: boolean
  /** Which requests the role's list holds (`GET /api/asistencias`). */
  readonly requests: RequestList
  readonly grants: readonly RoleAction[]
  /** The reserved screens the role opens besides those open to everyone. */
  readonly screens: readonly ReservedSegment[]
}

/** The roles and what each is granted: the one table. */
export const ROLE_POLICIES: Readonly<Record<Rol, RolePolicy>> = {
  cliente: {
    home: 'cliente',
    requests: 'own',
    isStaff: false,
    grants: ['solicitar', 'aceptar_terminos', 'recibir_avisos', 'mis_datos'],
    screens: ['cliente', 'solicitar-asistencia', 'agradecimiento-final', 'atencion-asistencia'],
  },
  profesional: {
    home: 'profesional',
    requests: 'queue',
    isStaff: true,
    grants: ['atender', 'derivar', 'recibir_avisos', 'seguir_de_guardia'],
    screens: ['atencion-asistencia', 'profesional', 'referidos'],
  },
  admin: {
    home: 'admin',
    requests: 'open',
    isStaff: true,
    grants: ['supervisar', 'administrar'],
    // The referrals screen tells an administrator where the hospital's open requests are.
    screens: ['atencion-asistencia', 'referidos', 'admin', 'apanel'],
  },
}

/** Screens that only some roles open; every other screen is open to everyone. */
const ROLE_SCREENS: ReadonlySet<ReservedSegment> = new Set(
  Object.values(ROLE_POLICIES).flatMap((policy) => policy.screens),
)

function policyOf(rol: string): RolePolicy | undefined {
  return (ROLE_POLICIES as Partial<Record<string, RolePolicy>>)[rol]
}

/** Whether accounts of `rol` are the hospital's staff (they come first in its account lists). */
export function isStaffRole(rol: string): boolean {
  return policyOf(rol)?.isStaff ?? false
}

/** Whether accounts of `rol` have specialties: those who take the hospital's requests. */
export function hasSpecialties(rol: string): boolean {
  return isGranted({ rol }, 'atender')
}

/** The staff roles, for queries that must name them. */
export const STAFF_ROLES: readonly Rol[] = (Object.keys(ROLE_POLICIES) as Rol[]).filter(isStaffRole)

/** The other roles (patients'), named rather than "not staff" so an index can serve the query. */
export const PATIENT_ROLES: readonly Rol[] = (Object.keys(ROLE_POLICIES) as Rol[]).filter(
  (rol) => !isStaffRole(rol),
)

function isGranted(actor: Pick<Actor, 'rol'>, action: RoleAction): boolean {
  return policyOf(actor.rol)?.grants.includes(action) ?? false
}

/** The screen a signed-in user of `rol` lands on (a role this version does not know: a patient's). */
export function homeScreenOf(rol: string): ReservedSegment {
  return policyOf(rol)?.home ?? ROLE_POLICIES.cliente.home
}

/** An administrator of the portal (`main`): administers every hospital. */
export function isProductAdmin(actor: Actor): boolean {
  return isGranted(actor, 'administrar') && actor.tenant === DEFAULT_TENANT
}

/** Which requests `actor`'s list holds (a role this version does not know: its own only). */
export function requestListOf(actor: Pick<Actor, 'rol'>): RequestList {
  return policyOf(actor.rol)?.requests ?? 'own'
}

/** A request's facts the rules read, whatever side holds the record. */
export interface RequestFacts {
  readonly tenant: string
  readonly estado: EstadoAsistencia
  readonly pacienteId: number
  readonly profesionalId: number | null
  /**
   * The one professional it is addressed to: assigned on the board, or a referral named to them
   * (null: anyone of the queue).
   */
  readonly destinatarioId: number | null
  /** A referral's referrer. */
  readonly derivadorId: number | null
  readonly cerradaEn: string | null
  readonly isRated: boolean
}

/** The facts of a request as the API answers it. */
export function factsOf(asistencia: Asistencia): RequestFacts {
  return {
    tenant: asistencia.tenant,
    estado: asistencia.estado,
    pacienteId: asistencia.paciente.id,
    profesionalId: asistencia.profesional?.id ?? null,
    destinatarioId: asistencia.asignada_a?.id ?? asistencia.derivacion?.a?.id ?? null,
    derivadorId: asistencia.derivacion?.por.id ?? null,
    cerradaEn: asistencia.cerrada_en,
    isRated: asistencia.valoracion !== null,
  }
}

/** Hours after finishing a consultation during which its professional may still refer it. */
export const DERIVACION_PLAZO_HORAS = 24

/** What may be done to a request, by whom its facts say and in the states the table lists. */
export type RequestAction =
  /** Read it (a consultation exists for its patient and its hospital's staff only). */
  | 'ver'
  /** Receive its changes on the live stream. */
  | 'seguir'
  /** Read a referral's note and the first request's summary it carries. */
  | 'leer_nota'
  /** Receive its conversation's messages live. */
  | 'recibir_mensajes'
  | 'atender'
  | 'finalizar'
  | 'cancelar'
  | 'valorar'
  | 'derivar'
  /** Write in its conversation. */
  | 'escribir'
  | 'adjuntar_foto'
  /** Assign a waiting request to one professional of the hospital (the board). */
  | 'asignar'
  /** Close a waiting request with a reason its patient reads (the board). */
  | 'cerrar'

/** A professional or administrator of `tenant`. */
export function isStaffOf(actor: Actor, tenant: string): boolean {
  return actor.tenant === tenant && policyOf(actor.rol)?.isStaff === true
}

/** Its patient or the professional attending it. */
export function isParticipant(actor: Actor, facts: RequestFacts): boolean {
  return (
    actor.id !== undefined &&
    facts.tenant === actor.tenant &&
    (facts.pacienteId === actor.id || facts.profesionalId === actor.id)
  )
}

/**
 * A referral addressed to one named professional is theirs to take: in no other professional's
 * queue, and nobody else takes it.
 */
export function isAddressedToOther(
  facts: Pick<RequestFacts, 'destinatarioId'>,
  professionalId: number | undefined,
): boolean {
  return facts.destinatarioId !== null && facts.destinatarioId !== professionalId
}

/** A referral addressed to another professional than `actor`, who takes from the queue. */
export function isAddressedElsewhere(
  actor: Actor,
  facts: Pick<RequestFacts, 'destinatarioId'>,
): boolean {
  return isGranted(actor, 'atender') && isAddressedToOther(facts, actor.id)
}

/**
 * Whether `actor` is the one who may do `action` to the request, leaving its state aside: the
 * server answers 403 when not, and 409 when the state forbids it ({@link isTimely}).
 */
export function isEntitled(actor: Actor, action: RequestAction, facts: RequestFacts): boolean {
  const sees =
    facts.tenant === actor.tenant &&
    ((actor.id !== undefined && facts.pacienteId === actor.id) || isStaffOf(actor, facts.tenant))
  const isOwnReferral = actor.id !== undefined && facts.derivadorId === actor.id
  switch (action) {
    case 'ver':
      return sees
    case 'seguir':
      // A request assigned on the board was in every colleague's queue: its change tells their
      // screens to drop it. A referral was never in theirs.
      return (
        sees && (!isAddressedElsewhere(actor, facts) || isOwnReferral || facts.derivadorId === null)
      )
    case 'leer_nota':
      return (
        isStaffOf(actor, facts.tenant) && (!isAddressedElsewhere(actor, facts) || isOwnReferral)
      )
    case 'recibir_mensajes':
      return (
        isParticipant(actor, facts) ||
        (isGranted(actor, 'supervisar') && actor.tenant === facts.tenant)
      )
    case 'atender':
      return sees && isGranted(actor, 'atender') && !isAddressedElsewhere(actor, facts)
    case 'finalizar':
      return isParticipant(actor, facts) && facts.profesionalId === actor.id
    case 'derivar':
      return (
        isGranted(actor, 'derivar') &&
        isParticipant(actor, facts) &&
        facts.profesionalId === actor.id
      )
    case 'cancelar':
    case 'valorar':
      return isParticipant(actor, facts) && facts.pacienteId === actor.id
    case 'escribir':
    case 'adjuntar_foto':
      return isParticipant(actor, facts)
    case 'asignar':
    case 'cerrar':
      return isGranted(actor, 'supervisar') && actor.tenant === facts.tenant
  }
}

/**
 * Whether the request's state (and, for a referral, its time) admits `action` now: the states
 * come from the transition table; a rating is given once; a finished consultation is referred
 * within {@link DERIVACION_PLAZO_HORAS} hours.
 */
export function isTimely(action: RequestAction, facts: RequestFacts, now: number): boolean {
  switch (action) {
    case 'ver':
    case 'seguir':
    case 'leer_nota':
    case 'recibir_mensajes':
      return true
    case 'valorar':
      return isAllowedIn(facts.estado, action) && !facts.isRated
    case 'derivar':
      return (
        isAllowedIn(facts.estado, action) &&
        (facts.estado !== 'finalizada' ||
          (facts.cerradaEn !== null &&
            now - Date.parse(facts.cerradaEn) <= DERIVACION_PLAZO_HORAS * 3_600_000))
      )
    default:
      return isAllowedIn(facts.estado, action)
  }
}

/** May `actor` do what its role is granted (`administrar`: of its own hospital). */
export function may(actor: Actor, action: RoleAction): boolean
/** May `actor` administer this hospital: its own administrators, and the portal's. */
export function may(actor: Actor, action: 'administrar', record: { tenant: string }): boolean
/** May `actor` open this screen (screens no role owns are open to everyone). */
export function may(actor: Actor, action: 'abrir', record: { pantalla: ReservedSegment }): boolean
/** May `actor` do `action` to this request now. */
export function may(
  actor: Actor,
  action: RequestAction,
  record: RequestFacts,
  now?: number,
): boolean
export function may(
  actor: Actor,
  action: RoleAction | RequestAction | 'abrir',
  record?: RequestFacts | { tenant: string } | { pantalla: ReservedSegment },
  now: number = Date.now(),
): boolean {
  if (record === undefined) return isGranted(actor, action as RoleAction)
  if ('pantalla' in record) {
    return (
      !ROLE_SCREENS.has(record.pantalla) ||
      (policyOf(actor.rol)?.screens.includes(record.pantalla) ?? false)
    )
  }
  if (!('estado' in record)) {
    return (
      isProductAdmin(actor) || (isGranted(actor, 'administrar') && actor.tenant === record.tenant)
    )
  }
  const requestAction = action as RequestAction
  return isEntitled(actor, requestAction, record) && isTimely(requestAction, record, now)
}
