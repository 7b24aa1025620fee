import { describe, expect, test } from 'vitest'
import { isAppleMobileDevice, shouldExplainIosInstall } from './ios-install'

const AGENTS = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/138.0.7204.119 Mobile/15E148 Safari/604.1',
  iPadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ Safari asks for desktop pages: the same agent as a Mac.
  iPadOsDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Mobile Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 Edg/138.0.0.0',
}

describe('isAppleMobileDevice', () => {
  test.each([
    ['an iPhone with Safari', AGENTS.iPhoneSafari, 5],
    ['an iPhone with Chrome (WebKit too)', AGENTS.iPhoneChrome, 5],
    ['an iPad before iPadOS', AGENTS.iPadOld, 5],
    ['an iPad that reports itself as a Mac, with a touch screen', AGENTS.iPadOsDesktop, 5],
  ])('%s: yes', (_, userAgent, maxTouchPoints) => {
    expect(isAppleMobileDevice({ userAgent, maxTouchPoints })).toBe(true)
  })

  test.each([
    ['a Mac (no touch screen)', AGENTS.iPadOsDesktop, 0],
    ['an Android phone', AGENTS.androidChrome, 5],
    ['a Windows touch laptop', AGENTS.windowsEdge, 10],
  ])('%s: no', (_, userAgent, maxTouchPoints) => {
    expect(isAppleMobileDevice({ userAgent, maxTouchPoints })).toBe(false)
  })
})

describe('shouldExplainIosInstall', () => {
  const iPhone = { userAgent: AGENTS.iPhoneSafari, maxTouchPoints: 5 }

  test('in Safari on an iPhone, the steps are offered', () => {
    expect(shouldExplainIosInstall(iPhone, false)).toBe(true)
  })

  test('opened from the home screen, they are not', () => {
    expect(shouldExplainIosInstall(iPhone, true)).toBe(false)
  })

  test('elsewhere, they are not', () => {
    expect(
      shouldExplainIosInstall({ userAgent: AGENTS.androidChrome, maxTouchPoints: 5 }, false),
    ).toBe(false)
  })
})
