import type { AppDatabase } from '../database/schema.js'
import type { AvisoRepository, NuevoAviso } from '../repositories/avisos-pendientes.js'
import type { EventoRepository } from '../repositories/eventos.js'
import type { SuscripcionRepository } from '../repositories/suscripciones-push.js'
import { planAlerts, type Destinatario } from './alert-plan.js'

export interface EventAlertDeps {
  avisos: AvisoRepository
  suscripciones: Pick<SuscripcionRepository, 'listIdsOfUsers' | 'listIdsOfProfessionals'>
  now: () => number
}

/**
 * The event log, with each event's push alerts written in the same transaction as the event (one
 * row per alert and device): they commit together or not at all, whichever instance sends them.
 */
export function withPushAlerts(eventos: EventoRepository, deps: EventAlertDeps): EventoRepository {
  const { avisos, suscripciones, now } = deps

  async function devicesOf(trx: AppDatabase, para: Destinatario): Promise<number[]> {
    return 'usuario' in para
      ? suscripciones.listIdsOfUsers(trx, [para.usuario])
      : suscripciones.listIdsOfProfessionals(trx, para.profesionalesDe)
  }

  return {
    ...eventos,
    async append(trx, evento) {
      const id = await eventos.append(trx, evento)
      if (evento.asistencia_id === null) return id
      const asunto = await avisos.findAsunto(trx, evento.asistencia_id)
      if (asunto === undefined) return id
      const autor =
        evento.ref === null ? undefined : await avisos.findMessageAuthor(trx, evento.ref)
      const rows: NuevoAviso[] = []
      for (const aviso of planAlerts(evento, asunto, autor, new Date(now()).toISOString())) {
        for (const suscripcion of await devicesOf(trx, aviso.para)) {
          rows.push({
            clave: `${aviso.tipo}:${aviso.objeto}:${String(suscripcion)}`,
            suscripcion_id: suscripcion,
            tenant: asunto.tenant,
            tipo: aviso.tipo,
            asistencia_id: asunto.id,
            caduca_en: aviso.caducaEn,
          })
        }
      }
      await avisos.enqueue(trx, rows)
      return id
    },
  }
}
