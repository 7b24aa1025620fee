import { RoleScreen } from './screen-parts'

export function Component() {
  return (
    <RoleScreen screen="referidos">
      <p>Espacio para las personas y entidades que derivan pacientes al centro.</p>
    </RoleScreen>
  )
}
