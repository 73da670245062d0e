import { type KeyboardEvent, useId, useState } from 'react'
import { Maximize, RotateCcw, RotateCw, ZoomIn, ZoomOut } from '#app/components/ui/icons.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { format, useT } from '#app/i18n/i18n.ts'

const ZOOMS = [1, 1.5, 2, 3, 4] as const

const buttonClass =
  'grid size-9 place-items-center rounded-md border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:opacity-40'

/**
 * One identity document for the team (issue 19 point 21): zoom and quarter turns drawn by the
 * browser alone (CSS), with buttons and keys (+ and − zoom, R and L turn, 0 resets). The picture
 * stays at its private, admin-only address; nothing is sent or stored. Without JavaScript the
 * document opens full size in a new tab, as before.
 */
export function DocumentViewer({ src, label }: { src: string; label: string }) {
  const t = useT()
  const v = t.admin.check.viewer
  const hydrated = useHydrated()
  const keysId = useId()
  const [zoom, setZoom] = useState(0)
  const [turns, setTurns] = useState(0)
  const angle = (((turns % 4) + 4) % 4) * 90
  const scale = ZOOMS[zoom] ?? 1
  const zoomBy = (step: number) =>
    setZoom((now) => Math.min(ZOOMS.length - 1, Math.max(0, now + step)))
  const reset = () => {
    setZoom(0)
    setTurns(0)
  }
  const zoomIn = () => zoomBy(1)
  const zoomOut = () => zoomBy(-1)
  const turnLeft = () => setTurns((now) => now - 1)
  const turnRight = () => setTurns((now) => now + 1)
  // The buttons, in order; the keys below do the same.
  const tools = [
    { name: v.zoomIn, Icon: ZoomIn, act: zoomIn, disabled: zoom === ZOOMS.length - 1 },
    { name: v.zoomOut, Icon: ZoomOut, act: zoomOut, disabled: zoom === 0 },
    { name: v.rotateLeft, Icon: RotateCcw, act: turnLeft, disabled: false },
    { name: v.rotateRight, Icon: RotateCw, act: turnRight, disabled: false },
    { name: v.reset, Icon: Maximize, act: reset, disabled: false },
  ]
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      r: turnRight,
      l: turnLeft,
      '0': reset,
    }
    const act = actions[event.key.toLowerCase()]
    if (!act) return
    event.preventDefault()
    act()
  }
  return (
    <figure>
      <section
        aria-label={format(v.label, { document: label })}
        aria-describedby={hydrated ? keysId : undefined}
        tabIndex={hydrated ? 0 : undefined}
        onKeyDown={hydrated ? onKeyDown : undefined}
        data-testid="document-viewer"
        className="grid aspect-square w-full place-items-center overflow-auto rounded-md border border-stone-200 bg-stone-100 focus:outline-none focus:ring-2 focus:ring-rose-700/40"
      >
        <a href={src} target="_blank" rel="noreferrer" tabIndex={hydrated ? -1 : undefined}>
          <img
            src={src}
            alt={label}
            width={400}
            height={300}
            className="max-w-none object-contain transition-transform"
            style={{
              width: `${scale * 100}%`,
              transform: `rotate(${angle}deg)`,
              // Turned a quarter, the picture's width becomes its height: kept inside the box.
              maxHeight: angle % 180 === 0 ? undefined : '100%',
            }}
          />
        </a>
      </section>
      <figcaption className="mt-1 text-sm">{label}</figcaption>
      {hydrated ? (
        <div className="mt-1 flex flex-wrap items-center gap-1">
          {tools.map(({ name, Icon, act, disabled }) => (
            <button
              key={name}
              type="button"
              className={buttonClass}
              onClick={act}
              disabled={disabled}
              aria-label={`${name}: ${label}`}
              title={name}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          ))}
          <output aria-live="polite" className="ml-1 text-xs text-stone-600">
            {format(v.state, { zoom: Math.round(scale * 100), angle })}
          </output>
          <p id={keysId} className="w-full text-xs text-stone-500">
            {v.keys}
          </p>
        </div>
      ) : null}
    </figure>
  )
}
