import { closeSync, fstatSync, openSync, readSync } from 'node:fs'

// A minimal reader of MaxMind DB files (https://maxmind.github.io/MaxMind-DB/), for the offline
// GeoIP database of geolocation.server.ts.

// "\xAB\xCD\xEFMaxMind.com", the start of the metadata at the end of the file.
const METADATA_MARKER = Buffer.from('abcdef4d61784d696e642e636f6d', 'hex')
const METADATA_MAX_SIZE = 128 * 1024
const BLOCK_SIZE = 4096
// 256 blocks of 4 KiB: 1 MiB of memory per file, allocated once; the top of the tree stays in it.
const CACHED_BLOCKS = 256
const MAX_DATA_DEPTH = 32
const EXTENDED_SIZE_BASES = [29, 285, 65_821] as const
const POINTER_BASES = [0, 2048, 526_336, 0] as const

interface ByteSource {
  byte(offset: number): number
  bytes(offset: number, length: number): Buffer
}

class BufferSource implements ByteSource {
  constructor(private readonly buffer: Buffer) {}

  byte(offset: number): number {
    const value = this.buffer[offset]
    if (value === undefined) throw new RangeError('MaxMind DB read out of range')
    return value
  }

  bytes(offset: number, length: number): Buffer {
    if (offset + length > this.buffer.length) throw new RangeError('MaxMind DB read out of range')
    return this.buffer.subarray(offset, offset + length)
  }
}

/**
 * A file read in blocks through a fixed cache of the most recently used ones. Reads are
 * synchronous: a lookup misses about 3 blocks, each a 4 KiB read from the OS page cache.
 */
class BlockFile implements ByteSource {
  readonly #cache = Buffer.alloc(BLOCK_SIZE * CACHED_BLOCKS)
  // Block index → slot in the cache, least recently used first.
  readonly #slots = new Map<number, number>()
  readonly #free = Array.from({ length: CACHED_BLOCKS }, (_, slot) => slot)
  #lastIndex = -1
  #lastSlot = 0

  constructor(
    private readonly fd: number,
    readonly size: number,
  ) {}

  byte(offset: number): number {
    if (offset < 0 || offset >= this.size) throw new RangeError('MaxMind DB read out of range')
    const index = Math.floor(offset / BLOCK_SIZE)
    const value = this.#cache[this.#slot(index) * BLOCK_SIZE + offset - index * BLOCK_SIZE]
    if (value === undefined) throw new RangeError('MaxMind DB read out of range')
    return value
  }

