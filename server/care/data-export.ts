/**
 * "Descargar mis datos" (GDPR arts. 15 and 20): everything the hospital holds about a patient, as
 * one ZIP: a machine-readable JSON (the account, its requests with their summaries, ratings and
 * referrals, every message of their consultations) and a folder of the consultations' photos.
 * Only the caller's own requests are read; the conversation's other side shows as its authors'
 * names, as the patient saw it. Bounded (docs/profile.md): the newest {@link EXPORT_MAX_REQUESTS}
 * requests, photos up to {@link EXPORT_MAX_PHOTO_BYTES} in all; what is left out is counted.
 */
import { strToU8, zipSync, type Zippable } from 'fflate'
import type { Asistencia, Mensaje } from '../../src/contract/care.js'
import {
  EXPORT_FORMAT,
  EXPORT_JSON_NAME,
  EXPORT_MAX_PHOTO_BYTES,
  EXPORT_MAX_REQUESTS,
} from '../../src/contract/profile.js'
import type { AppDatabase } from '../database/schema.js'
import type { AccountStanding } from '../repositories/accounts.js'
import { asSeenAt, type AsistenciaRepository } from '../repositories/asistencias.js'
import type { HospitalRepository } from '../repositories/hospitals.js'
import type { MensajeRepository } from '../repositories/mensajes.js'
import { readWholeConversation } from './consultation-record.js'
import { fotoUrl, toAsistencia } from './records.js'

export interface DataExportDeps {
  db: AppDatabase
  asistencias: Pick<AsistenciaRepository, 'listForPatient'>
  mensajes: Pick<MensajeRepository, 'list'>
  hospitals: Pick<HospitalRepository, 'findByTenant'>
  now: () => number
  /** The contract's limits unless given (tests lower them). */
  limits?: Partial<ExportLimits>
}

export interface ExportLimits {
  maxRequests: number
  maxPhotoBytes: number
}

/** A photo in the ZIP: where it is, and which consultation and API path it was. */
interface FotoExportada {
  archivo: string
  asistencia_id: string
  url: string
  creada_en: string
}

/** The JSON file's layout (`formato` names its version). */
export interface MisDatos {
  formato: typeof EXPORT_FORMAT
  generado_en: string
  hospital: { tenant: string; nombre: string }
  cuenta: {
    nombre: string
    email: string
    rol: string
    terminos_aceptados: { version: number; aceptado_en: string }[]
  }
  solicitudes: Asistencia[]
  mensajes: Mensaje[]
  fotos: FotoExportada[]
  /** Requests older than the newest {@link EXPORT_MAX_REQUESTS}, not in this file. */
  solicitudes_omitidas: number
  /** Photos left out once the file held {@link EXPORT_MAX_PHOTO_BYTES} of them. */
  fotos_omitidas: number
}

/** The path of a photo inside the ZIP. */
export function photoPath(asistenciaId: string, fotoId: string): string {
  return `fotos/${asistenciaId}/${fotoId}.jpg`
}

export function createDataExport(deps: DataExportDeps) {
  const { db } = deps
  const { maxRequests, maxPhotoBytes }: ExportLimits = {
    maxRequests: EXPORT_MAX_REQUESTS,
    maxPhotoBytes: EXPORT_MAX_PHOTO_BYTES,
    ...deps.limits,
  }

  async function countRequests(pacienteId: number): Promise<number> {
    const { total } = await db
      .selectFrom('asistencias')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('paciente_id', '=', pacienteId)
      .executeTakeFirstOrThrow()
    return Number(total)
  }

  return {
    /** The ZIP of `patient`'s data, and the JSON it holds (for tests and logs of size). */
    async build(patient: AccountStanding): Promise<{ zip: Uint8Array; datos: MisDatos }> {
      const at = new Date(deps.now()).toISOString()
      const views = await deps.asistencias.listForPatient(patient.id, maxRequests)
      const total = await countRequests(patient.id)
      const solicitudes = views.map((view) =>
        // The patient's own view: never the note between professionals.
        toAsistencia(asSeenAt(view, at), null, { withReferralNote: false }),
      )
      const mensajes: Mensaje[] = []
      for (const view of views)
        mensajes.push(...(await readWholeConversation(deps.mensajes, view.id)))
      const [hospital, terms] = await Promise.all([
        deps.hospitals.findByTenant(patient.tenant),
        db
          .selectFrom('terms_acceptances')
          .select(['version', 'aceptado_en'])
          .where('user_id', '=', patient.id)
          .orderBy('version')
          .execute(),
      ])

      const files: Zippable = {}
      const fotos: FotoExportada[] = []
      let photoBytes = 0
      let omitted = 0
      const ids = views.map((view) => view.id)
      // Photo by photo, so only the ones that fit are ever held in memory together.
      const listed =
        ids.length === 0
          ? []
          : await db
              .selectFrom('fotos')
              .select(['id', 'asistencia_id', 'creada_en'])
              .where('asistencia_id', 'in', ids)
              .orderBy('creada_en')
              .orderBy('id')
              .execute()
      for (const photo of listed) {
        const row = await db
          .selectFrom('fotos')
          .select('jpeg')
          .where('id', '=', photo.id)
          .where('asistencia_id', '=', photo.asistencia_id)
          .executeTakeFirst()
        if (!row) continue
        if (photoBytes + row.jpeg.byteLength > maxPhotoBytes) {
          omitted += 1
          continue
        }
        photoBytes += row.jpeg.byteLength
        const archivo = photoPath(photo.asistencia_id, photo.id)
        // JPEGs are compressed already: stored as they are.
        files[archivo] = [new Uint8Array(row.jpeg), { level: 0 }]
        fotos.push({
          archivo,
          asistencia_id: photo.asistencia_id,
          url: fotoUrl(photo.asistencia_id, photo.id),
          creada_en: photo.creada_en,
        })
      }

      const datos: MisDatos = {
        formato: EXPORT_FORMAT,
        generado_en: at,
        hospital: { tenant: patient.tenant, nombre: hospital?.nombre ?? patient.tenant },
        cuenta: {
          nombre: patient.nombre,
          email: patient.email,
          rol: patient.rol,
          terminos_aceptados: terms,
        },
        solicitudes,
        mensajes,
        fotos,
        solicitudes_omitidas: Math.max(0, total - views.length),
        fotos_omitidas: omitted,
      }
      files[EXPORT_JSON_NAME] = strToU8(JSON.stringify(datos, null, 2))
      return { zip: zipSync(files, { level: 6 }), datos }
    },
  }
}

export type DataExport = ReturnType<typeof createDataExport>
