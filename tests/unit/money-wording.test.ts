import { describe, expect, it } from 'vitest'
import { TERMS, type TermsDocument } from '#app/content/terms.server.ts'
import { withdrawalFeeTerms } from '#app/domain/gifts.ts'
import { LANGUAGES, type Language } from '#app/domain/language.ts'
import { en } from '#app/i18n/en.ts'
import { format } from '#app/i18n/i18n.ts'
import { pt } from '#app/i18n/pt.ts'

// Issue 33 point 3: every text about money says what the terms say (SPEC §9). A gift reaches her
// balance whole; when she withdraws, the site keeps a fee of 0.39% (at least R$ 0,65).

const DICTIONARIES = { pt, en } as const

/** Every string of a dictionary, with its path. */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) =>
      leaves(inner, path ? `${path}.${key}` : key),
    )
  }
  return []
}

function termsText(doc: TermsDocument): string {
  return doc.sections
    .flatMap((section) =>
      section.blocks.flatMap((block) => (block.kind === 'ul' ? block.items : [block.text])),
    )
    .join('\n')
}

/** Claims the terms contradict: that the site keeps nothing, receives no money at all, or only covers a cost. */
const CONTRADICTIONS: Record<Language, RegExp[]> = {
  pt: [/não fica com nada/iu, /não recebemos valores/iu, /cobre o custo/iu, /sem tarifa alguma/iu],
  en: [/keeps nothing/iu, /take money from/iu, /covers? the cost/iu, /no fee at all/iu],
}

describe('texts about money (issue 33 point 3)', () => {
  for (const language of LANGUAGES) {
    it(`${language}: no string says the site keeps nothing or takes no money`, () => {
      const found = leaves(DICTIONARIES[language]).filter(([, text]) =>
        CONTRADICTIONS[language].some((claim) => claim.test(text)),
      )
      expect(found).toEqual([])
    })

    it(`${language}: the gift texts state the terms' fee, and that the gift arrives whole`, () => {
      const fee = withdrawalFeeTerms(language)
      const terms = termsText(TERMS[language].anunciante)
      // The terms' own figures are the ones the texts are filled with.
      expect(terms).toContain(`${fee.percent}%`)
      expect(terms).toContain(fee.minFee)
      const t = DICTIONARIES[language]
      const whole = language === 'pt' ? /inteiro/u : /whole/u
      for (const text of [
        t.clientGifts.stepWholeGift,
        t.providerGifts.intro,
        t.email.giftReceiptText,
      ]) {
        const shown = format(text, { ...fee, days: 1, amount: '', paidAt: '', profile: '' })
        expect(shown).toContain(`${fee.percent}%`)
        expect(shown).toContain(fee.minFee)
        expect(shown).toMatch(whole)
      }
      expect(format(t.providerGifts.rules, { ...fee })).toContain(`${fee.percent}%`)
    })
  }
})
