import { describe, expect, it } from 'vitest'
import {
  TERMS,
  TERMS_AUDIENCES,
  TERMS_SECTION_IDS,
  TERMS_WITHOUT_GIFTS,
  type TermsDocument,
  termsFor,
} from '#app/content/terms.server.ts'
import { LANGUAGES, type Language } from '#app/domain/language.ts'
import { formatBrl } from '#app/domain/money.ts'
import {
  CHARGE_MINUTES,
  PAYMENT_RECORD_YEARS,
  PLAN_DAYS,
  PLAN_REMINDER_DAYS,
} from '#app/domain/plans.ts'
import { REVIEW_RULES } from '#app/domain/reviews.ts'
import {
  BREACH_NOTICE_HOURS,
  GIFT_AMOUNT,
  GIFT_BIWEEKLY_CAP_PER_CLIENT,
  GIFT_CREDIT_BUSINESS_DAYS,
  MINIMUM_AGE,
  PROFILE_NAME_LENGTH,
  REGISTRATION_RENEWAL_MONTHS,
  SUSPENSIONS_BEFORE_BAN,
  TERMS_LAST_UPDATED,
  WITHDRAWAL_AMOUNT,
  WITHDRAWAL_FEE,
  WITHDRAWAL_PIX_KEY_TYPES,
} from '#app/domain/terms.ts'

/** Every string a document shows, in reading order. */
function documentStrings(doc: TermsDocument): string[] {
  return [
    doc.title,
    doc.intro,
    ...doc.sections.flatMap((section) => [
      section.title,
      ...section.blocks.flatMap((block) => (block.kind === 'ul' ? block.items : [block.text])),
    ]),
  ]
}

const fullText = (doc: TermsDocument) => documentStrings(doc).join('\n')

const SECTION_TITLES: Record<Language, string[]> = {
  pt: ['Definições', 'Código de conduta', 'Política de privacidade', 'Política de publicidade'],
  en: ['Definitions', 'Code of conduct', 'Privacy policy', 'Advertising policy'],
}

describe('terms constants (SPEC §4, §5, §6, §9)', () => {
  it('hold the figures the spec gives', () => {
    expect(MINIMUM_AGE).toBe(18)
    expect(GIFT_AMOUNT).toEqual({ min: 10, max: 1000 })
    expect(GIFT_BIWEEKLY_CAP_PER_CLIENT).toBe(1000)
    expect(GIFT_CREDIT_BUSINESS_DAYS).toBe(1)
    expect(WITHDRAWAL_AMOUNT).toEqual({ min: 50, max: 1000 })
    expect(WITHDRAWAL_FEE).toEqual({ fromReais: 0.65, upToPercent: 0.39 })
    expect(WITHDRAWAL_PIX_KEY_TYPES).toEqual(['cpf', 'cnpj'])
    expect(BREACH_NOTICE_HOURS).toBe(72)
    expect(REGISTRATION_RENEWAL_MONTHS).toBe(6)
    expect(PROFILE_NAME_LENGTH).toEqual({ min: 5, max: 18 })
    expect(SUSPENSIONS_BEFORE_BAN).toBe(3)
    expect(TERMS_LAST_UPDATED).toEqual({ year: 2024, month: 1 })
  })
})

