import type { FastifyInstance } from 'fastify'
import { Type } from 'typebox'
import {
  Colgar,
  ConfiguracionIce,
  Llamada,
  NuevaLlamada,
  SDP_MAX_LENGTH,
  Senal,
} from '../../src/contract/calls.js'
import { authenticate, type SessionCheckDeps } from '../auth/authenticate.js'
import type { CallService } from '../care/calls.js'
import { iceConfiguration, type RelaySettings } from '../care/relay-credentials.js'
import {
  ASISTENCIA_PARAMS,
  CARE_ERROR_RESPONSES,
  NO_QUERY_SCHEMA,
  SESSION_HEADERS_SCHEMA,
} from './care-schemas.js'

const LLAMADA_PARAMS = Type.Object(
  { id: Type.String({ format: 'uuid' }), lid: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
)

/** An action on one call: its participants only (anyone else: 404), the call back. */
function llamadaActionSchema(summary: string, body: object = { description: 'Sin cuerpo.' }) {
  return {
    summary,
    headers: SESSION_HEADERS_SCHEMA,
    params: LLAMADA_PARAMS,
    querystring: NO_QUERY_SCHEMA,
    body,
    response: { 200: Llamada, ...CARE_ERROR_RESPONSES },
  }
}

/**
 * Calls inside a consultation (docs/calls.md): started, answered and ended by its two
 * participants while it is `en_curso`; their signalling goes up here and down as `senal` events
 * on each participant's own live stream.
 */
export function registerLlamadasRoutes(
  app: FastifyInstance,
  {
    session,
    calls,
    relay,
    now,
  }: { session: SessionCheckDeps; calls: CallService; relay: RelaySettings; now: () => number },
) {
  app.get<{ Params: { id: string } }>(
    '/api/asistencias/:id/llamadas',
    {
      schema: {
        summary: 'Llamadas de la consulta, de la más antigua a la más reciente (sus participantes)',
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: Type.Array(Llamada), ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      calls.list(await authenticate(request, reply, session), request.params.id),
  )

  app.post<{ Params: { id: string }; Body: NuevaLlamada }>(
    '/api/asistencias/:id/llamadas',
    {
      schema: {
        summary:
          'Empieza una videollamada o llamada de voz (sus participantes, con la consulta en curso)',
        headers: SESSION_HEADERS_SCHEMA,
        params: ASISTENCIA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        body: NuevaLlamada,
        response: { 200: Llamada, 201: Llamada, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      const { created, call } = await calls.start(account, request.params.id, request.body)
      return reply.code(created ? 201 : 200).send(call)
    },
  )

  for (const action of ['aceptar', 'rechazar'] as const) {
    app.post<{ Params: { id: string; lid: string } }>(
      `/api/asistencias/:id/llamadas/:lid/${action}`,
      {
        schema: llamadaActionSchema(
          action === 'aceptar'
            ? 'Acepta la llamada que suena (la otra persona)'
            : 'Rechaza la llamada que suena (la otra persona)',
        ),
      },
      async (request, reply) =>
        calls.answer(
          await authenticate(request, reply, session),
          request.params.id,
          request.params.lid,
          action,
        ),
    )
  }

  app.post<{ Params: { id: string; lid: string }; Body: Colgar | undefined }>(
    '/api/asistencias/:id/llamadas/:lid/colgar',
    { schema: llamadaActionSchema('Termina la llamada (cualquiera de sus participantes)', Colgar) },
    async (request, reply) =>
      calls.hangUp(
        await authenticate(request, reply, session),
        request.params.id,
        request.params.lid,
        request.body ?? {},
      ),
  )

  app.post<{ Params: { id: string; lid: string }; Body: Senal }>(
    '/api/asistencias/:id/llamadas/:lid/senales',
    {
      // A session description is the largest signal; nothing bigger is read.
      bodyLimit: SDP_MAX_LENGTH * 2,
      schema: {
        summary: 'Envía una señal de la llamada (descripción o candidato) a la otra persona',
        headers: SESSION_HEADERS_SCHEMA,
        params: LLAMADA_PARAMS,
        querystring: NO_QUERY_SCHEMA,
        body: Senal,
        response: { 204: Type.Null(), ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      await calls.signal(
        await authenticate(request, reply, session),
        request.params.id,
        request.params.lid,
        request.body,
      )
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/llamadas/ice',
    {
      schema: {
        summary: 'Servidores para conectar una llamada (credenciales del relé de corta duración)',
        headers: SESSION_HEADERS_SCHEMA,
        querystring: NO_QUERY_SCHEMA,
        response: { 200: ConfiguracionIce, ...CARE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const account = await authenticate(request, reply, session)
      return iceConfiguration(relay, account.id, now())
    },
  )
}
