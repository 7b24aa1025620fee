import { describe, expect, it } from 'vitest'
import { ESTADOS_ASISTENCIA, ESTADOS_INACTIVOS, type EstadoAsistencia } from './care'
import {
  isAllowedIn,
  REQUEST_STATE_ACTIONS,
  REQUEST_TRANSITIONS,
  type RequestTransition,
} from './care-transitions'

/** Where each move of a request leads from each state (null: not allowed there). */
const EXPECTED: Record<RequestTransition, Record<EstadoAsistencia, EstadoAsistencia | null>> = {
  atender: {
    en_espera: 'en_curso',
    en_curso: null,
    finalizada: null,
    cancelada: null,
    caducada: null,
  },
  finalizar: {
    en_espera: null,
    en_curso: 'finalizada',
    finalizada: null,
    cancelada: null,
    caducada: null,
  },
  cancelar: {
    en_espera: 'cancelada',
    en_curso: null,
    finalizada: null,
    cancelada: null,
    caducada: null,
  },
  cerrar: {
    en_espera: 'cancelada',
    en_curso: null,
    finalizada: null,
    cancelada: null,
    caducada: null,
  },
  caducar: {
    en_espera: 'caducada',
    en_curso: null,
    finalizada: null,
    cancelada: null,
    caducada: null,
  },
}

describe('a request’s transitions', () => {
  const cases = Object.entries(EXPECTED).flatMap(([move, targets]) =>
    ESTADOS_ASISTENCIA.map(
      (estado) => [move as RequestTransition, estado, targets[estado]] as const,
    ),
  )

  it.each(cases)('%s from %s leads to %s', (move, estado, target) => {
    expect(isAllowedIn(estado, move)).toBe(target !== null)
    if (target !== null) expect(REQUEST_TRANSITIONS[move].to).toBe(target)
  })

  it('leaves a request that is over where it is', () => {
    for (const estado of ESTADOS_INACTIVOS) {
      for (const move of Object.keys(REQUEST_TRANSITIONS) as RequestTransition[]) {
        expect(isAllowedIn(estado, move)).toBe(false)
      }
    }
  })

  it('opens the conversation only while attended, and rates only once finished', () => {
    expect(REQUEST_STATE_ACTIONS.escribir).toEqual(['en_curso'])
    expect(REQUEST_STATE_ACTIONS.valorar).toEqual(['finalizada'])
    expect(REQUEST_STATE_ACTIONS.adjuntar_foto).toEqual(['en_espera', 'en_curso'])
    expect(REQUEST_STATE_ACTIONS.derivar).toEqual(['en_curso', 'finalizada'])
  })
})
