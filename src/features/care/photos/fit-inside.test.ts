import { expect, it } from 'vitest'
import { FOTO_LADO_MAX } from '../../../contract/care'
import { fitInside } from './fit-inside'

it('scales a 12-megapixel photo so its longest side is the limit, keeping its shape', () => {
  expect(fitInside(4000, 3000, FOTO_LADO_MAX)).toEqual({ width: 1600, height: 1200 })
  expect(fitInside(3000, 4000, FOTO_LADO_MAX)).toEqual({ width: 1200, height: 1600 })
})

it('never enlarges a small photo', () => {
  expect(fitInside(800, 600, FOTO_LADO_MAX)).toEqual({ width: 800, height: 600 })
})

it('keeps at least one pixel on each side of a very thin photo', () => {
  expect(fitInside(10_000, 1, FOTO_LADO_MAX)).toEqual({ width: 1600, height: 1 })
})
