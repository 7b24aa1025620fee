import { describe, expect, it } from 'vitest'
import type { RouteObject } from 'react-router-dom'
import { prepareHydration } from './hydration'

function at(path: string): Location {
  return new URL(path, 'http://localhost') as unknown as Location
}

function tree(screen: RouteObject): RouteObject[] {
  return [
    {
      id: 'root',
      loader: () => ({ tenant: 'hospital-central' }),
      children: [
        {
          path: ':tenant',
          loader: ({ params }) => ({ layout: params.tenant }),
          children: [screen, { path: 'otra', loader: () => ({}) }],
        },
      ],
    },
  ]
}

describe('prepareHydration', () => {
  it("loads a lazy screen and answers every matched loader, by the router's ids", async () => {
    const screen: RouteObject = {
      path: 'login',
      lazy: () => Promise.resolve({ loader: () => ({ screen: true }) }),
    }
    const routes = tree(screen)
    const data = await prepareHydration(routes, at('/hospital-central/login'))
    expect(data).toEqual({
      loaderData: {
        root: { tenant: 'hospital-central' },
        '0-0': { layout: 'hospital-central' },
        '0-0-0': { screen: true },
      },
    })
    // The router finds the screen's code already there, as it would after loading it.
    expect(screen.lazy).toBeUndefined()
    expect(typeof screen.loader).toBe('function')
  })

  it('takes the answers start-up already has instead of running their loaders again', async () => {
    const routes = tree({ path: 'login' })
    const root = routes[0]
    if (!root) throw new Error('no root')
    root.loader = () => {
      throw new Error('the root loader must not run')
    }
    const data = await prepareHydration(routes, at('/hospital-central/login'), {
      root: { tenant: 'hospital-central' },
    })
    expect(data?.loaderData).toEqual({
      root: { tenant: 'hospital-central' },
      '0-0': { layout: 'hospital-central' },
    })
  })

  it('gives up on a loader that must wait: the page renders afresh', async () => {
    const routes = tree({ path: 'login', loader: () => Promise.resolve({}) })
    expect(await prepareHydration(routes, at('/hospital-central/login'))).toBeNull()
  })

  it('gives up on a loader that redirects or fails', async () => {
    const redirects = tree({ path: 'login', loader: () => new Response(null, { status: 302 }) })
    expect(await prepareHydration(redirects, at('/hospital-central/login'))).toBeNull()
    const fails = tree({
      path: 'login',
      loader: () => {
        throw new Error('no')
      },
    })
    expect(await prepareHydration(fails, at('/hospital-central/login'))).toBeNull()
  })
})
