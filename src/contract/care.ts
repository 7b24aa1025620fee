/**
 * The care journey's shapes and limits (docs/care-journey.md): a patient's request for help
 * (`asistencia`), its conversation, the live events that carry both, and the directory. Written
 * once with TypeBox: the server's route schemas and OpenAPI, the page's parsing of answers and the
 * forms' constraints all come from here.
 */
import { Type, type Static } from 'typebox'
import type { FreeTextField } from './text.js'

/** Longest reason a patient may write. */
export const MOTIVO_MAX_LENGTH = 1000
/** Longest summary a professional may write when finishing. */
export const RESUMEN_MAX_LENGTH = 4000
/** Longest message of a conversation. */
export const MENSAJE_MAX_LENGTH = 2000
/** Longest comment of a rating. */
export const COMENTARIO_MAX_LENGTH = 1000
/** Longest specialty name. */
export const ESPECIALIDAD_MAX_LENGTH = 80
/** The care journey's free texts, each read by the one rule of `text.ts` (`readFreeText`). */
export const MOTIVO_FIELD: FreeTextField = {
  label: 'motivo',
  maxLength: MOTIVO_MAX_LENGTH,
  isMultiline: true,
}
export const ESPECIALIDAD_FIELD: FreeTextField = {
  label: 'especialidad',
  maxLength: ESPECIALIDAD_MAX_LENGTH,
  isMultiline: false,
}
export const MENSAJE_FIELD: FreeTextField = {
  label: 'mensaje',
  maxLength: MENSAJE_MAX_LENGTH,
  isMultiline: true,
}
export const RESUMEN_FIELD: FreeTextField = {
  label: 'resumen',
  maxLength: RESUMEN_MAX_LENGTH,
  isMultiline: true,
}
export const COMENTARIO_FIELD: FreeTextField = {
  label: 'comentario',
  maxLength: COMENTARIO_MAX_LENGTH,
  isMultiline: true,
}
/**
 * Open requests (waiting or in progress) one patient may have at once: enough for a person, too
 * few to bury a hospital's queue. `MAX_OPEN_REQUESTS` on the server raises it.
 */
export const MAX_SOLICITUDES_ABIERTAS = 3
/** Error code (`409`) of a request refused because its patient has the most open ones allowed. */
export const DEMASIADAS_SOLICITUDES = 'demasiadas_solicitudes'
/** Photos a patient may attach to a request. */
export const MAX_FOTOS_POR_ASISTENCIA = 3
/** Minutes a request may wait before it expires, unless the hospital sets its own. */
export const DEFAULT_CADUCIDAD_MINUTOS = 30
/** Largest photo file accepted (request attachments and conversation photos), in bytes. */
export const FOTO_MAX_BYTES = 8 * 1024 * 1024
/**
 * Most pixels (width × height) a photo may have: a 50-megapixel phone camera fits; a small file
 * claiming more (a decompression bomb) is refused from its header, before any pixel is decoded.
 */
export const FOTO_MAX_PIXELS = 50_000_000
/**
 * Longest side of a photo as sent and stored: readable on any screen, a few hundred kilobytes. The
 * phone shrinks a photo to it before sending (a 12-megapixel camera photo goes as ~1.9 megapixels),
 * and the server re-encodes to it whatever arrives.
 */
export const FOTO_LADO_MAX = 1600
/** JPEG quality (0 to 1) of a photo shrunk on the phone and of the one the server stores. */
export const FOTO_CALIDAD_JPEG = 0.82
/** The photo types the pickers offer (an `accept` list): what the server takes. */
export const FOTO_TIPOS = 'image/png,image/jpeg,image/webp'
/** Photos a consultation's conversation may hold besides the request's own. */
export const MAX_FOTOS_POR_CONVERSACION = 30
/**
 * Messages one person may write in one consultation within {@link MENSAJES_VENTANA_MS}: more than
 * anyone typing (or sending photos) reaches, far fewer than a script flooding the conversation.
 */
export const MENSAJES_POR_VENTANA = 20
export const MENSAJES_VENTANA_MS = 10_000
/** Events a reconnecting stream may catch up on; further behind, it gets `reinicio`. */
export const EVENTOS_REANUDACION_MAX = 500
/** Requests of the queue one call answers; the next page follows `?despues={last id}`. */
export const COLA_PAGINA = 200
/** Messages one call answers, the newest page first; older ones come with `?antes={id}`. */
export const MENSAJES_PAGINA = 1000

/** Query of the request list: the queue's next page after this request (professionals). */
export const ListaAsistenciasQuery = Type.Object(
  {
    despues: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'Id de la última solicitud de la cola recibida: responde la página siguiente',
      }),
    ),
  },
  { additionalProperties: false },
)
export type ListaAsistenciasQuery = Static<typeof ListaAsistenciasQuery>

