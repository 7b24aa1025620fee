import { useSearchParams } from 'react-router-dom'
import { RequestForm } from '../../features/care/RequestForm'
import { useTenant } from '../tenant-route'
import { RoleScreen } from './screen-parts'

export function Component() {
  const tenant = useTenant()
  const [search] = useSearchParams()
  return (
    <RoleScreen screen="solicitar-asistencia">
      <RequestForm tenant={tenant} preselected={search.get('especialidad')} />
    </RoleScreen>
  )
}
