// Reading GET /metrics (issue 32 point 5) as Prometheus would: the one parser the tests share.

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** Every sample of Prometheus text (comments skipped); throws on a line that is none. */
export function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line)
      if (!match) throw new Error(`not a sample: ${line}`)
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
          m[1] ?? '',
          m[2] ?? '',
        ]),
      )
      return { name: match[1] ?? '', labels, value: Number(match[3]) }
    })
}

/** The samples named `name` whose labels include `labels`. */
export function find(text: string, name: string, labels: Record<string, string> = {}): Sample[] {
  return samplesOf(text).filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
  )
}

/** The value of the one sample `name` with `labels` (undefined: none). */
export function sampleValue(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  return find(text, name, labels)[0]?.value
}
