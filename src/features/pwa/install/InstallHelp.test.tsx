import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { createInstallPromptStore, type BeforeInstallPromptEvent } from './install-prompt'
import { InstallHelp } from './InstallHelp'

function storeWithOffer(outcome: 'accepted' | 'dismissed') {
  const target = new EventTarget()
  const store = createInstallPromptStore(() => false)
  store.listen(target)
  let prompts = 0
  const offer = () => {
    const event = new Event('beforeinstallprompt', { cancelable: true })
    Object.assign(event, {
      prompt: () => {
        prompts += 1
        return Promise.resolve()
      },
      userChoice: Promise.resolve({ outcome }),
    } satisfies Omit<BeforeInstallPromptEvent, keyof Event>)
    target.dispatchEvent(event)
  }
  return { store, offer, prompts: () => prompts, target }
}

describe('InstallHelp', () => {
  test('no offer from the browser and not an iPhone: nothing to click', () => {
    const { store } = storeWithOffer('accepted')
    render(<InstallHelp hospitalName="Hospital Central" store={store} isIosInstall={false} />)
    expect(screen.queryByRole('button')).toBeNull()
  })

  test("the browser's offer shows the button, which opens its dialog once and goes", async () => {
    const user = userEvent.setup()
    const { store, offer, prompts } = storeWithOffer('accepted')
    render(<InstallHelp hospitalName="Hospital Central" store={store} isIosInstall={false} />)
    act(offer)

    await user.click(screen.getByRole('button', { name: 'Instalar la aplicación' }))

    expect(prompts()).toBe(1)
    expect(screen.queryByRole('button', { name: 'Instalar la aplicación' })).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('Hospital Central se ha instalado')
  })

  test('an offer kept before the footer existed is shown when it mounts', () => {
    const { store, offer } = storeWithOffer('accepted')
    offer()
    render(<InstallHelp hospitalName="Hospital Central" store={store} isIosInstall={false} />)
    expect(screen.getByRole('button', { name: 'Instalar la aplicación' })).toBeVisible()
  })

  test('dismissed: the button goes, nothing is announced', async () => {
    const user = userEvent.setup()
    const { store, offer } = storeWithOffer('dismissed')
    render(<InstallHelp hospitalName="Hospital Central" store={store} isIosInstall={false} />)
    act(offer)
    await user.click(screen.getByRole('button', { name: 'Instalar la aplicación' }))
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByRole('status')).toBeEmptyDOMElement()
  })

  test('installed from the browser menu: the button goes', () => {
    const { store, offer, target } = storeWithOffer('accepted')
    render(<InstallHelp hospitalName="Hospital Central" store={store} isIosInstall={false} />)
    act(offer)
    act(() => {
      target.dispatchEvent(new Event('appinstalled'))
    })
    expect(screen.queryByRole('button')).toBeNull()
  })

  test("on an iPhone, a disclosure reveals Safari's steps naming the hospital", async () => {
    const user = userEvent.setup()
    const { store } = storeWithOffer('accepted')
    render(<InstallHelp hospitalName="Clínica Norte" store={store} isIosInstall />)
    const disclosure = screen.getByRole('button', { name: 'Cómo instalar la aplicación' })
    expect(disclosure).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('list')).toBeNull()

    await user.click(disclosure)

    expect(disclosure).toHaveAttribute('aria-expanded', 'true')
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(steps).toEqual([
      expect.stringContaining('Compartir'),
      expect.stringContaining('Añadir a pantalla de inicio'),
      expect.stringMatching(/Añadir.*Clínica Norte/),
    ])
    await user.click(disclosure)
    expect(screen.queryByRole('list')).toBeNull()
  })
})
