import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as careApi from '../../features/care/care-api'
import * as session from '../../features/auth/session'
import { loader } from './directorio'

vi.mock('../../features/care/care-api')
vi.mock('../../features/auth/session')

const api = vi.mocked(careApi)

function load(tenant: string) {
  const request = new Request(`http://localhost/${tenant}/directorio`)
  return { request, data: loader({ request, params: { tenant }, context: undefined } as never) }
}

beforeEach(() => {
  vi.resetAllMocks()
  api.listProfesionales.mockResolvedValue([])
})

describe("the directory's loader", () => {
  it('asks for the public list at once when nobody is signed in, and hands it over unsettled', async () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(false)
    const { request, data } = load('hospital-central')
    // Not itself a promise: a loader that must wait would keep the page from taking over the HTML.
    expect(data).not.toHaveProperty('then')
    expect(api.listProfesionales).toHaveBeenCalledWith('hospital-central', request.signal)
    await expect(data.publicList).resolves.toEqual([])
  })

  it('asks for nothing when a session may say which list to read', () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(true)
    expect(load('hospital-central').data.publicList).toBeNull()
    expect(api.listProfesionales).not.toHaveBeenCalled()
  })

  it('asks for nothing on the portal, which has no professionals', () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(false)
    expect(load('main').data.publicList).toBeNull()
    expect(api.listProfesionales).not.toHaveBeenCalled()
  })

  it('a list nobody reads (the visitor left) fails quietly, for the screen alone to tell', async () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(false)
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    api.listProfesionales.mockRejectedValue(new Error('offline'))
    load('hospital-central')
    await new Promise((resolve) => setTimeout(resolve, 0))
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
  })

  it('counts its loads: the same address opened again shows a new list', () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(false)
    expect(load('hospital-central').data.round).toBeLessThan(load('hospital-central').data.round)
  })
})
