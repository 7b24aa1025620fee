import { OperationsBoard } from '../../features/care/screens/OperationsBoard'
import { RoleScreen } from './screen-parts'

export function Component() {
  return <RoleScreen screen="apanel">{(user) => <OperationsBoard user={user} />}</RoleScreen>
}
