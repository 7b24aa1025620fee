import { LoginScreen } from './login-screen'

export { signInAction as action } from '../../features/auth/sign-in-action'

export function Component() {
  return <LoginScreen screen="admin-login" />
}
