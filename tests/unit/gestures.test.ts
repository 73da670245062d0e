import { describe, expect, it } from 'vitest'
import { navigationLock, swipeDirection, wrapIndex } from '#app/domain/gestures.ts'

const at = (x: number, y: number, time: number) => ({ x, y, time })

describe('swipeDirection (SPEC §9: 100 px within 500 ms)', () => {
  it('a quick move left is next, right is previous', () => {
    expect(swipeDirection(at(300, 400, 0), at(180, 410, 200))).toBe('next')
    expect(swipeDirection(at(50, 400, 0), at(150, 390, 499))).toBe('previous')
  })

  it('too short, too slow or mostly vertical is no swipe', () => {
    expect(swipeDirection(at(300, 400, 0), at(201, 400, 100))).toBeUndefined()
    expect(swipeDirection(at(300, 400, 0), at(100, 400, 501))).toBeUndefined()
    expect(swipeDirection(at(300, 400, 0), at(180, 200, 100))).toBeUndefined()
  })
})

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(0, -1, 5)).toBe(4)
    expect(wrapIndex(4, 1, 5)).toBe(0)
    expect(wrapIndex(2, 1, 5)).toBe(3)
    expect(wrapIndex(0, -6, 5)).toBe(4)
  })
})

describe('navigationLock (SPEC §4: 300 ms)', () => {
  it('allows one step, refuses others for 300 ms, then allows again', () => {
    const lock = navigationLock()
    expect(lock.tryAcquire(1000)).toBe(true)
    expect(lock.tryAcquire(1001)).toBe(false)
    expect(lock.tryAcquire(1299)).toBe(false)
    expect(lock.tryAcquire(1300)).toBe(true)
    expect(lock.tryAcquire(1500)).toBe(false)
  })
})
