import { describe, expect, it } from 'vitest'
import { coalescingStream } from '#app/modules/http/coalescing-stream.server.ts'

// entry.server's output stream: chunks written in one turn leave as one, and the head can be
// rewritten on its way out (the page's module preloads at low priority, issue 24 point 3).

async function run(stream: ReturnType<typeof coalescingStream>, turns: string[][]) {
  const out: string[] = []
  stream.on('data', (chunk: Buffer) => out.push(chunk.toString('utf8')))
  for (const turn of turns) {
    for (const chunk of turn) stream.write(Buffer.from(chunk))
    await new Promise((resolve) => setImmediate(resolve))
  }
  stream.end()
  await new Promise((resolve) => stream.on('end', resolve))
  return out
}

const upper = (head: string) => head.toUpperCase()

describe('coalescingStream', () => {
  it('sends what one turn wrote as one chunk', async () => {
    expect(await run(coalescingStream(), [['<html>', '<head>'], ['</head>']])).toEqual([
      '<html><head>',
      '</head>',
    ])
  })

  it('rewrites the head only, once, and nothing after it', async () => {
    const out = await run(coalescingStream({ head: upper }), [
      ['<head><link rel="a">', '<title>ção</title></head><body>x</body>'],
      ['<head>later</head>'],
    ])
    expect(out).toEqual([
      '<HEAD><LINK REL="A"><TITLE>ÇÃO</TITLE></head><body>x</body>',
      '<head>later</head>',
    ])
  })

  it('leaves a chunk before the head ends as it is, and rewrites the one that ends it', async () => {
    const out = await run(coalescingStream({ head: upper }), [['<html>'], ['<head>a</head>b']])
    expect(out).toEqual(['<html>', '<HEAD>A</head>b'])
  })
})
