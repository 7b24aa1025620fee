/**
 * A consultation's record as a PDF (pdfkit): the hospital, the people, the dates in the hospital's
 * time zone, the reason, the summary, the referrals, the calls and the whole conversation, in
 * Spanish. The same content as the printed record.
 */
import PDFDocument from 'pdfkit'
import { describeCall, ESTADO_LABELS, type RegistroConsulta } from '../../src/contract/record.js'
import { formatDateTime } from './hospital-day.js'

// pdfkit's built-in Helvetica speaks Windows-1252 (every Spanish letter, €, quotes and dashes);
// anything else would print as garbage, so it shows as "?" (the screen keeps the original).
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'

/** `text` with every character Helvetica cannot draw replaced by "?". */
export function printableText(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    const isDrawable =
      char === '\n' ||
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRAS.includes(char)
    out += isDrawable ? char : char === '\t' || char === '\r' ? ' ' : '?'
  }
  return out
}

function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone, timeStyle: 'short' }).format(new Date(iso))
}

const MARGIN = 56
const MUTED = '#444444'

/** Renders the record; resolves to the PDF's bytes. */
export function renderRecordPdf(
  record: RegistroConsulta,
  options: { logo?: Buffer | null } = {},
): Promise<Buffer> {
  const { asistencia, hospital } = record
  const zone = hospital.zona_horaria
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'es-ES',
    info: {
      Title: printableText(`Consulta · ${hospital.nombre}`),
      Author: printableText(hospital.nombre),
      Subject: 'Registro de una consulta',
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks))
    })
    doc.on('error', reject)
  })

  const write = (text: string, size = 11, color = 'black') =>
    doc.fontSize(size).fillColor(color).text(printableText(text))
  const field = (label: string, value: string) => {
    doc
      .fontSize(11)
      .fillColor('black')
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(printableText(value))
  }
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold')
    write(text, 13)
    doc.font('Helvetica').moveDown(0.2)
  }

  if (options.logo) {
    try {
      doc.image(options.logo, MARGIN, MARGIN, { fit: [64, 64] })
      doc.text('', MARGIN + 76, MARGIN)
    } catch {
      // A logo pdfkit cannot read leaves the header with the name only.
    }
  }
  doc.font('Helvetica-Bold')
  write(hospital.nombre, 18)
  doc.font('Helvetica')
  write('Registro de la consulta', 12, MUTED)
  if (options.logo) doc.text('', MARGIN, Math.max(doc.y, MARGIN + 72))
  doc.moveDown()

  field('Paciente', asistencia.paciente.nombre)
  field('Profesional', asistencia.profesional?.nombre ?? 'Nadie la atendió')
  if (asistencia.especialidad !== null) field('Especialidad', asistencia.especialidad)
  field('Estado', ESTADO_LABELS[asistencia.estado])
  field('Solicitada', formatDateTime(asistencia.creada_en, zone))
  if (asistencia.atendida_en !== null) {
    field('Atendida', formatDateTime(asistencia.atendida_en, zone))
  }
  if (asistencia.cerrada_en !== null) field('Cerrada', formatDateTime(asistencia.cerrada_en, zone))
  if (asistencia.derivacion) field('Derivada por', asistencia.derivacion.por.nombre)

  heading('Motivo')
  write(asistencia.motivo)
  heading('Resumen')
  write(asistencia.resumen ?? 'Sin resumen: la consulta no llegó a finalizarse.')

  if (record.derivaciones.length > 0) {
    heading('Derivaciones')
    for (const referral of record.derivaciones) {
      const to = referral.derivacion?.a?.nombre ?? referral.especialidad ?? 'otro profesional'
      write(
        `${formatDateTime(referral.creada_en, zone)} · a ${to} · ${ESTADO_LABELS[referral.estado]}`,
      )
      if (referral.derivacion?.nota) write(`Nota: ${referral.derivacion.nota}`, 10, MUTED)
    }
  }

  if (record.llamadas.length > 0) {
    heading('Llamadas')
    for (const call of record.llamadas) {
      write(`${formatTime(call.creada_en, zone)} · ${describeCall(call)}`)
    }
  }

  heading('Conversación')
  if (record.mensajes.length === 0) write('No hubo mensajes.', 11, MUTED)
  for (const mensaje of record.mensajes) {
    doc.font('Helvetica-Bold')
    write(`${mensaje.autor.nombre} · ${formatTime(mensaje.creado_en, zone)}`, 10, MUTED)
    doc.font('Helvetica')
    if (mensaje.texto !== '') write(mensaje.texto)
    if (mensaje.foto !== null) write('[Foto adjunta]', 10, MUTED)
    doc.moveDown(0.3)
  }

  doc.end()
  return done
}
