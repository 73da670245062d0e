import { afterEach, beforeEach, vi } from 'vitest'

// A test that makes the code log an error fails, so errors never pass unnoticed.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})
