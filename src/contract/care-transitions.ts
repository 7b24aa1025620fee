/**
 * How a request (`asistencia`) moves between its states, as one table: the server's
 * compare-and-set updates take their `from` and `to` states from it, and the screens offer an
 * action only in the states it lists. Plain values (no schema library), so any screen may read it.
 */
import type { EstadoAsistencia } from './care.js'

/** One move: the states it may start from and the state it leads to. */
export interface Transition<State extends string> {
  readonly from: readonly State[]
  readonly to: State
}

/**
 * A request's moves: `en_espera` → `en_curso` → `finalizada`; `cancelada` by its patient while
 * waiting, or closed by the hospital's administrators with a reason (`cerrar`); `caducada` when
 * nobody takes it in time.
 */
export const REQUEST_TRANSITIONS = {
  atender: { from: ['en_espera'], to: 'en_curso' },
  finalizar: { from: ['en_curso'], to: 'finalizada' },
  cancelar: { from: ['en_espera'], to: 'cancelada' },
  cerrar: { from: ['en_espera'], to: 'cancelada' },
  caducar: { from: ['en_espera'], to: 'caducada' },
} as const satisfies Record<string, Transition<EstadoAsistencia>>

export type RequestTransition = keyof typeof REQUEST_TRANSITIONS

/**
 * What else may be done to a request, by state, without moving it: a referral opens a new
 * request from one being attended or recently finished (within the hours `permissions.ts` allows), the
 * conversation is open while attended, photos are attached while waiting and sent while
 * attended, a rating is given once finished, a waiting request is assigned to one professional.
 */
export const REQUEST_STATE_ACTIONS = {
  asignar: ['en_espera'],
  derivar: ['en_curso', 'finalizada'],
  escribir: ['en_curso'],
  adjuntar_foto: ['en_espera', 'en_curso'],
  valorar: ['finalizada'],
} as const satisfies Record<string, readonly EstadoAsistencia[]>

export type RequestStateAction = keyof typeof REQUEST_STATE_ACTIONS

/** The states from which `action` may be done to a request. */
export function statesAllowing(
  action: RequestTransition | RequestStateAction,
): readonly EstadoAsistencia[] {
  return action in REQUEST_TRANSITIONS
    ? REQUEST_TRANSITIONS[action as RequestTransition].from
    : REQUEST_STATE_ACTIONS[action as RequestStateAction]
}

/** True when a request in `estado` admits `action`. */
export function isAllowedIn(
  estado: EstadoAsistencia,
  action: RequestTransition | RequestStateAction,
): boolean {
  return statesAllowing(action).includes(estado)
}
