import { Suspense, use } from 'react'
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom'
import type { Profesional } from '../../contract/care'
import { may } from '../../contract/permissions'
import { DEFAULT_TENANT, isTenantId } from '../../contract/tenants'
import { hasSessionToken } from '../../features/auth/session'
import { listProfesionales } from '../../features/care/care-api'
import { DirectoryScreen } from '../../features/care/DirectoryScreen'
import { useSession, useTenant } from '../tenant-route'
import { InfoScreen } from './screen-parts'

export interface DirectoryData {
  /**
   * The hospital's public list, asked for as the route loads when nobody is signed in on this
   * device (a first visit's page asks before it takes the screen over); null otherwise: who is
   * signed in decides which list to read, and the screen asks once it knows.
   */
  publicList: Promise<Profesional[]> | null
  /** Which load of the route this is: a load again (the same address opened) shows a new list. */
  round: number
}

let rounds = 0

export function loader({ params, request }: LoaderFunctionArgs): DirectoryData {
  rounds += 1
  const tenant = params.tenant ?? DEFAULT_TENANT
  // Nothing to ask on the portal (it has no professionals, the screen says so), nor with a
  // session kept here: the screen asks once it knows whose, and for which list.
  if (tenant === DEFAULT_TENANT || !isTenantId(tenant) || hasSessionToken()) {
    return { publicList: null, round: rounds }
  }
  const publicList = listProfesionales(tenant, request.signal)
  // Its failure is the screen's to show; nobody else waits on it (a visitor may leave first).
  publicList.catch(() => undefined)
  return { publicList, round: rounds }
}

function Content() {
  const tenant = useTenant()
  const state = use(useSession())
  // Null while the build renders the screen: it shows the list's place, as before any answer.
  const data = useLoaderData<DirectoryData | null>()
  const user = state.status === 'verified' && state.user.tenant === tenant ? state.user : null
  return (
    <DirectoryScreen
      // Signed in, the list comes from the session; signed out, from the hospital's public one.
      key={`${tenant}:${String(user !== null)}:${String(data?.round ?? 0)}`}
      tenant={tenant}
      isSignedInHere={user !== null}
      publicList={data?.publicList ?? null}
      // Signed out, the link leads to the request form, which asks to sign in first.
      mayRequest={user === null || may(user, 'solicitar')}
    />
  )
}

export function Component() {
  const tenant = useTenant()
  if (tenant === DEFAULT_TENANT) {
    return (
      <InfoScreen screen="directorio">
        <p>
          Este portal no es un centro y no tiene profesionales. Cada centro tiene su directorio en
          su propia dirección.
        </p>
      </InfoScreen>
    )
  }
  return (
    <InfoScreen screen="directorio">
      <p>
        Los profesionales del centro, por especialidad. «Disponible ahora» señala a quien está
        atendiendo solicitudes en este momento.
      </p>
      <div className="care-directory">
        <Suspense fallback={<p role="status">Cargando el directorio…</p>}>
          <Content />
        </Suspense>
      </div>
    </InfoScreen>
  )
}
