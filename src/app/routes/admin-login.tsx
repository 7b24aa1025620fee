import { LoginScreen } from './login-screen'

export function Component() {
  return <LoginScreen screen="admin-login" />
}
