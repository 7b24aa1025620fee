import { RoleScreen } from './screen-parts'

export function Component() {
  return (
    <RoleScreen screen="apanel">
      <p>Panel de gestión del centro para el personal autorizado.</p>
    </RoleScreen>
  )
}
