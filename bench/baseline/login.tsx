export function Component() {
  return (
    <form>
      <h1>Iniciar sesión</h1>
      <label>
        Correo electrónico <input type="email" name="email" />
      </label>
      <label>
        Contraseña <input type="password" name="password" />
      </label>
      <button type="submit">Entrar</button>
    </form>
  )
}
