/**
 * Calls inside a consultation (docs/calls.md): a call is a record like a request, with its own
 * client-chosen id, its states and the reason it ended; its signalling (WebRTC session
 * descriptions and ICE candidates) goes up by `POST` and down as `senal` events on the caller's
 * live stream. Shapes and limits written once, for the server's routes and the page alike.
 */
import { Type, type Static } from 'typebox'

/** A call's states: `sonando` → `en_curso` → `terminada`; a ringing call may also end at once. */
export const ESTADOS_LLAMADA = ['sonando', 'en_curso', 'terminada'] as const
export type EstadoLlamada = (typeof ESTADOS_LLAMADA)[number]

/** Why a call ended. */
export const MOTIVOS_FIN_LLAMADA = [
  /** A participant hung up (or the caller gave up before an answer). */
  'colgada',
  /** The person called said no. */
  'rechazada',
  /** Nobody answered within {@link LLAMADA_TONO_MS}. */
  'sin_respuesta',
  /** The consultation was finished while the call rang or ran. */
  'consulta_finalizada',
  /** A participant's connection could not be restored. */
  'fallo_conexion',
  /** The call reached {@link LLAMADA_DURACION_MAX_MS}. */
  'duracion_maxima',
  /**
   * A participant's sessions ended on the server: a new password, their account disabled or
   * closed, their hospital disabled. Nobody pressed anything; the person is gone.
   */
  'sesion_terminada',
] as const
export type MotivoFinLlamada = (typeof MOTIVOS_FIN_LLAMADA)[number]

/** What a participant may ask of a call, and the state each leads to. */
export type AccionLlamada = 'aceptar' | 'rechazar' | 'colgar' | 'finalizar_consulta' | 'caducar'

/**
 * The transition table: from each state, what may happen and where it leads. The server's
 * compare-and-set updates use it as their guard (the database still arbitrates races), and the
 * page shows the controls of the actions its state allows.
 */
export const TRANSICIONES_LLAMADA: Readonly<
  Record<EstadoLlamada, Partial<Record<AccionLlamada, EstadoLlamada>>>
> = {
  sonando: {
    aceptar: 'en_curso',
    rechazar: 'terminada',
    colgar: 'terminada',
    finalizar_consulta: 'terminada',
    caducar: 'terminada',
  },
  en_curso: { colgar: 'terminada', finalizar_consulta: 'terminada', caducar: 'terminada' },
  terminada: {},
}

/** States `action` may start from. */
export function estadosDesde(action: AccionLlamada): EstadoLlamada[] {
  return ESTADOS_LLAMADA.filter((estado) => TRANSICIONES_LLAMADA[estado][action] !== undefined)
}

/** How long a call rings before it ends as `sin_respuesta`. */
export const LLAMADA_TONO_MS = 45_000
/** The longest a call may last once answered. */
export const LLAMADA_DURACION_MAX_MS = 2 * 60 * 60 * 1000
/**
 * How long a call's connection may stay down (dropped, or not connected yet) while it restarts
 * ICE by itself; past it the page gives up and ends the call as `fallo_conexion`.
 */
export const LLAMADA_RECONEXION_MS = 30_000
/**
 * Outgoing video below this many bits per second, held back by the network for
 * {@link LLAMADA_VIDEO_LENTA_MS}, is worth less than a clear voice: the call goes on as voice.
 */
export const LLAMADA_VIDEO_MIN_BPS = 100_000
/** How long the network must keep outgoing video below {@link LLAMADA_VIDEO_MIN_BPS}. */
export const LLAMADA_VIDEO_LENTA_MS = 10_000
/**
 * How long a signal is worth delivering: a description or candidate older than this belongs to a
 * negotiation that has moved on, so a stream resuming later never receives it.
 */
export const SENAL_VIGENCIA_MS = 30_000
/** Largest session description accepted (an SDP offer with audio and video is a few KB). */
export const SDP_MAX_LENGTH = 16_000
/** Largest ICE candidate line accepted. */
export const CANDIDATO_MAX_LENGTH = 1_000
/** Signals one participant may send in one call per minute (a negotiation sends a few dozen). */
export const SENALES_POR_MINUTO = 240
/** How long relay credentials minted for a call stay valid: a whole call and its ringing. */
export const CREDENCIALES_RELAY_VIGENCIA_MS = LLAMADA_DURACION_MAX_MS + 10 * 60 * 1000

