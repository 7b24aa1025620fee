import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as callRelay from '../../lib/call-relay'
import { ADMIN_NO_RELAY_NOTICE, CallRelayNotice } from './CallRelayNotice'

vi.mock('../../lib/call-relay')
const relay = vi.mocked(callRelay)

beforeEach(() => {
  vi.resetAllMocks()
})

describe('the administration’s calls notice', () => {
  it('says calls may fail on some networks when the hospital has no relay', async () => {
    relay.readIceConfiguration.mockResolvedValue({ iceServers: [], relay: false, caduca_en: null })
    render(<CallRelayNotice />)
    expect(await screen.findByText(ADMIN_NO_RELAY_NOTICE)).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Llamadas' })).toBeInTheDocument()
  })

  it('says nothing when the relay is there', async () => {
    relay.readIceConfiguration.mockResolvedValue({
      iceServers: [{ urls: ['turn:turn.example.org:3478'] }],
      relay: true,
      caduca_en: '2099-01-01T00:00:00.000Z',
    })
    render(<CallRelayNotice />)
    await vi.waitFor(() => {
      expect(relay.readIceConfiguration).toHaveBeenCalled()
    })
    expect(screen.queryByRole('region', { name: 'Llamadas' })).not.toBeInTheDocument()
  })
})
