import { LoginScreen } from './login-screen'

export { submitSignIn as action } from '../../features/auth/sign-in-form'

export function Component() {
  return <LoginScreen screen="admin-login" />
}
