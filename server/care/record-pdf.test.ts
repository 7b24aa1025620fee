import { describe, expect, it } from 'vitest'
import type { RegistroConsulta } from '../../src/contract/record.js'
import { printableText, renderRecordPdf } from './record-pdf.js'

const ID = '0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01'

function record(mensajes: RegistroConsulta['mensajes']): RegistroConsulta {
  return {
    hospital: { nombre: 'Clínica Norte', imagen: null, zona_horaria: 'Atlantic/Canary' },
    asistencia: {
      id: ID,
      tenant: 'clinica-norte',
      estado: 'finalizada',
      origen: 'paciente',
      motivo: 'Tos <script>alert(1)</script> 😷',
      especialidad: null,
      paciente: { id: 1, nombre: 'Íñigo Núñez' },
      profesional: { id: 2, nombre: 'Dra. Peña' },
      fotos: [],
      creada_en: '2026-07-01T08:00:00.000Z',
      atendida_en: '2026-07-01T08:05:00.000Z',
      cerrada_en: '2026-07-01T08:30:00.000Z',
      caduca_en: '2026-07-01T08:30:00.000Z',
      resumen: 'Catarro: miel y limón.',
      valoracion: null,
      espera: null,
      ticket: null,
      derivada_de: null,
      derivacion: null,
      asignada_a: null,
      motivo_cierre: null,
    },
    mensajes,
    llamadas: [],
    derivaciones: [],
  }
}

async function textOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise
  const pages: string[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return { pages: document.numPages, text: pages.join('\n') }
}

describe('the record as a PDF', () => {
  it('draws Spanish letters as they are and what Helvetica cannot draw as "?"', () => {
    expect(printableText('¿Añadir “€”? — sí 😷 漢')).toBe('¿Añadir “€”? — sí ? ?')
  })

  it('writes hostile text as text, times in the hospital’s own zone, and a long conversation on several pages', async () => {
    const mensajes = Array.from({ length: 120 }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      asistencia_id: ID,
      autor: { id: 1, nombre: 'Íñigo Núñez', rol: 'cliente' },
      texto: `Mensaje número ${String(index + 1)}`,
      foto: null,
      creado_en: '2026-07-01T08:10:00.000Z',
    }))
    const { pages, text } = await textOf(await renderRecordPdf(record(mensajes)))
    expect(text).toContain('Tos <script>alert(1)</script> ?')
    expect(text).toContain('Íñigo Núñez')
    expect(text).toContain('Catarro: miel y limón.')
    expect(text).toContain('Mensaje número 120')
    // 08:30 UTC is 09:30 in the Canaries in summer.
    expect(text).toMatch(/Cerrada:\s+1 de julio de 2026 a las 9:30/)
    expect(pages).toBeGreaterThan(1)
  })
})