/** Query of a conversation: the page of messages before this one. */
export const MensajesQuery = Type.Object(
  {
    antes: Type.Optional(
      Type.String({
        format: 'uuid',
        description: 'Id del mensaje más antiguo recibido: responde los anteriores',
      }),
    ),
  },
  { additionalProperties: false },
)
export type MensajesQuery = Static<typeof MensajesQuery>

/** A request's states: `en_espera` → `en_curso` → `finalizada`, or `cancelada`, `caducada`. */
export const ESTADOS_ASISTENCIA = [
  'en_espera',
  'en_curso',
  'finalizada',
  'cancelada',
  'caducada',
] as const
export type EstadoAsistencia = (typeof ESTADOS_ASISTENCIA)[number]

/** States in which a consultation is over: opening one leads to `error-consulta-inactiva`. */
export const ESTADOS_INACTIVOS = ['finalizada', 'cancelada', 'caducada'] as const
export type EstadoInactivo = (typeof ESTADOS_INACTIVOS)[number]

export function isEstadoInactivo(estado: EstadoAsistencia): estado is EstadoInactivo {
  return (ESTADOS_INACTIVOS as readonly string[]).includes(estado)
}

/** How a request entered the queue: a signed-in patient, immediate care, or a kiosk walk-in. */
export const ORIGENES_ASISTENCIA = ['paciente', 'inmediata', 'presencial'] as const

/**
 * Immediate requests and walk-ins (someone waiting now, with no appointment) come before
 * signed-in patients' requests in the queue; within each group, oldest first.
 */
export function comesFirstInQueue(origen: string): boolean {
  return origen === 'inmediata' || origen === 'presencial'
}

const Uuid = Type.String({ format: 'uuid' })
const Fecha = Type.String({ format: 'date-time' })
// The schema only bounds the size: what a text may hold, and its length in characters, is the one
// rule of `text.ts`, applied by the server's readers with its Spanish message.
const Texto = (maxLength: number) => Type.String({ maxLength: maxLength * 4 })

export const Persona = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  /** A patient who closed their account: their consultations stay, shown as "Cuenta cerrada". */
  cuenta_cerrada: Type.Optional(Type.Literal(true)),
})
export type Persona = Static<typeof Persona>

export const Valoracion = Type.Object(
  {
    puntuacion: Type.Integer({ minimum: 1, maximum: 5 }),
    comentario: Type.Optional(Texto(COMENTARIO_MAX_LENGTH)),
  },
  { additionalProperties: false },
)
export type Valoracion = Static<typeof Valoracion>

/** Where a waiting request stands, shown to its patient; no estimate without recent history. */
export const Espera = Type.Object({
  posicion: Type.Integer({ minimum: 1 }),
  estimacion_minutos: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** Professionals of the hospital connected now: with none, no estimate is honest. */
  profesionales_conectados: Type.Integer({ minimum: 0 }),
})
export type Espera = Static<typeof Espera>

/**
 * How a referred request came to be: who referred it, to whom when it names one professional
 * (only they take it), the note for the receiving professional and the first request's summary.
 * The patient is answered without `nota` and `resumen_origen` (they are between professionals).
 */
export const Derivacion = Type.Object({
  por: Persona,
  a: Type.Union([Persona, Type.Null()]),
  nota: Type.Union([Type.String(), Type.Null()]),
  resumen_origen: Type.Union([Type.String(), Type.Null()]),
})
export type Derivacion = Static<typeof Derivacion>

/** A request for help, as whoever may see it is answered. */
export const Asistencia = Type.Object({
  id: Uuid,
  tenant: Type.String(),
  estado: Type.Enum(ESTADOS_ASISTENCIA),
  origen: Type.Enum(ORIGENES_ASISTENCIA),
  motivo: Type.String(),
  especialidad: Type.Union([Type.String(), Type.Null()]),
  paciente: Persona,
  profesional: Type.Union([Persona, Type.Null()]),
  /** URLs of the attached photos (API paths, read through the API client: they are health data). */
  fotos: Type.Array(Type.String()),
  creada_en: Fecha,
  atendida_en: Type.Union([Fecha, Type.Null()]),
  cerrada_en: Type.Union([Fecha, Type.Null()]),
  caduca_en: Fecha,
  resumen: Type.Union([Type.String(), Type.Null()]),
  valoracion: Type.Union([Valoracion, Type.Null()]),
  /** Only while `en_espera`. */
  espera: Type.Union([Espera, Type.Null()]),
  /** Kiosk walk-ins: the short ticket shown to the person ("A-014"). */
  ticket: Type.Union([Type.String(), Type.Null()]),
  /** How to reach a person without an account (phone or email), for the staff to call back. */
  contacto: Type.Optional(Type.String()),
  /** A referral: the request it came from. */
  derivada_de: Type.Union([Uuid, Type.Null()]),
  derivacion: Type.Union([Derivacion, Type.Null()]),
  /** The professional the hospital's administrators assigned it to: only they take it. */
  asignada_a: Type.Union([Persona, Type.Null()]),
  /** Why the hospital's administrators closed it while it waited (it is then `cancelada`). */
  motivo_cierre: Type.Union([Type.String(), Type.Null()]),
})
export type Asistencia = Static<typeof Asistencia>

