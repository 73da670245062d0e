import type { PixCharge, PixRefundRecord, PixSent, ReceivedPix } from '#sandbox/pix/types.ts'

// The bank page's HTML (issue 32 point 2): an operator's tool, in English only, with plain forms
// (no script) and every value escaped. Amounts are shown as the API Pix writes them, in reais.

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const money = (valor: string) => `R$ ${escapeHtml(valor)}`
const time = (iso: string | undefined) =>
  iso ? escapeHtml(new Date(iso).toISOString().replace('T', ' ').slice(0, 19)) : '—'

export interface BankView {
  siteUrl: string
  merchant: string
  charges: PixCharge[]
  pixes: ReceivedPix[]
  refunds: PixRefundRecord[]
  payouts: PixSent[]
  /** What the last action did, or why it was refused. */
  note?: { kind: 'done' | 'error'; text: string }
}

const STYLE = `
  body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem;
         color: #1c1c1c; background: #f7f7f5; }
  h1 { font-size: 1.4rem; margin: .2rem 0; } h2 { font-size: 1.1rem; margin-top: 1.8rem; }
  .lead { color: #555; margin-top: 0; }
  .note { padding: .6rem .8rem; border-radius: .4rem; margin: 1rem 0; }
  .done { background: #e3f4e6; border: 1px solid #9ccaa5; }
  .error { background: #fbe4e4; border: 1px solid #dc9a9a; }
  .card { background: #fff; border: 1px solid #ddd; border-radius: .5rem; padding: .8rem;
          margin: .6rem 0; }
  .card dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .8rem; margin: 0; }
  .card dt { color: #666; } .card dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; flex-wrap: wrap; gap: .4rem; margin-top: .6rem; }
  .actions form { margin: 0; }
  button { font: inherit; padding: .45rem .8rem; border-radius: .4rem; border: 1px solid #888;
           background: #fff; cursor: pointer; }
  button.primary { background: #176b3a; color: #fff; border-color: #176b3a; }
  textarea { width: 100%; box-sizing: border-box; font: 14px monospace; min-height: 4rem; }
  table { border-collapse: collapse; width: 100%; background: #fff; font-size: .92rem; }
  th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #e4e4e4;
           overflow-wrap: anywhere; }
  .empty { color: #666; font-style: italic; }
  code { font-size: .85rem; }
`

/** One open charge, as a payer's bank app shows it, and what the payer can do with it. */
function chargeCard(charge: PixCharge, merchant: string): string {
  const txid = escapeHtml(charge.txid)
  const expires = new Date(
    Date.parse(charge.calendario.criacao) + charge.calendario.expiracao * 1000,
  ).toISOString()
  const button = (action: string, label: string, primary = false) =>
    `<form method="post" action="/charges/${encodeURIComponent(charge.txid)}/${action}">` +
    `<button type="submit"${primary ? ' class="primary"' : ''}>${label}</button></form>`
  return `<li class="card" aria-label="Charge ${txid}">
  <dl>
    <dt>Amount</dt><dd><strong>${money(charge.valor.original)}</strong></dd>
    <dt>To</dt><dd>${escapeHtml(merchant)}</dd>
    <dt>Description</dt><dd>${escapeHtml(charge.solicitacaoPagador ?? '—')}</dd>
    <dt>Expires</dt><dd>${time(expires)} UTC</dd>
    <dt>txid</dt><dd><code>${txid}</code></dd>
  </dl>
  <div class="actions">
    ${button('pay', 'Pay', true)}
    ${button('pay-twice', 'Pay twice')}
    ${button('pay-wrong-amount', 'Pay a wrong amount')}
    ${button('pay-late', 'Pay late')}
  </div>
</li>`
}

function table(caption: string, head: string[], rows: string[][], empty: string): string {
  if (rows.length === 0) return `<p class="empty">${escapeHtml(empty)}</p>`
  const cells = (row: string[], tag: string) => row.map((cell) => `<${tag}>${cell}</${tag}>`)
  return `<table><caption hidden>${escapeHtml(caption)}</caption>
  <thead><tr>${cells(head, 'th').join('')}</tr></thead>
  <tbody>${rows.map((row) => `<tr>${cells(row, 'td').join('')}</tr>`).join('\n')}</tbody></table>`
}

/** The whole page. */
export function bankPage(view: BankView): string {
  const open = view.charges.filter((charge) => charge.status === 'ATIVA')
  const note = view.note
    ? `<p class="note ${view.note.kind}" role="status">${escapeHtml(view.note.text)}</p>`
    : ''
  const received = view.pixes
    .slice()
    .reverse()
    .map((pix) => [
      time(pix.horario),
      money(pix.valor),
      `<code>${escapeHtml(pix.txid ?? '—')}</code>`,
      `<code>${escapeHtml(pix.endToEndId)}</code>`,
    ])
  const refunds = view.refunds
    .slice()
    .reverse()
    .map((refund) => [
      time(refund.horario.solicitacao),
      money(refund.valor),
      escapeHtml(refund.status),
      escapeHtml(refund.descricao ?? refund.motivo ?? ''),
      `<code>${escapeHtml(refund.endToEndId)}</code>`,
    ])
  const payouts = view.payouts
    .slice()
    .reverse()
    .map((sent) => [
      time(sent.horario.solicitacao),
      money(sent.valor),
      escapeHtml(sent.chave),
      escapeHtml(sent.status),
      `<code>${escapeHtml(sent.idEnvio)}</code>`,
    ])
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox bank · Aprova</title>
<style>${STYLE}</style>
</head>
<body>
<header>
  <h1>Sandbox bank</h1>
  <p class="lead">A local Pix institution for trying payments: no real money moves.
  The site: <a href="${escapeHtml(view.siteUrl)}">${escapeHtml(view.siteUrl)}</a>.
  <a href="/">Refresh</a> to see new charges.</p>
</header>
<main>
${note}
<section aria-labelledby="paste">
  <h2 id="paste">Pay a Pix code (copia e cola)</h2>
  <form method="post" action="/pay-code">
    <label for="code">Paste the code the site shows under its QR code</label>
    <textarea id="code" name="code" required></textarea>
    <div class="actions"><button type="submit" class="primary">Pay this code</button></div>
  </form>
</section>
<section aria-labelledby="open">
  <h2 id="open">Open charges (${open.length})</h2>
  ${
    open.length === 0
      ? '<p class="empty">No open charge: start a plan or a gift on the site, then refresh.</p>'
      : `<ul style="list-style:none;padding:0">${open.map((charge) => chargeCard(charge, view.merchant)).join('\n')}</ul>`
  }
</section>
<section aria-labelledby="received">
  <h2 id="received">Pix received (${received.length})</h2>
  ${table('Pix received', ['When (UTC)', 'Amount', 'txid', 'End-to-end id'], received, 'None yet.')}
</section>
<section aria-labelledby="refunds">
  <h2 id="refunds">Refunds sent back by the site (${refunds.length})</h2>
  ${table('Refunds', ['Asked (UTC)', 'Amount', 'Status', 'Reason', 'Of Pix'], refunds, 'None yet.')}
</section>
<section aria-labelledby="payouts">
  <h2 id="payouts">Payouts sent by the site (${payouts.length})</h2>
  ${table('Payouts', ['Asked (UTC)', 'Amount', 'To key', 'Status', 'idEnvio'], payouts, 'None yet: withdrawals land here.')}
</section>
</main>
</body>
</html>
`
}
