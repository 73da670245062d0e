import { describe, expect, it } from 'vitest'
import {
  baseStoragePath,
  editedStoragePath,
  editRegion,
  type PhotoEdit,
  photoEditOf,
  UNEDITED,
} from '#app/domain/photo-edit.ts'

// Rotate and crop (issue 19 point 20): the region kept, and the path that names an edit.

const edit = (rotation: PhotoEdit['rotation'], crop: PhotoEdit['crop'], position = 'center') =>
  ({ rotation, crop, position }) as PhotoEdit

describe('editRegion', () => {
  it.each([
    // width, height, edit, region kept (in the turned picture)
    [1200, 900, edit('0', 'none'), { left: 0, top: 0, width: 1200, height: 900 }],
    [1200, 900, edit('90', 'none'), { left: 0, top: 0, width: 900, height: 1200 }],
    [1200, 900, edit('0', 'square'), { left: 150, top: 0, width: 900, height: 900 }],
    [1200, 900, edit('0', 'square', 'start'), { left: 0, top: 0, width: 900, height: 900 }],
    [1200, 900, edit('180', 'square', 'end'), { left: 300, top: 0, width: 900, height: 900 }],
    [1200, 900, edit('0', 'portrait'), { left: 262, top: 0, width: 675, height: 900 }],
    [1200, 900, edit('270', 'portrait'), { left: 0, top: 0, width: 900, height: 1200 }],
    [600, 1200, edit('0', 'portrait', 'start'), { left: 0, top: 0, width: 600, height: 800 }],
    [600, 1200, edit('0', 'portrait', 'end'), { left: 0, top: 400, width: 600, height: 800 }],
    [600, 1200, edit('0', 'square'), { left: 0, top: 300, width: 600, height: 600 }],
  ] as const)('%i×%i %o keeps %o', (width, height, change, region) => {
    expect(editRegion(width, height, change)).toEqual(region)
  })
})

describe('the storage path of an edit', () => {
  const base = 'profiles/5b0c1a52-0000-4000-8000-000000000001/9f3e4b1a-0000-4000-8000-00000000000a'

  it('names the edit, and reads it back from any earlier edit', () => {
    const turned = editedStoragePath(base, edit('90', 'square', 'start'))
    expect(turned).toBe(`${base}-r90-square-start`)
    expect(photoEditOf(turned)).toEqual(edit('90', 'square', 'start'))
    expect(baseStoragePath(turned)).toBe(base)
    expect(editedStoragePath(turned, edit('0', 'portrait', 'end'))).toBe(`${base}-r0-portrait-end`)
  })

  it('an unedited photo keeps its first path; a position without a crop means nothing', () => {
    expect(photoEditOf(base)).toEqual(UNEDITED)
    expect(editedStoragePath(`${base}-r90-none-center`, UNEDITED)).toBe(base)
    expect(editedStoragePath(base, edit('180', 'none', 'start'))).toBe(`${base}-r180-none-center`)
  })
})
