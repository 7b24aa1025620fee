import type { Generated, Kysely } from 'kysely'
import type { Rol } from '../../src/contract/accounts.js'
import type { EstadoAsistencia } from '../../src/contract/care.js'
import type { EstadoLlamada, MotivoFinLlamada } from '../../src/contract/calls.js'
import type { AdminHospital } from '../../src/contract/hospitals.js'

/**
 * `hospitals`: one row per tenant, a column per field of the contract's hospital record;
 * `activo = 0` hides it from every public answer. Any field but the key may be left to its
 * column's default when a row is inserted (a field added later has one), so a new field needs
 * its migration and its place in the contract, nothing here.
 */
export type HospitalsTable = { tenant: string } & {
  [Field in Exclude<keyof AdminHospital, 'tenant' | 'activo'>]: Generated<AdminHospital[Field]>
} & {
  activo: Generated<number>
  /** Bumped whenever every session of its accounts ends; part of each token's generation. */
  sesion_generacion: Generated<number>
  /** Minutes a request may wait before it expires. */
  caducidad_minutos: Generated<number>
  /** Minutes an immediate request (no account, or a kiosk walk-in) may wait before it expires. */
  caducidad_inmediata_minutos: Generated<number>
  /** IANA time zone its days are counted in (today's figures, walk-in tickets). */
  zona_horaria: Generated<string>
  /** When its administrators first opened the install page to print it; null until then. */
  instalacion_impresa_en: Generated<string | null>
}

/** `users`: accounts, each of one tenant; `activo = 0` refuses its sign-in and its tokens. */
export interface UsersTable {
  id: Generated<number>
  email: string
  password_hash: string
  nombre: string
  rol: Rol
  tenant: string
  is_demo: Generated<number>
  activo: Generated<number>
  /** Bumped whenever every session of the account ends; part of each token's generation. */
  sesion_generacion: Generated<number>
  /** 0 while a self-registered account waits for its email to be confirmed. */
  confirmado: Generated<number>
  /** A guest account (immediate care): its session ends then (ISO 8601, UTC); null otherwise. */
  invitado_hasta: Generated<string | null>
  /** The session generation reached when the password last changed (0: never changed). */
  contrasena_generacion: Generated<number>
  /** When its patient closed the account (ISO 8601, UTC); null while open. */
  cerrada_en: Generated<string | null>
}

/** `especialidades`: each hospital's specialties; a retired one (`activa = 0`) is offered no more. */
export interface EspecialidadesTable {
  id: Generated<number>
  tenant: string
  nombre: string
  activa: Generated<number>
}

/** `cuenta_especialidades`: a professional's specialties, one or more. */
export interface CuentaEspecialidadesTable {
  user_id: number
  especialidad_id: number
}

/** `audit_log`: every administrative change, who made it, when, and the record before and after. */
export interface AuditLogTable {
  id: Generated<number>
  tenant: string
  actor_id: number
  actor_email: string
  accion: string
  objeto: string
  /** JSON of the record before the change, or null for a creation. */
  antes: string | null
  /** JSON of the record after the change. */
  despues: string | null
  /** ISO 8601, UTC. */
  creado_en: string
}

/** `access_codes`: at most one pending access code per account, kept only as a hash. */
export interface AccessCodesTable {
  user_id: number
  code_hash: string
  /** ISO 8601, UTC. */
  caduca_en: string
}

/** `logo_images`: uploaded logos, re-encoded PNGs named by the hash of their bytes. */
export interface LogoImagesTable {
  hash: string
  tenant: string
  png: Buffer
  creado_en: string
}

/** `settings`: server-wide values kept across restarts and shared by every instance. */
export interface SettingsTable {
  key: string
  value: string
}

/** `rate_limit_hits`: attempts counted per key until `resets_at` (ISO 8601, UTC). */
export interface RateLimitHitsTable {
  key: string
  hits: number
  resets_at: string
}

/**
 * Why a link was emailed: confirm a registration, reset access, accept an invitation, or confirm
 * a new address for the account (`correo`).
 */
export type LinkPurpose = 'validar' | 'restablecer' | 'invitar' | 'correo'

/** `email_links`: single-use links sent by email, kept as the hash of their code. */
export interface EmailLinksTable {
  code_hash: string
  user_id: number
  proposito: LinkPurpose
  /** ISO 8601, UTC. */
  caduca_en: string
  /** ISO 8601, UTC; null until used. Kept after use, so a second use can be told apart. */
  usado_en: string | null
  /** What the link confirms besides its account: the new address of an email change. */
  dato: Generated<string | null>
}

/** `terms`: each hospital's terms, one row per published version. */
export interface TermsTable {
  tenant: string
  version: number
  texto: string
  publicado_en: string
}

/** `terms_acceptances`: who accepted which version of their hospital's terms, and when. */
export interface TermsAcceptancesTable {
  user_id: number
  tenant: string
  version: number
  aceptado_en: string
}

/** `asistencias`: a patient's request for help and, once taken, the consultation. */
/** A referred request's referral: who referred it, to which professional (null: a specialty). */
export interface DerivacionesTable {
  asistencia_id: string
  por_id: number
  a_id: number | null
  nota: string
}

