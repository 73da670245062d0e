import type { MembershipTier } from '#app/domain/membership.ts'

// What bulk profiles are made of (db/seed/bulk.server.ts): invented names and the sentences of
// their descriptions, how tiers are spread, the area codes of invented numbers, and the colours
// of the shared placeholder pictures.

// Invented first names and nature words: combined ('Aelina Brisa'), they make fictitious names.
const FIRST_NAMES = (
  'Aelina Alira Amarys Anaí Ariel Belisa Bryana Cailane Calina Celeny Dalila Darlena Deyse ' +
  'Elina Elowen Emyli Evany Fiorela Gabrielly Giane Halina Ianny Ilana Isys Jadna Jaísa Joyce ' +
  'Kaila Kamyla Kiara Laiane Lanna Leyla Lorena Luana Luzia Maeli Maiara Marjory Melina Mirela ' +
  'Naiara Nayane Nicoly Noemi Odara Olívia Paola Priscy Raíssa Rayane Rianny Sabrina Samyra ' +
  'Selena Sienna Taís Talita Thayná Valenna Vanessa Yara Yasmin Zaira Zoé Aléxis Bruno Caio ' +
  'Dante Enzo Iago Kauan Léo Nicolas Rafael Thales'
).split(' ')
const NATURE_WORDS = (
  'Aurora Areia Brisa Bruma Cachoeira Canela Cerejeira Coral Cristal Duna Estrela Flor Floresta ' +
  'Folha Girassol Hera Íris Jade Jasmim Lago Lavanda Lírio Lua Luar Magnólia Mar Maré Mel ' +
  'Montanha Névoa Nuvem Oceano Orquídea Orvalho Pérola Pétala Primavera Rio Rosa Safira Savana ' +
  'Serra Sol Solar Tempestade Terra Trovão Turquesa Vale Violeta Ventania Verão Aroeira Ipê ' +
  'Jacarandá Acácia Baía Cascata Cometa Eclipse Geada Horizonte Oásis Relâmpago Seiva'
).split(' ')

export const OPENINGS = [
  (first: string) => `Olá! Aqui é ${first}.`,
  (first: string) => `Oi, tudo bem? Eu sou ${first}.`,
  (first: string) => `Prazer, ${first} por aqui.`,
  (first: string) => `Seja bem-vindo ao perfil de ${first}.`,
]
export const MIDDLES = [
  'Gosto de boas conversas, cafés charmosos e exposições de arte.',
  'Tenho um jeito leve e bem-humorado e adoro conhecer pessoas novas.',
  'Sou ótima companhia para jantares, eventos e passeios pela cidade.',
  'Curto música ao vivo, bons vinhos e uma conversa sem pressa.',
  'Valorizo educação, gentileza e um clima tranquilo em cada encontro.',
  'Adoro viajar, ler e descobrir restaurantes diferentes.',
]
export const CLOSINGS = [
  'Atendo com hora marcada, sempre com respeito e total discrição.',
  'Prefiro combinar tudo com antecedência pelo WhatsApp.',
  'Pontualidade e discrição são prioridade para mim.',
  'Responda com calma e vamos combinar o melhor horário.',
]

/** Most profiles are free; few pay for the top tier. Weights add up to 100. */
export const TIER_WEIGHTS: [MembershipTier, number][] = [
  ['free', 55],
  ['basico', 15],
  ['bronze', 12],
  ['prata', 9],
  ['ouro', 6],
  ['vip_plus', 3],
]

/** Area code (DDD) of each built-in city, for invented WhatsApp numbers. */
export const AREA_CODES: Record<string, string> = {
  'sao-paulo': '11',
  'rio-de-janeiro': '21',
  'belo-horizonte': '31',
  salvador: '71',
  fortaleza: '85',
  'porto-alegre': '51',
  brasilia: '61',
  recife: '81',
  curitiba: '41',
  goiania: '62',
  manaus: '92',
  belem: '91',
  guarulhos: '11',
  campinas: '19',
  'sao-luis': '98',
  maceio: '82',
  'sao-goncalo': '21',
  'campo-grande': '67',
  teresina: '86',
  'joao-pessoa': '83',
  'duque-de-caxias': '21',
  'nova-iguacu': '21',
  'sao-bernardo-do-campo': '11',
  natal: '84',
  'santo-andre': '11',
  sorocaba: '15',
  osasco: '11',
  uberlandia: '34',
  'ribeirao-preto': '16',
  'sao-jose-dos-campos': '12',
  'jaboatao-dos-guararapes': '81',
  cuiaba: '65',
  'feira-de-santana': '75',
  joinville: '47',
  contagem: '31',
  aracaju: '79',
  londrina: '43',
  florianopolis: '48',
  serra: '27',
  'juiz-de-fora': '32',
  'aparecida-de-goiania': '62',
  'campos-dos-goytacazes': '22',
  'porto-velho': '69',
  macapa: '96',
  'boa-vista': '95',
  'rio-branco': '68',
  vitoria: '27',
  palmas: '63',
}

export const PALETTES: [string, string][] = [
  ['#1e3a8a', '#60a5fa'],
  ['#0f766e', '#99f6e4'],
  ['#9d174d', '#f9a8d4'],
  ['#7c2d12', '#fdba74'],
  ['#4c1d95', '#c4b5fd'],
  ['#14532d', '#86efac'],
  ['#713f12', '#fde047'],
  ['#831843', '#fbcfe8'],
  ['#1e293b', '#94a3b8'],
  ['#155e75', '#67e8f9'],
  ['#7f1d1d', '#fca5a5'],
  ['#3f6212', '#d9f99d'],
]

/** Invented display names of 5 to 18 characters, e.g. 'Aelina Brisa'. */
export function nameCombinations(): { first: string; name: string }[] {
  const names: { first: string; name: string }[] = []
  for (const first of FIRST_NAMES) {
    for (const word of NATURE_WORDS) {
      const name = `${first} ${word}`
      if (name.length >= 5 && name.length <= 18) names.push({ first, name })
    }
  }
  return names
}
