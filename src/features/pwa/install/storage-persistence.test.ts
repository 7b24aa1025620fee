import { describe, expect, it, vi } from 'vitest'
import { requestPersistentStorageWhenInstalled } from './storage-persistence'

function fakeStorage(isPersisted = false) {
  return {
    persisted: vi.fn(() => Promise.resolve(isPersisted)),
    persist: vi.fn(() => Promise.resolve(true)),
  }
}

describe('requestPersistentStorageWhenInstalled', () => {
  it('asks for persistent storage when running installed', async () => {
    const storage = fakeStorage()
    await requestPersistentStorageWhenInstalled(storage, () => true)
    expect(storage.persist).toHaveBeenCalledOnce()
  })

  it('never asks from a browser tab, nor again once granted', async () => {
    const inTab = fakeStorage()
    await requestPersistentStorageWhenInstalled(inTab, () => false)
    expect(inTab.persist).not.toHaveBeenCalled()

    const granted = fakeStorage(true)
    await requestPersistentStorageWhenInstalled(granted, () => true)
    expect(granted.persist).not.toHaveBeenCalled()
  })

  it('goes on quietly without the API or when the browser refuses', async () => {
    await expect(requestPersistentStorageWhenInstalled(null, () => true)).resolves.toBe(undefined)
    const refusing = fakeStorage()
    refusing.persist.mockRejectedValue(new DOMException('no', 'NotAllowedError'))
    await expect(requestPersistentStorageWhenInstalled(refusing, () => true)).resolves.toBe(
      undefined,
    )
  })
})
