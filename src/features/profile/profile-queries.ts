/**
 * The profile's reads as the page's cache holds them. Both are personal: they go with the session
 * (the cache is emptied when it ends) and are read afresh whenever the screen opens.
 */
import { queryOptions } from '@tanstack/react-query'
import { readLecturas, readPerfil } from './profile-api'

export const profileKeys = {
  perfil: ['perfil'] as const,
  lecturas: ['perfil', 'lecturas'] as const,
}

export function perfilQuery() {
  return queryOptions({
    queryKey: profileKeys.perfil,
    queryFn: ({ signal }) => readPerfil(signal),
  })
}

/** "Quién ha consultado mis datos". */
export function lecturasQuery() {
  return queryOptions({
    queryKey: profileKeys.lecturas,
    queryFn: ({ signal }) => readLecturas(signal),
  })
}
