import { useParams } from 'react-router-dom'
import { ThanksScreen } from '../../features/care/ThanksScreen'
import { useTenant } from '../../features/tenant/tenant-gate'
import { RoleScreen } from './screen-parts'

export function Component() {
  const tenant = useTenant()
  const { id = '' } = useParams()
  return (
    <RoleScreen screen="agradecimiento-final">
      <ThanksScreen key={id} tenant={tenant} id={id} />
    </RoleScreen>
  )
}
