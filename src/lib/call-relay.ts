/**
 * How calls reach the other side (`GET /api/llamadas/ice`): the ICE servers, with short-lived
 * relay credentials, and whether the hospital runs a TURN relay. Read by the consultation's call
 * and, in words, by "Información técnica" and the hospital's administration.
 */
import { API_PATHS } from '../config/api-paths'
import { ConfiguracionIce } from '../contract/calls'
import { readAnswer } from './answer-shape'
import { api } from './api'
import { readValue } from './storage'

export const CALLS_WITHOUT_RELAY =
  'sin servidor de retransmisión: las llamadas pueden fallar en algunas redes'

export async function readIceConfiguration(signal?: AbortSignal): Promise<ConfiguracionIce> {
  return readAnswer(ConfiguracionIce, await api.request(API_PATHS.llamadasIce, { signal }))
}

/** The relay in words; null signed out (only a session may ask). */
export async function describeCallRelay(): Promise<string | null> {
  if (readValue('token') === null) return null
  const { relay } = await readIceConfiguration()
  return relay ? 'con servidor de retransmisión' : CALLS_WITHOUT_RELAY
}