describe('TERMS structure', () => {
  it('has a document for both languages and both audiences', () => {
    expect(Object.keys(TERMS).sort()).toEqual([...LANGUAGES].sort())
    for (const lang of LANGUAGES) {
      expect(Object.keys(TERMS[lang]).sort()).toEqual([...TERMS_AUDIENCES].sort())
    }
  })

  for (const lang of LANGUAGES) {
    for (const audience of TERMS_AUDIENCES) {
      describe(`${lang}/${audience}`, () => {
        const doc = TERMS[lang][audience]

        it('has exactly the four sections, in order, with their titles', () => {
          expect(doc.sections.map((s) => s.id)).toEqual([...TERMS_SECTION_IDS])
          expect(doc.sections.map((s) => s.title)).toEqual(SECTION_TITLES[lang])
        })

        it('has a title, an intro and blocks in every section', () => {
          expect(doc.title.trim()).not.toBe('')
          expect(doc.intro.trim()).not.toBe('')
          for (const section of doc.sections) expect(section.blocks.length).toBeGreaterThan(0)
        })

        it('has no empty string and no empty list anywhere', () => {
          for (const text of documentStrings(doc)) expect(text.trim()).not.toBe('')
          for (const section of doc.sections) {
            for (const block of section.blocks) {
              if (block.kind === 'ul') expect(block.items.length).toBeGreaterThan(0)
            }
          }
        })

        it('leaves no unfilled placeholder', () => {
          expect(fullText(doc)).not.toMatch(/undefined|NaN|\$\{|\{\w+\}/)
        })
      })
    }
  }

  it('gives each language the same structure block by block', () => {
    for (const audience of TERMS_AUDIENCES) {
      const shape = (lang: Language) =>
        TERMS[lang][audience].sections.map((s) =>
          s.blocks.map((b) => (b.kind === 'ul' ? `ul${b.items.length}` : b.kind)),
        )
      expect(shape('en')).toEqual(shape('pt'))
    }
  })

  it('intros say whom the document is for and that using the site means accepting it', () => {
    expect(TERMS.pt.anunciante.intro).toMatch(/anuncia/)
    expect(TERMS.pt.cliente.intro).toMatch(/procurar e contatar anunciantes/)
    expect(TERMS.en.anunciante.intro).toMatch(/advertises/)
    expect(TERMS.en.cliente.intro).toMatch(/find and contact advertisers/)
    for (const lang of LANGUAGES) {
      for (const audience of TERMS_AUDIENCES) {
        expect(TERMS[lang][audience].intro).toMatch(lang === 'pt' ? /aceita/ : /accept/)
      }
    }
  })
})

describe('key rules in the advertiser document', () => {
  const expected: Record<Language, (string | RegExp)[]> = {
    pt: [
      '6 meses',
      '72 horas',
      'três suspensões consecutivas',
      '18 anos',
      'de 5 a 18 caracteres',
      '1 dia útil',
      'R$ 0,65',
      '0,39%',
      'chave Pix do tipo CPF ou CNPJ',
      'janeiro de 2024',
      'privacidade@aprova.example',
      /não é agência nem intermediário/,
      /valor diário do seu plano/,
    ],
    en: [
      '6 months',
      '72 hours',
      'three consecutive suspensions',
      '18 or over',
      '5 to 18 characters',
      '1 business day',
      'R$0.65',
      '0.39%',
      'Pix key of the CPF or CNPJ type',
      'January 2024',
      'privacidade@aprova.example',
      /not an agency or an intermediary/,
      /daily value of your plan/,
    ],
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: states the renewal, breach, ban, age, name, fee and PIX rules`, () => {
      // Intl puts a no-break space after 'R$' in Portuguese.
      const text = fullText(TERMS[lang].anunciante).replaceAll('\u00a0', ' ')
      for (const rule of expected[lang]) {
        if (typeof rule === 'string') expect(text).toContain(rule)
        else expect(text).toMatch(rule)
      }
      expect(text).toContain('LGPD')
      expect(text).toContain('ANPD')
    })

    it(`${lang}: gives the gift and withdrawal limits formatted in BRL`, () => {
      const text = fullText(TERMS[lang].anunciante)
      for (const reais of [
        GIFT_AMOUNT.min,
        GIFT_AMOUNT.max,
        GIFT_BIWEEKLY_CAP_PER_CLIENT,
        WITHDRAWAL_AMOUNT.min,
        WITHDRAWAL_AMOUNT.max,
      ]) {
        expect(text).toContain(formatBrl(reais, lang))
      }
    })
  }

  it('formats the amounts as each language writes them', () => {
    const pt = fullText(TERMS.pt.anunciante).replaceAll('\u00a0', ' ')
    const en = fullText(TERMS.en.anunciante)
    expect(pt).toContain('de R$ 10 a R$ 1.000')
    expect(pt).toContain('no mínimo R$ 50 e no máximo R$ 1.000')
    expect(en).toContain('from R$10 to R$1,000')
    expect(en).toContain('at least R$50 and at most R$1,000')
  })
})

describe('key rules in the client document', () => {
  const expected: Record<Language, string[]> = {
    pt: ['18 anos', 'LGPD', 'Pix', 'golpe do Pix', 'ANPD', 'privacidade@aprova.example'],
    en: ['18 or over', 'LGPD', 'Pix', 'Pix scam', 'ANPD', 'privacidade@aprova.example'],
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: states the age, privacy and Pix-scam rules`, () => {
      const text = fullText(TERMS[lang].cliente)
      for (const rule of expected[lang]) expect(text).toContain(rule)
      expect(text).toContain(formatBrl(GIFT_BIWEEKLY_CAP_PER_CLIENT, lang))
    })
  }

  it('does not carry the advertiser-only rules', () => {
    expect(fullText(TERMS.pt.cliente)).not.toContain('suspensões consecutivas')
    expect(fullText(TERMS.en.cliente)).not.toContain('consecutive suspensions')
  })
})

