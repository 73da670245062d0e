import { useId, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { format, useT } from '#app/i18n/i18n.ts'

/**
 * A charge's QR code (drawn on the server as one SVG path) and its 'Pix Copia e Cola' code with
 * a copy button. Without JavaScript the code can still be selected and copied by hand.
 */
export function PixCode({
  qr,
  code,
  amount,
}: {
  qr: { size: number; path: string }
  code: string
  amount: string
}) {
  const t = useT()
  const codeId = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code)
      setCopied('yes')
    } catch {
      field.current?.select()
      setCopied('failed')
    }
  }
  return (
    <div className="grid gap-4 md:grid-cols-[16rem_1fr] md:items-start">
      <svg
        role="img"
        aria-label={format(t.pix.qrLabel, { amount })}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        width="256"
        height="256"
        shapeRendering="crispEdges"
        className="mx-auto size-64 max-w-full rounded-md border border-stone-200 bg-white"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.path} fill="#000" />
      </svg>
      <div className="space-y-2">
        <p className="text-sm text-stone-700">{t.pix.steps}</p>
        <label htmlFor={codeId} className="block text-sm font-medium">
          {t.pix.codeLabel}
        </label>
        <textarea
          id={codeId}
          ref={field}
          readOnly
          rows={4}
          value={code}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full resize-none rounded-md border border-stone-300 bg-stone-50 p-2 font-mono text-xs break-all"
        />
        <Button type="button" tone="secondary" onClick={copy} className="w-full sm:w-auto">
          {t.pix.copy}
        </Button>
        <p role="status" className="min-h-5 text-sm text-emerald-800">
          {copied === 'yes' ? t.pix.copied : copied === 'failed' ? t.pix.copyFailed : ''}
        </p>
      </div>
    </div>
  )
}
