/**
 * Where the line a call leaves in the conversation goes, once it is over. The server keeps each
 * call as a record (its times and how it ended); its words are the record's (`describeCall` in
 * the contract, which the printed record and the PDF use too).
 */
import type { Llamada } from '../../../contract/calls'
import type { Mensaje } from '../../../contract/care'

export type ConversationEntry =
  | { tipo: 'mensaje'; mensaje: Mensaje; llamada?: undefined; at: string }
  | { tipo: 'llamada'; llamada: Llamada; mensaje?: undefined; at: string }

/**
 * Messages and ended calls in the order they happened: messages keep the order they are shown in
 * (a pending one carries the device's time), each call goes before the first message written
 * after it started.
 */
export function mergeConversation(mensajes: Mensaje[], llamadas: Llamada[]): ConversationEntry[] {
  const calls = llamadas
    .filter((llamada) => llamada.estado === 'terminada')
    .sort((a, b) => Date.parse(a.creada_en) - Date.parse(b.creada_en))
  const entries: ConversationEntry[] = []
  for (const mensaje of mensajes) {
    const written = Date.parse(mensaje.creado_en)
    for (let call = calls[0]; call && Date.parse(call.creada_en) <= written; call = calls[0]) {
      entries.push({ tipo: 'llamada', llamada: call, at: call.creada_en })
      calls.shift()
    }
    entries.push({ tipo: 'mensaje', mensaje, at: mensaje.creado_en })
  }
  for (const call of calls) entries.push({ tipo: 'llamada', llamada: call, at: call.creada_en })
  return entries
}
