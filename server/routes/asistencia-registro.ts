import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { RegistroConsulta, recordFileName } from '../../src/contract/record.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { OwnLogoReader } from '../branding/own-logo.js'
import type { ConsultationRecords } from '../care/consultation-record.js'
import { dayIn } from '../care/hospital-day.js'
import { renderRecordPdf } from '../care/record-pdf.js'
import {
  ASISTENCIA_PARAMS,
  CARE_ERROR_RESPONSES,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'

export interface AsistenciaRegistroRouteDeps {
  session: SessionCheckDeps
  records: ConsultationRecords
  readOwnLogo: OwnLogoReader
}

/**
 * The record of a consultation that is over, to read again (`…/registro`) or keep as a PDF
 * (`…/registro.pdf`): its patient and the hospital's staff (404 to anyone else; 409 while it is
 * open). Both answers are health data: `no-store`, and staff reads are audited.
 */
export function registerAsistenciaRegistroRoutes(
  instance: FastifyInstance,
  { session, records, readOwnLogo }: AsistenciaRegistroRouteDeps,
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/api/asistencias/:id/registro',
    {
      schema: {
        summary:
          'El registro de una consulta terminada: la solicitud, la conversación entera, las llamadas y las derivaciones (su paciente y el personal del centro; las lecturas del personal se auditan)',
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: RegistroConsulta, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      records.read(await authenticate(request, reply, session), request.params.id, 'pantalla'),
  )

  app.get(
    '/api/asistencias/:id/registro.pdf',
    {
      schema: {
        summary:
          'El registro de una consulta terminada en PDF, en español y con las horas del centro (mismo acceso que el registro)',
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'PDF' }),
          ...CARE_ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      const record = await records.read(account, request.params.id, 'pdf')
      const { imagen, zona_horaria: zone } = record.hospital
      const logo = imagen?.startsWith('/') ? await readOwnLogo(imagen) : null
      const pdf = await renderRecordPdf(record, { logo })
      const day = dayIn(zone, Date.parse(record.asistencia.creada_en))
      reply.header('cache-control', 'no-store')
      reply.header('content-type', 'application/pdf')
      reply.header('content-disposition', `attachment; filename="${recordFileName(day)}"`)
      return reply.send(pdf)
    },
  )
}