  // A copy: the cache may reuse the bytes on the next read.
  bytes(offset: number, length: number): Buffer {
    if (offset < 0 || offset + length > this.size) {
      throw new RangeError('MaxMind DB read out of range')
    }
    const copy = Buffer.allocUnsafe(length)
    for (let done = 0; done < length; ) {
      const index = Math.floor((offset + done) / BLOCK_SIZE)
      const start = this.#slot(index) * BLOCK_SIZE + offset + done - index * BLOCK_SIZE
      const end = Math.min(start + length - done, (this.#slot(index) + 1) * BLOCK_SIZE)
      done += this.#cache.copy(copy, done, start, end)
    }
    return copy
  }

  #slot(index: number): number {
    if (index === this.#lastIndex) return this.#lastSlot
    let slot = this.#slots.get(index)
    if (slot === undefined) {
      this.#lastIndex = -1
      slot = this.#free.pop() ?? this.#evict()
      try {
        readSync(this.fd, this.#cache, slot * BLOCK_SIZE, BLOCK_SIZE, index * BLOCK_SIZE)
      } catch (error) {
        this.#free.push(slot)
        throw error
      }
    } else {
      this.#slots.delete(index)
    }
    this.#slots.set(index, slot)
    this.#lastIndex = index
    this.#lastSlot = slot
    return slot
  }

  #evict(): number {
    const [oldest, slot] = this.#slots.entries().next().value ?? [-1, 0]
    this.#slots.delete(oldest)
    return slot
  }
}

interface MmdbMetadata {
  nodeCount: number
  recordSize: 24 | 28 | 32
  ipVersion: 4 | 6
}

export class MmdbReader {
  readonly #dataStart: number

  private constructor(
    private readonly file: BlockFile,
    private readonly metadata: MmdbMetadata,
  ) {
    this.#dataStart = (metadata.nodeCount * metadata.recordSize) / 4 + 16
  }

  static open(path: string): MmdbReader {
    const fd = openSync(path, 'r')
    try {
      const { size } = fstatSync(fd)
      const tail = Buffer.alloc(Math.min(size, METADATA_MAX_SIZE))
      readSync(fd, tail, 0, tail.length, size - tail.length)
      const marker = tail.lastIndexOf(METADATA_MARKER)
      if (marker === -1) throw new Error(`Not a MaxMind DB file: ${path}`)
      const start = marker + METADATA_MARKER.length
      const metadata = parseMetadata(decodeValue(new BufferSource(tail), start, start)[0])
      if (!metadata) throw new Error(`Unsupported MaxMind DB metadata: ${path}`)
      return new MmdbReader(new BlockFile(fd, size), metadata)
    } catch (error) {
      closeSync(fd)
      throw error
    }
  }

  /** The data record for an address of this database's IP version, or undefined. */
  lookup(address: Uint8Array): unknown {
    const { nodeCount, ipVersion } = this.metadata
    if (address.length !== (ipVersion === 4 ? 4 : 16)) return undefined
    let node = 0
    for (let bit = 0; bit < address.length * 8 && node < nodeCount; bit++) {
      node = this.#record(node, ((address[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1)
    }
    if (node <= nodeCount) return undefined
    const offset = this.#dataStart + node - nodeCount - 16
    return decodeValue(this.file, offset, this.#dataStart)[0]
  }

  #record(node: number, side: number): number {
    const { recordSize } = this.metadata
    const at = (node * recordSize) / 4
    if (recordSize === 24) return readUint(this.file, at + side * 3, 3)
    if (recordSize === 32) return readUint(this.file, at + side * 4, 4)
    const middle = this.file.byte(at + 3)
    return side === 0
      ? (middle >> 4) * 0x1000000 + readUint(this.file, at, 3)
      : (middle & 0x0f) * 0x1000000 + readUint(this.file, at + 4, 3)
  }
}

function parseMetadata(raw: unknown): MmdbMetadata | undefined {
  if (!isRecord(raw) || raw.binary_format_major_version !== 2) return undefined
  const { node_count: nodeCount, record_size: recordSize, ip_version: ipVersion } = raw
  if (typeof nodeCount !== 'number' || !Number.isSafeInteger(nodeCount) || nodeCount < 1) {
    return undefined
  }
  if (recordSize !== 24 && recordSize !== 28 && recordSize !== 32) return undefined
  if (ipVersion !== 4 && ipVersion !== 6) return undefined
  return { nodeCount, recordSize, ipVersion }
}

function readUint(source: ByteSource, offset: number, length: number): number {
  let value = 0
  for (let i = 0; i < length; i++) value = value * 256 + source.byte(offset + i)
  return value
}

/** Decodes the value at offset; pointers are relative to base. Returns it and the next offset. */
function decodeValue(
  source: ByteSource,
  offset: number,
  base: number,
  depth = 0,
): [unknown, number] {
  if (depth > MAX_DATA_DEPTH) throw new Error('MaxMind DB data nested too deep')
  let at = offset
  const control = source.byte(at++)
  let type = control >> 5
  if (type === 1) {
    const length = ((control >> 3) & 3) + 1
    const high = length === 4 ? 0 : (control & 7) * 256 ** length
    const pointer = high + readUint(source, at, length) + (POINTER_BASES[length - 1] ?? 0)
    return [decodeValue(source, base + pointer, base, depth + 1)[0], at + length]
  }
  if (type === 0) type = 7 + source.byte(at++)
  let size = control & 0x1f
  if (size >= 29) {
    const length = size - 28
    size = (EXTENDED_SIZE_BASES[length - 1] ?? 0) + readUint(source, at, length)
    at += length
  }
  switch (type) {
    case 2:
      return [source.bytes(at, size).toString('utf8'), at + size]
    case 3:
      return [source.bytes(at, 8).readDoubleBE(0), at + 8]
    case 4:
      return [Buffer.from(source.bytes(at, size)), at + size]
    case 5:
    case 6:
    case 9:
    case 10:
      return [readUint(source, at, size), at + size]
    case 7: {
      const map: Record<string, unknown> = Object.create(null)
      for (let i = 0; i < size; i++) {
        const [key, valueAt] = decodeValue(source, at, base, depth + 1)
        const [value, next] = decodeValue(source, valueAt, base, depth + 1)
        map[String(key)] = value
        at = next
      }
      return [map, at]
    }
    case 8: {
      const value = readUint(source, at, size)
      return [size === 4 && value >= 2 ** 31 ? value - 2 ** 32 : value, at + size]
    }
    case 11: {
      const array: unknown[] = []
      for (let i = 0; i < size; i++) {
        const [value, next] = decodeValue(source, at, base, depth + 1)
        array.push(value)
        at = next
      }
      return [array, at]
    }
    case 14:
      return [size !== 0, at]
    case 15:
      return [source.bytes(at, 4).readFloatBE(0), at + 4]
    default:
      throw new Error(`Unsupported MaxMind DB data type ${type}`)
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
