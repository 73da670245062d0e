import { describe, expect, it } from 'vitest'
import { EXPLICIT_TERMS } from '#app/domain/review-words.ts'
import { nearIdentical, reviewTextProblem } from '#app/domain/reviews.ts'

// Issue 20 point 2: what a review's text may not hold (contact data, prices, explicit terms,
// anyone's personal data), in Portuguese and English, without refusing ordinary reviews; and the
// near-identical rule of point 3.

const single = (lang: 'pt' | 'en') => EXPLICIT_TERMS[lang].filter((term) => !term.includes(' '))
const double = (lang: 'pt' | 'en') => EXPLICIT_TERMS[lang].filter((term) => term.includes(' '))

describe('reviewTextProblem', () => {
  it.each([
    ['reviewHasPhone', 'Liguei no (11) 98765-4321 e ela atendeu.'],
    ['reviewHasPhone', 'Call her on +55 81 99876 5432 any time.'],
    ['reviewHasPhone', 'Manda um zap 9988-7766 que ela responde.'],
    ['reviewHasPhone', 'Em 12/05 liguei no 11.98765.4321 e marcamos.'],
    ['reviewHasPhone', 'Segue ela no @perfil.da.visita, muito simpática.'],
    ['reviewHasPhone', 'Her handle is @someone_nice on there.'],
    ['reviewHasLink', 'Mais fotos em www.exemplo.com.br.'],
    ['reviewHasLink', 'See https://example.org/photos first.'],
    ['reviewHasLink', 'Ela está em exemplo . com também.'],
    ['reviewHasLink', 'Fala com ela em t.me/alguem.'],
    ['reviewHasEmail', 'Escrevi para fulana@exemplo.com antes.'],
    ['reviewHasEmail', 'Write to someone (at) example.net first.'],
    ['reviewHasEmail', 'Escreve para fulana @ exemplo . com que ela responde.'],
    ['reviewHasPrice', 'Paguei R$ 300 pela hora.'],
    ['reviewHasPrice', 'Foram 400 reais, valeu.'],
    ['reviewHasPrice', 'O valor foi 350 a hora.'],
    ['reviewHasPrice', 'Ela cobrou 500 pela noite.'],
    ['reviewHasPrice', 'I paid 200 for the hour.'],
    ['reviewHasPrice', 'Her hourly rate was 300 and worth it.'],
    ['reviewHasPersonalData', 'O CPF dela é 123.456.789-09.'],
    ['reviewHasPersonalData', 'CPF 12345678909 na recepção.'],
    ['reviewHasPersonalData', 'Ela atende na Rua das Flores, 123.'],
    ['reviewHasPersonalData', 'Fica na Avenida Boa Viagem 4500, bem localizada.'],
    ['reviewHasPersonalData', 'Her place is at 12 Main Street, very quiet.'],
  ])('%s: %s', (problem, text) => {
    expect(reviewTextProblem(text)).toBe(problem)
  })

  it('refuses every explicit term of each language, in any case, accents or letter swaps', () => {
    for (const lang of ['pt', 'en'] as const) {
      for (const term of single(lang)) {
        expect(reviewTextProblem(`Foi tudo bem, ${term} e conversa.`), term).toBe(
          'reviewHasExplicit',
        )
        expect(reviewTextProblem(`Foi tudo bem, ${term.toUpperCase()}!`), term).toBe(
          'reviewHasExplicit',
        )
      }
      for (const term of double(lang)) {
        expect(reviewTextProblem(`Teve ${term} também.`), term).toBe('reviewHasExplicit')
      }
    }
    const word = single('pt')[0] ?? ''
    const swapped = word.replace(/a/g, '4').replace(/o/g, '0')
    expect(reviewTextProblem(`Foi ótimo, ${swapped}.`)).toBe('reviewHasExplicit')
  })

  it.each([
    'Rola uma conversa boa antes, ela é muito simpática e pontual.',
    'Cheguei às 20h e ela já estava pronta, tudo como combinado.',
    'Das 20h às 22h30, tudo tranquilo.',
    '5 estrelas, recomendo sem medo.',
    'Nota 10 para o atendimento e para a educação.',
    'Preço justo, nota 10 para ela.',
    'Morena linda, cor de pau-brasil no cabelo, fotos reais.',
    'Nos vimos em 12/05 e voltei em 19/05/2025.',
    'Encontro no dia 12.05.2025, tudo certo.',
    'As fotos correspondem 100%, sem filtro.',
    'Fiquei 2 horas, conversamos muito; o lugar é limpo e discreto.',
    'I would rate her 10 out of 10, lovely company.',
    'She paid attention to every detail for 90 minutes.',
    'Punctual, kind, and the photos are real. 5 stars.',
    'Ela me deixou à vontade, o apartamento é perto do metrô.',
    'Atende em Boa Viagem, perto da praia, lugar tranquilo.',
    'Conheci ela em 2023 e voltei 2024 outra vez.',
    'Muito educada; valeu cada minuto.',
    'Sem pressa, 60 minutos bem aproveitados.',
  ])('lets an ordinary review pass: %s', (text) => {
    expect(reviewTextProblem(text)).toBeUndefined()
  })
})

describe('nearIdentical', () => {
  const text =
    'Muito simpática e pontual, o lugar era limpo e tranquilo, as fotos são dela mesmo, recomendo.'

  it('finds a copy with a word or two changed, in other case or accents', () => {
    expect(nearIdentical(text, text)).toBe(true)
    expect(nearIdentical(text, text.toUpperCase())).toBe(true)
    expect(
      nearIdentical(
        text,
        'Muito simpática e pontual, o lugar era limpo e tranquilo, as fotos são dela mesmo, indico.',
      ),
    ).toBe(true)
    expect(nearIdentical(text, `${text} Voltarei.`)).toBe(true)
  })

  it('tells different reviews apart, even on the same subject', () => {
    expect(
      nearIdentical(
        text,
        'Atrasou um pouco, mas foi educada; o apartamento era pequeno e as fotos um pouco antigas.',
      ),
    ).toBe(false)
    expect(nearIdentical(text, '')).toBe(false)
    expect(nearIdentical('', '')).toBe(false)
  })
})