describe('reviews in the terms and the privacy policy (issue 20)', () => {
  const expected: Record<Language, { client: string[]; both: string[]; provider: string[] }> = {
    pt: {
      client: [
        `há pelo menos ${REVIEW_RULES.accountAgeDays} dias`,
        `pelo menos ${REVIEW_RULES.contactWaitHours} horas`,
        `uma vez a cada ${REVIEW_RULES.perProfileDays} dias`,
        `no máximo ${REVIEW_RULES.perDay} avaliações por dia`,
      ],
      both: [
        `${REVIEW_RULES.contactKeepDays} dias depois do último contato`,
        `das avaliações: ${REVIEW_RULES.networkKeepDays} dias`,
        'excluir a conta de cliente apaga as avaliações dela',
      ],
      provider: ['pode responder uma vez', 'Você não pode apagar avaliações'],
    },
    en: {
      client: [
        `at least ${REVIEW_RULES.accountAgeDays} days ago`,
        `at least ${REVIEW_RULES.contactWaitHours} hours before`,
        `once every ${REVIEW_RULES.perProfileDays} days`,
        `at most ${REVIEW_RULES.perDay} reviews a day`,
      ],
      both: [
        `${REVIEW_RULES.contactKeepDays} days after the last contact`,
        `of reviews: ${REVIEW_RULES.networkKeepDays} days`,
        'deleting a client account deletes its reviews',
      ],
      provider: ['may reply once', 'You cannot delete reviews'],
    },
  }
  for (const lang of LANGUAGES) {
    it(`${lang}: the review rules, the contact record and how long each is kept`, () => {
      const client = fullText(TERMS[lang].cliente)
      const provider = fullText(TERMS[lang].anunciante)
      for (const rule of expected[lang].client) expect(client).toContain(rule)
      for (const rule of expected[lang].both) {
        expect(client).toContain(rule)
        expect(provider).toContain(rule)
      }
      for (const rule of expected[lang].provider) expect(provider).toContain(rule)
    })
  }
})

describe('plans by Pix in the terms and the privacy policy (issue 21)', () => {
  const expected = {
    pt: {
      provider: [
        `Um plano pago vale por ${PLAN_DAYS} dias`,
        `Cada cobrança Pix vale por ${CHARGE_MINUTES} minutos`,
        'converte os dias não usados do plano anterior',
        `${PLAN_REMINDER_DAYS} dias antes do fim do plano`,
        'é devolvido automaticamente',
        'a equipe pode dispensar a taxa',
      ],
      both: [
        `${PAYMENT_RECORD_YEARS} anos contados do fim do ano do pagamento`,
        'arts. 173 e 195',
        'Não guardamos os dados bancários de quem pagou',
      ],
    },
    en: {
      provider: [
        `A paid plan lasts ${PLAN_DAYS} days`,
        `Each Pix charge is valid for ${CHARGE_MINUTES} minutes`,
        'converts the unused days of the previous plan',
        `${PLAN_REMINDER_DAYS} days before the plan ends`,
        'is sent back automatically',
        'the team may waive the fee',
      ],
      both: [
        `${PAYMENT_RECORD_YEARS} years from the end of the year of payment`,
        'arts. 173 and 195',
        'We do not keep the payer’s bank details',
      ],
    },
  }
  for (const lang of LANGUAGES) {
    it(`${lang}: the plan rules for advertisers, the payment records in both privacy policies`, () => {
      const client = fullText(TERMS[lang].cliente)
      const provider = fullText(TERMS[lang].anunciante)
      for (const rule of expected[lang].provider) {
        expect(provider).toContain(rule)
        expect(client).not.toContain(rule)
      }
      for (const rule of expected[lang].both) {
        expect(client).toContain(rule)
        expect(provider).toContain(rule)
      }
    })
  }
})

