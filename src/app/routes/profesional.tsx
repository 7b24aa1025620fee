import { RoleScreen } from './screen-parts'

export function Component() {
  return (
    <RoleScreen screen="profesional">
      <p>Tu espacio como profesional del centro.</p>
    </RoleScreen>
  )
}