export interface AsistenciasTable {
  id: string
  tenant: string
  estado: EstadoAsistencia
  origen: string
  motivo: string
  especialidad: string | null
  paciente_id: number
  profesional_id: number | null
  creada_en: string
  atendida_en: string | null
  cerrada_en: string | null
  caduca_en: string
  resumen: string | null
  puntuacion: number | null
  comentario: string | null
  ticket: string | null
  derivada_de: string | null
  /** How to reach a person without an account (phone or email); null for account holders. */
  contacto: string | null
  /** The professional an administrator assigned the waiting request to: only they take it. */
  asignada_a: number | null
  /** Why an administrator closed the waiting request (its patient reads it). */
  motivo_cierre: string | null
}

/**
 * `secretos_invitado`: the SHA-256 (hex) of the secret an immediate-care request was first sent
 * with; a replay gets the guest session only with the same secret.
 */
export interface SecretosInvitadoTable {
  asistencia_id: string
  hash: string
}

/** `mensajes`: a consultation's conversation; ids are chosen by the client. */
export interface MensajesTable {
  id: string
  asistencia_id: string
  autor_id: number
  texto: string
  foto_id: string | null
  creado_en: string
}

/** `fotos`: photos of a consultation, re-encoded JPEGs without metadata. */
export interface FotosTable {
  id: string
  asistencia_id: string
  autor_id: number
  adjunta: number
  jpeg: Buffer
  creada_en: string
}

/** `eventos`: the ordered log of live events, per hospital; the id is the stream's position. */
export interface EventosTable {
  id: Generated<number>
  tenant: string
  tipo: string
  asistencia_id: string | null
  ref: string | null
  creado_en: string
}

/** `presencia`: one row per open queue stream, kept alive by heartbeats until `expira_en`. */
export interface PresenciaTable {
  conexion: string
  user_id: number
  tenant: string
  expira_en: string
}

/** `tickets_diarios`: each hospital's last walk-in ticket number of each day. */
export interface TicketsDiariosTable {
  tenant: string
  dia: string
  ultimo: number
}

/** `llamadas`: calls inside a consultation; at most one not `terminada` per consultation. */
export interface LlamadasTable {
  id: string
  tenant: string
  asistencia_id: string
  /** The account that started it. */
  iniciada_por: number
  /** 1: video and audio; 0: audio only. */
  video: number
  estado: EstadoLlamada
  motivo_fin: MotivoFinLlamada | null
  creada_en: string
  aceptada_en: string | null
  terminada_en: string | null
}

/** `senales`: a call's signals for one participant, delivered as live events while fresh. */
export interface SenalesTable {
  id: Generated<number>
  llamada_id: string
  destinatario_id: number
  /** JSON of the signal (`Senal` in src/contract/calls.ts). */
  contenido: string
  creada_en: string
}

/** `suscripciones_push`: a device's Web Push subscription, owned by the account last signed in. */
export interface SuscripcionesPushTable {
  id: Generated<number>
  /** The push service's URL for this device: unique, and the device's secret. */
  endpoint: string
  p256dh: string
  auth: string
  user_id: number
  tenant: string
  creada_en: string
}

/** `avisos_pendientes`: an alert for one device, written with its event, pushed once. */
export interface AvisosPendientesTable {
  id: Generated<number>
  /** What makes it one alert: the same news for the same device is written once. */
  clave: string
  suscripcion_id: number
  tenant: string
  tipo: string
  asistencia_id: string
  creado_en: string
  /** After this it means nothing any more: dropped unsent (the push TTL counts down to it). */
  caduca_en: string
  /** Not claimed before this: a retry's backoff, or another instance's claim still running. */
  intentar_desde: string
  intentos: Generated<number>
  /** Null while pending. Sent rows stay a while, so the same news is never written twice. */
  enviado_en: string | null
}

/** `quioscos`: the kiosks a hospital's administrators enrolled; only each token's SHA-256 is kept. */
export interface QuioscosTable {
  id: Generated<number>
  tenant: string
  nombre: string
  token_hash: string
  creado_en: string
  revocado_en: string | null
}

/** `llamadas_turno`: walk-in tickets called to a room or desk, for the waiting room's display. */
export interface LlamadasTurnoTable {
  id: Generated<number>
  tenant: string
  asistencia_id: string
  ticket: string
  sala: string
  llamado_en: string
}

export interface DatabaseSchema {
  hospitals: HospitalsTable
  users: UsersTable
  settings: SettingsTable
  audit_log: AuditLogTable
  access_codes: AccessCodesTable
  logo_images: LogoImagesTable
  rate_limit_hits: RateLimitHitsTable
  email_links: EmailLinksTable
  terms: TermsTable
  terms_acceptances: TermsAcceptancesTable
  asistencias: AsistenciasTable
  secretos_invitado: SecretosInvitadoTable
  mensajes: MensajesTable
  fotos: FotosTable
  eventos: EventosTable
  presencia: PresenciaTable
  tickets_diarios: TicketsDiariosTable
  derivaciones: DerivacionesTable
  llamadas: LlamadasTable
  senales: SenalesTable
  suscripciones_push: SuscripcionesPushTable
  avisos_pendientes: AvisosPendientesTable
  quioscos: QuioscosTable
  llamadas_turno: LlamadasTurnoTable
  especialidades: EspecialidadesTable
  cuenta_especialidades: CuentaEspecialidadesTable
}

/** The app's typed handle on its database, whichever engine holds it. */
export type AppDatabase = Kysely<DatabaseSchema>
