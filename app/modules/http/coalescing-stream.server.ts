import { Transform } from 'node:stream'

/**
 * Passes the renderer's output on in one piece per turn of the event loop. React writes a page in
 * 2 KB chunks, and React Router's Express adapter flushes the response after each one, which
 * makes the compression middleware end a block every 2 KB: twice the bytes for gzip, and most of
 * the compression time. Chunks written in the same turn (the whole page, since nothing suspends)
 * now leave together; anything written later (a streamed boundary) still leaves on its own turn.
 */
export function coalescingStream(): Transform {
  let pending: Buffer[] = []
  let scheduled = false
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
    stream.push(chunk)
  }
  return stream
}