// Issue 22 point 5: the gift rules show only while gifts are on (GIFTS=1 with Pix).
describe('the terms without gifts', () => {
  /** Words of the gift rules, in each language. */
  const GIFT_WORDS: Record<Language, RegExp> = {
    pt: /\bpresentes?\b|\bsaques?\b/i,
    en: /\bgifts?\b|withdrawal/i,
  }

  for (const lang of LANGUAGES) {
    for (const audience of TERMS_AUDIENCES) {
      it(`${lang}/${audience}: the site shows the gift rules only while gifts are on`, () => {
        expect(termsFor(lang, audience, { gifts: true })).toBe(TERMS[lang][audience])
        const off = termsFor(lang, audience, { gifts: false })
        expect(off).toBe(TERMS_WITHOUT_GIFTS[lang][audience])
        expect(fullText(TERMS[lang][audience])).toMatch(GIFT_WORDS[lang])
        // The privacy policy still names what is kept of gifts 'when used'; nothing else does.
        const rules = off.sections.filter((section) => section.id !== 'politica_privacidade')
        for (const section of rules) {
          const text = documentStrings({ ...off, title: '', intro: '', sections: [section] })
          expect(text.join('\n'), `${section.id}`).not.toMatch(GIFT_WORDS[lang])
        }
        for (const reais of [GIFT_BIWEEKLY_CAP_PER_CLIENT, WITHDRAWAL_AMOUNT.min]) {
          expect(fullText(off)).not.toContain(formatBrl(reais, lang))
        }
      })

      it(`${lang}/${audience}: without gifts, still four full sections and no empty list`, () => {
        const off = TERMS_WITHOUT_GIFTS[lang][audience]
        expect(off.sections.map((s) => s.id)).toEqual([...TERMS_SECTION_IDS])
        for (const section of off.sections) {
          expect(section.blocks.length).toBeGreaterThan(0)
          for (const block of section.blocks) {
            if (block.kind === 'ul') expect(block.items.length).toBeGreaterThan(0)
          }
        }
        for (const text of documentStrings(off)) expect(text.trim()).not.toBe('')
      })
    }
  }

  it('says what money the platform handles, with or without gifts', () => {
    expect(fullText(TERMS.en.cliente)).toContain(
      'The only money the platform handles is the advertising plans paid by advertisers and the optional gift feature described in these terms.',
    )
    expect(fullText(TERMS_WITHOUT_GIFTS.en.cliente)).toContain(
      'The only money the platform handles is the advertising plans paid by advertisers.',
    )
    expect(fullText(TERMS_WITHOUT_GIFTS.pt.anunciante)).toContain(
      'Os únicos valores tratados pela plataforma são os planos de anúncio pagos pelos anunciantes.',
    )
  })

  it('gives each language the same structure block by block, without gifts too', () => {
    for (const audience of TERMS_AUDIENCES) {
      const shape = (lang: Language) =>
        TERMS_WITHOUT_GIFTS[lang][audience].sections.map((s) =>
          s.blocks.map((b) => (b.kind === 'ul' ? `ul${b.items.length}` : b.kind)),
        )
      expect(shape('en')).toEqual(shape('pt'))
    }
  })
})
