import { RoleScreen } from './screen-parts'

export function Component() {
  return (
    <RoleScreen screen="cliente">
      <p>Tu espacio como paciente del centro.</p>
    </RoleScreen>
  )
}
