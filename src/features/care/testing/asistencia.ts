/** A request as the API answers it, for unit tests: waiting, with what a test changes. */
import type { Asistencia } from '../../../contract/care'

export function anAsistencia(overrides: Partial<Asistencia> = {}): Asistencia {
  return {
    id: '0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01',
    tenant: 'hospital-central',
    estado: 'en_espera',
    origen: 'paciente',
    motivo: 'Dolor de cabeza',
    especialidad: null,
    paciente: { id: 1, nombre: 'Lucía Martín' },
    profesional: null,
    fotos: [],
    creada_en: '2026-11-23T10:00:00.000Z',
    atendida_en: null,
    cerrada_en: null,
    caduca_en: '2026-11-23T10:30:00.000Z',
    resumen: null,
    valoracion: null,
    espera: null,
    ticket: null,
    derivada_de: null,
    derivacion: null,
    asignada_a: null,
    motivo_cierre: null,
    ...overrides,
  }
}
