import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as careApi from '../../features/care/api/care-api'
import * as session from '../../features/auth/session'
import { profesionalesQuery } from '../../features/care/api/care-queries'
import { prefetch } from './directorio'

vi.mock('../../features/care/api/care-api')
vi.mock('../../features/auth/session')

const api = vi.mocked(careApi)
let client: QueryClient

function load(tenant: string) {
  const request = new Request(`http://localhost/${tenant}/directorio`)
  prefetch(client, { request, params: { tenant }, context: undefined } as never)
}

beforeEach(() => {
  vi.resetAllMocks()
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  api.listProfesionales.mockResolvedValue([])
})

describe("the directory's route", () => {
  it('asks for the public list at once when nobody is signed in, into the cache the screen reads', async () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(false)
    // Nothing to wait for (it returns nothing): a loader that must wait would keep the page from
    // taking over the HTML.
    load('hospital-central')
    expect(api.listProfesionales).toHaveBeenCalledWith('hospital-central', expect.any(AbortSignal))
    await vi.waitFor(() => {
      expect(client.getQueryData(profesionalesQuery('hospital-central').queryKey)).toEqual([])
    })
  })

  it('asks for nothing when a session may say which list to read', () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(true)
    load('hospital-central')
    expect(api.listProfesionales).not.toHaveBeenCalled()
  })

  it('asks for nothing on the portal, which has no professionals', () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(false)
    load('main')
    expect(api.listProfesionales).not.toHaveBeenCalled()
  })

  it('a list nobody reads (the visitor left) fails quietly, for the screen alone to tell', async () => {
    vi.mocked(session.hasSessionToken).mockReturnValue(false)
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    api.listProfesionales.mockRejectedValue(new Error('offline'))
    load('hospital-central')
    await vi.waitFor(() => {
      expect(client.getQueryState(profesionalesQuery('hospital-central').queryKey)?.status).toBe(
        'error',
      )
    })
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
  })
})
