import { describe, expect, it } from 'vitest'
import { resolveConfig, type ConfigSources } from './env'

const PAGE = 'https://app.example'

function sources(overrides: Partial<ConfigSources> = {}): ConfigSources {
  return {
    runtimeBaseUrl: null,
    buildBaseUrl: undefined,
    buildExtraOrigins: undefined,
    pageOrigin: PAGE,
    ...overrides,
  }
}

describe('resolveConfig: the API base URL', () => {
  it.each<[string, Partial<ConfigSources>, string]>([
    ['the page origin when nothing is configured', {}, PAGE],
    [
      'the build value over the page origin',
      { buildBaseUrl: 'https://build.example' },
      'https://build.example',
    ],
    [
      'the runtime meta over the build value',
      { runtimeBaseUrl: 'https://runtime.example', buildBaseUrl: 'https://build.example' },
      'https://runtime.example',
    ],
    [
      'the build value when the runtime meta is empty',
      { runtimeBaseUrl: '', buildBaseUrl: 'https://build.example' },
      'https://build.example',
    ],
    [
      'the build value when the runtime meta is blank',
      { runtimeBaseUrl: '   ', buildBaseUrl: 'https://build.example' },
      'https://build.example',
    ],
    [
      'a runtime value with its path prefix',
      { runtimeBaseUrl: 'https://api.example/v1' },
      'https://api.example/v1',
    ],
    [
      'one trailing slash trimmed',
      { runtimeBaseUrl: 'https://api.example/' },
      'https://api.example',
    ],
    [
      'several trailing slashes trimmed',
      { buildBaseUrl: 'https://api.example/v1///' },
      'https://api.example/v1',
    ],
    [
      'surrounding spaces trimmed',
      { runtimeBaseUrl: '  https://api.example/v1/  ' },
      'https://api.example/v1',
    ],
    [
      'a path resolved against the page origin',
      { runtimeBaseUrl: '/backend/' },
      'https://app.example/backend',
    ],
    ['a port kept', { buildBaseUrl: 'http://localhost:4174' }, 'http://localhost:4174'],
    ['the page origin for a javascript: value', { runtimeBaseUrl: 'javascript:alert(1)' }, PAGE],
    [
      'the page origin for a javascript: build value',
      { buildBaseUrl: 'javascript:alert(1)' },
      PAGE,
    ],
    ['the page origin for a data: value', { runtimeBaseUrl: 'data:text/html,x' }, PAGE],
    ['the page origin for an ftp: value', { buildBaseUrl: 'ftp://files.example' }, PAGE],
    ['the page origin for an unparsable value', { runtimeBaseUrl: 'http://' }, PAGE],
  ])('is %s', (_, overrides, apiBaseUrl) => {
    expect(resolveConfig(sources(overrides)).apiBaseUrl).toBe(apiBaseUrl)
  })
})

describe('resolveConfig: the origins that receive the token', () => {
  it('is the API origin alone by default', () => {
    expect(resolveConfig(sources({ runtimeBaseUrl: 'https://api.example/v1' })).apiOrigins).toEqual(
      ['https://api.example'],
    )
  })

  it('adds the extra origins, as origins, ignoring invalid ones', () => {
    const config = resolveConfig(
      sources({
        buildBaseUrl: 'https://api.example',
        buildExtraOrigins:
          ' https://api-eu.example/some/path , http://localhost:4174,,javascript:alert(1), ftp://x.example ,http://',
      }),
    )

    expect(config.apiOrigins).toEqual([
      'https://api.example',
      'https://api-eu.example',
      'http://localhost:4174',
    ])
  })

  it('lists each origin once', () => {
    const config = resolveConfig(
      sources({
        runtimeBaseUrl: 'https://api.example/v1',
        buildExtraOrigins:
          'https://api.example,https://api.example/other,https://api-eu.example,https://api-eu.example/',
      }),
    )

    expect(config.apiOrigins).toEqual(['https://api.example', 'https://api-eu.example'])
  })

  it('never lists the origin of an invalid base URL', () => {
    const config = resolveConfig(sources({ runtimeBaseUrl: 'javascript:alert(1)' }))

    expect(config.apiOrigins).toEqual([PAGE])
  })
})

it('gives requests a positive timeout', () => {
  expect(resolveConfig(sources()).requestTimeoutMs).toBeGreaterThan(0)
})