const Uuid = Type.String({ format: 'uuid' })
const Fecha = Type.String({ format: 'date-time' })

/** Which side of the consultation a person is on. */
export const LadoLlamada = Type.Union([Type.Literal('paciente'), Type.Literal('profesional')])
export type LadoLlamada = Static<typeof LadoLlamada>

export const Llamada = Type.Object({
  id: Uuid,
  asistencia_id: Uuid,
  video: Type.Boolean(),
  estado: Type.Enum(ESTADOS_LLAMADA),
  motivo_fin: Type.Union([Type.Enum(MOTIVOS_FIN_LLAMADA), Type.Null()]),
  /** Who started it: the other side is the one whose phone rings. */
  iniciada_por: LadoLlamada,
  creada_en: Fecha,
  aceptada_en: Type.Union([Fecha, Type.Null()]),
  terminada_en: Type.Union([Fecha, Type.Null()]),
})
export type Llamada = Static<typeof Llamada>

/** `POST /api/asistencias/{id}/llamadas`: the client chooses the id (a repeat answers the same). */
export const NuevaLlamada = Type.Object(
  { id: Uuid, video: Type.Boolean() },
  { additionalProperties: false },
)
export type NuevaLlamada = Static<typeof NuevaLlamada>

/** `POST …/colgar`: why, when the page knows better than "hung up". */
export const Colgar = Type.Object(
  { motivo: Type.Optional(Type.Enum(['colgada', 'fallo_conexion'] as const)) },
  { additionalProperties: false },
)
export type Colgar = Static<typeof Colgar>

/** A WebRTC session description (`RTCSessionDescriptionInit`). */
const Descripcion = Type.Object(
  {
    type: Type.Union([Type.Literal('offer'), Type.Literal('answer')]),
    sdp: Type.String({ minLength: 1, maxLength: SDP_MAX_LENGTH }),
  },
  { additionalProperties: false },
)

/** An ICE candidate (`RTCIceCandidateInit`); `null` marks the end of gathering. */
const Candidato = Type.Object(
  {
    candidate: Type.String({ maxLength: CANDIDATO_MAX_LENGTH }),
    sdpMid: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
    sdpMLineIndex: Type.Union([Type.Integer({ minimum: 0, maximum: 64 }), Type.Null()]),
    usernameFragment: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
  },
  { additionalProperties: false },
)

/** Largest id a page gives one of its peer connections. */
export const CONEXION_MAX_LENGTH = 64

/**
 * Which peer connections a signal goes between: `conexion`, the sender's; `para`, the
 * receiver's as the sender knows it (null before it has heard from it). A page that reloads
 * mid-call starts a new connection: the other side sees a new `conexion`, starts afresh too, and
 * both drop what was meant for, or came from, the connections that are gone.
 */
const Enlace = {
  conexion: Type.Optional(Type.String({ minLength: 1, maxLength: CONEXION_MAX_LENGTH })),
  para: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: CONEXION_MAX_LENGTH }), Type.Null()]),
  ),
}

/** `POST …/senales`: one description or one candidate for the other participant. */
export const Senal = Type.Union([
  Type.Object(
    { descripcion: Descripcion, reinicio_ice: Type.Optional(Type.Boolean()), ...Enlace },
    { additionalProperties: false },
  ),
  Type.Object(
    { candidato: Type.Union([Candidato, Type.Null()]), ...Enlace },
    { additionalProperties: false },
  ),
])
export type Senal = Static<typeof Senal>

/** The `senal` event: a signal for this participant, from the other side of `llamada_id`. */
export const SenalRecibida = Type.Object({
  llamada_id: Uuid,
  de: LadoLlamada,
  senal: Senal,
})
export type SenalRecibida = Static<typeof SenalRecibida>

/** One ICE server as `RTCPeerConnection` takes it. */
const ServidorIce = Type.Object({
  urls: Type.Array(Type.String()),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
})

/** `GET /api/llamadas/ice`: how to connect, and whether a relay is there for blocked networks. */
export const ConfiguracionIce = Type.Object({
  iceServers: Type.Array(ServidorIce),
  /** False without a TURN relay: calls may fail on networks that block peer-to-peer. */
  relay: Type.Boolean(),
  /** When the relay credentials stop working; null without a relay. */
  caduca_en: Type.Union([Fecha, Type.Null()]),
})
export type ConfiguracionIce = Static<typeof ConfiguracionIce>
