import { render, screen } from '@testing-library/react'
import { describe, expect, test, vi } from 'vitest'
import { useModuleAfterRender } from './use-module-after-render'

interface Greeting {
  text: string
}

function Part({ load }: { load: () => Promise<Greeting> }) {
  const loaded = useModuleAfterRender(load)
  return <p>{loaded ? loaded.text : 'Lugar reservado'}</p>
}

function deferred() {
  let resolve: (value: Greeting) => void = () => undefined
  let reject: (reason: unknown) => void = () => undefined
  const promise = new Promise<Greeting>((onResolve, onReject) => {
    resolve = onResolve
    reject = onReject
  })
  return { promise, resolve, reject }
}

describe('useModuleAfterRender', () => {
  test('renders its first markup, asks for the module only then, and shows it once it arrives', async () => {
    const module = deferred()
    const load = vi.fn(() => module.promise)

    render(<Part load={load} />)

    expect(screen.getByText('Lugar reservado')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
    module.resolve({ text: 'Ya está aquí' })
    expect(await screen.findByText('Ya está aquí')).toBeInTheDocument()
  })

  test('a part mounted again finds the module already here: no wait, no second load', async () => {
    const load = vi.fn(() => Promise.resolve({ text: 'Ya está aquí' }))
    const first = render(<Part load={load} />)
    await screen.findByText('Ya está aquí')
    first.unmount()

    render(<Part load={load} />)

    expect(screen.getByText('Ya está aquí')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  test('a module that cannot be fetched leaves the first markup, without an error', async () => {
    const module = deferred()
    render(<Part load={() => module.promise} />)

    module.reject(new TypeError('Failed to fetch dynamically imported module'))
    await Promise.resolve()

    expect(screen.getByText('Lugar reservado')).toBeInTheDocument()
  })
})
