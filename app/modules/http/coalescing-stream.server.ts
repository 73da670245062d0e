import { Transform } from 'node:stream'

/**
 * Passes the renderer's output on in one piece per turn of the event loop. React writes a page in
 * 2 KB chunks, and React Router's Express adapter flushes the response after each one, which
 * makes the compression middleware end a block every 2 KB: twice the bytes for gzip, and most of
 * the compression time. Chunks written in the same turn (the whole page, since nothing suspends)
 * now leave together; anything written later (a streamed boundary) still leaves on its own turn.
 * `options.head`, if given, rewrites the document's head on its way out.
 */
export function coalescingStream(options: { head?: (head: string) => string } = {}): Transform {
  let pending: Buffer[] = []
  let scheduled = false
  let inHead = options.head !== undefined
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk)
      if (!scheduled) {
        scheduled = true
        setImmediate(release)
      }
      callback()
    },
    flush(callback) {
      release()
      callback()
    },
  })
  function release() {
    scheduled = false
    if (pending.length === 0) return
    const chunk = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending)
    pending = []
    stream.push(inHead ? rewriteHead(chunk) : chunk)
  }
  /**
   * `options.head` applied to the document's head, which leaves in one piece (the shell is
   * written in one turn): the chunk up to `</head>`.
   */
  function rewriteHead(chunk: Buffer): Buffer {
    const end = chunk.indexOf('</head>')
    if (end < 0 || !options.head) return chunk
    inHead = false
    const head = options.head(chunk.toString('utf8', 0, end))
    return Buffer.concat([Buffer.from(head), chunk.subarray(end)])
  }
  return stream
}