export const NuevaAsistencia = Type.Object(
  {
    id: Uuid,
    motivo: Texto(MOTIVO_MAX_LENGTH),
    especialidad: Type.Optional(Texto(ESPECIALIDAD_MAX_LENGTH)),
  },
  { additionalProperties: false },
)
export type NuevaAsistencia = Static<typeof NuevaAsistencia>

export const Finalizacion = Type.Object(
  { resumen: Texto(RESUMEN_MAX_LENGTH) },
  { additionalProperties: false },
)
export type Finalizacion = Static<typeof Finalizacion>

/** A message of a consultation's conversation: text, a photo, or both. */
export const Mensaje = Type.Object({
  id: Uuid,
  asistencia_id: Uuid,
  autor: Type.Object({
    id: Type.Integer(),
    nombre: Type.String(),
    rol: Type.String(),
  }),
  texto: Type.String(),
  /** API path of the photo, read through the API client. */
  foto: Type.Union([Type.String(), Type.Null()]),
  creado_en: Fecha,
})
export type Mensaje = Static<typeof Mensaje>

export const NuevoMensaje = Type.Object(
  {
    id: Uuid,
    texto: Type.String({ maxLength: MENSAJE_MAX_LENGTH * 4 }),
    /** Id of a photo uploaded to the consultation first (`POST …/fotos`). */
    foto: Type.Optional(Uuid),
  },
  { additionalProperties: false },
)
export type NuevoMensaje = Static<typeof NuevoMensaje>

/** Answer of a photo upload (`POST /api/asistencias/{id}/fotos`, multipart field `foto`). */
export const FotoSubida = Type.Object({ id: Uuid, url: Type.String() })
export type FotoSubida = Static<typeof FotoSubida>

/** A professional in the hospital's directory. */
export const Profesional = Type.Object({
  id: Type.Integer(),
  nombre: Type.String(),
  /** The first of `especialidades`, or null when none. */
  especialidad: Type.Union([Type.String(), Type.Null()]),
  /** Every specialty of theirs the hospital offers, sorted. */
  especialidades: Type.Array(Type.String()),
  disponible: Type.Boolean(),
  /** Attending a consultation now: busy, not away. */
  en_consulta: Type.Boolean(),
})
export type Profesional = Static<typeof Profesional>

/**
 * Live events (`GET /api/eventos`, Server-Sent Events). Every event's `id:` is its position in the
 * hospital's ordered log, sent back as `Last-Event-ID` on reconnection; `event:` is one of these
 * names and `data:` its JSON.
 */
export const EVENTOS = {
  /** A request changed (created, taken, finished, cancelled, expired, rated): the record. */
  asistencia: 'asistencia',
  /** A new message in a consultation the caller takes part in: the message. */
  mensaje: 'mensaje',
  /**
   * Professionals' availability changed: `{ cambios: [{ id, disponible }, …] }`, each one's
   * latest change; at most one such event per hospital per second from each instance.
   */
  presencia: 'presencia',
  /** The caller is too far behind the log: reload the state, then carry on. */
  reinicio: 'reinicio',
  /** A call of a consultation the caller takes part in changed: the call (src/contract/calls.ts). */
  llamada: 'llamada',
  /** A call's signal for the caller from the other participant, while still fresh. */
  senal: 'senal',
  /** The server ends this stream, saying why (`{ motivo }`, see {@link MotivoCierre}). */
  cierre: 'cierre',
} as const

/**
 * Why the server ended a live stream: `sesion`, the session is over (reconnecting meets the
 * 401 that says so); `limite`, newer streams of the same session or account took its place (the
 * oldest gives way): reconnect only when the screen is in use again, so two tabs never take
 * turns evicting each other.
 */
export type MotivoCierre = 'sesion' | 'limite'

/** Live streams one session (a signed-in browser: its tabs) may hold open on an instance. */
export const STREAMS_PER_SESSION = 6
/** Live streams one account may hold open on an instance (a person's few devices). */
export const STREAMS_PER_ACCOUNT = 12

export const Presencia = Type.Object({ id: Type.Integer(), disponible: Type.Boolean() })
export type Presencia = Static<typeof Presencia>

/** The data of a `presencia` event: what changed since the hospital's previous one. */
export const PresenciaCambios = Type.Object({ cambios: Type.Array(Presencia) })
export type PresenciaCambios = Static<typeof PresenciaCambios>
