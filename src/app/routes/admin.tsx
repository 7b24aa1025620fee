import { RoleScreen } from './screen-parts'

export function Component() {
  return (
    <RoleScreen screen="admin">
      <p>Desde aquí se gestionan los usuarios y la configuración del centro.</p>
    </RoleScreen>
  )
}
