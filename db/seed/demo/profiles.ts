import type { ServiceSeed } from '#db/seed/reference/types.ts'

/** An invented demo profile; every name, number and handle here is fictitious. */
export interface DemoProfileSeed {
  username: string // a-z, 0-9, hyphen
  name: string // invented working name, 5 to 18 letters/spaces, e.g. 'Luna Azul'
  age: number // 21..45
  citySlug: 'sao-paulo' | 'rio-de-janeiro' | 'belo-horizonte'
  neighborhoodSlug: string // one of the neighbourhood slugs of that city
  description: string // neutral Portuguese self-description, 120-280 chars, nothing explicit
  hourlyRate: number // BRL, multiple of 50, between 200 and 900
  membershipTier: 'vip_plus' | 'ouro' | 'prata' | 'bronze' | 'basico' | 'free'
  isPremium: boolean
  services: ServiceSeed['slug'][] // 1 to 4 of the six service slugs
  whatsapp: string // invented E.164 number: '+55' + city DDD + '9' + 8 digits
  telegram: string | null // handle without @, or null
  xHandle: string | null // handle without @, or null
  touringAvailable: boolean
  showAvailabilityStatus: boolean
  /** Two hex colours for the generated abstract placeholder art */
  palette: [string, string]
  /** number of placeholder images, 2 to 6 */
  imageCount: number
  /** how many days ago the profile was created, 1 to 120 */
  createdDaysAgo: number
}

/** Twelve invented demo profiles: 5 in São Paulo, 4 in Rio de Janeiro, 3 in Belo Horizonte. */
export const demoProfiles: DemoProfileSeed[] = [
  // São Paulo (DDD 11)
  {
    username: 'luna-azul',
    name: 'Luna Azul',
    age: 27,
    citySlug: 'sao-paulo',
    neighborhoodSlug: 'jardins',
    description:
      'Olá! Sou a Luna, comunicativa e bem-humorada. Gosto de boas conversas, cafés charmosos ' +
      'e exposições de arte. Atendo com hora marcada, sempre com respeito, pontualidade e ' +
      'total discrição.',
    hourlyRate: 700,
    membershipTier: 'vip_plus',
    isPremium: true,
    services: ['gfe', 'premium', 'casais'],
    whatsapp: '+5511900000101',
    telegram: 'lunaazul_demo',
    xHandle: 'lunaazul_demo',
    touringAvailable: true,
    showAvailabilityStatus: true,
    palette: ['#1e3a8a', '#60a5fa'],
    imageCount: 6,
    createdDaysAgo: 94,
  },
  {
    username: 'safira-brisa',
    name: 'Safira Brisa',
    age: 34,
    citySlug: 'sao-paulo',
    neighborhoodSlug: 'itaim-bibi',
    description:
      'Sou a Safira, elegante e tranquila, ótima companhia para jantares e eventos. Prefiro ' +
      'combinar tudo com antecedência e valorizo educação e discrição em cada encontro.',
    hourlyRate: 600,
    membershipTier: 'ouro',
    isPremium: true,
    services: ['premium', 'gfe'],
    whatsapp: '+5511900000102',
    telegram: 'safirabrisa_demo',
    xHandle: null,
    touringAvailable: false,
    showAvailabilityStatus: true,
    palette: ['#0f766e', '#99f6e4'],
    imageCount: 5,
    createdDaysAgo: 61,
  },
  {
    username: 'jade-solar',
    name: 'Jade Solar',
    age: 23,
    citySlug: 'sao-paulo',
    neighborhoodSlug: 'pinheiros',
    description:
      'Oi, eu sou a Jade! Alegre, curiosa e apaixonada por música ao vivo e livrarias. Gosto ' +
      'de encontros leves, com conversa fácil e respeito mútuo. Chame para combinar.',
    hourlyRate: 350,
    membershipTier: 'prata',
    isPremium: false,
    services: ['jovens', 'gfe'],
    whatsapp: '+5511900000103',
    telegram: null,
    xHandle: 'jadesolar_demo',
    touringAvailable: false,
    showAvailabilityStatus: true,
    palette: ['#b45309', '#fde68a'],
    imageCount: 4,
    createdDaysAgo: 12,
  },
  {
    username: 'cora-celeste',
    name: 'Cora Celeste',
    age: 41,
    citySlug: 'sao-paulo',
    neighborhoodSlug: 'moema',
    description:
      'Sou a Cora, madura, calma e muito atenciosa. Adoro vinhos, cinema e uma boa conversa ' +
      'sem pressa. Atendo apenas com horário marcado, prezando sempre por discrição.',
    hourlyRate: 450,
    membershipTier: 'bronze',
    isPremium: false,
    services: ['maduras', 'fetiche'],
    whatsapp: '+5511900000104',
    telegram: 'coraceleste_demo',
    xHandle: null,
    touringAvailable: false,
    showAvailabilityStatus: false,
    palette: ['#7c2d12', '#fdba74'],
    imageCount: 3,
    createdDaysAgo: 38,
  },
  {
    username: 'iris-lunar',
    name: 'Iris Lunar',
    age: 29,
    citySlug: 'sao-paulo',
    neighborhoodSlug: 'vila-mariana',
    description:
      'Prazer, sou a Iris. Tímida no começo e divertida depois, gosto de teatro, parques e ' +
      'comida japonesa. Perfil novo por aqui: mande mensagem para saber minha disponibilidade.',
    hourlyRate: 250,
    membershipTier: 'free',
    isPremium: false,
    services: ['gfe'],
    whatsapp: '+5511900000105',
    telegram: null,
    xHandle: null,
    touringAvailable: false,
    showAvailabilityStatus: false,
    palette: ['#4c1d95', '#c4b5fd'],
    imageCount: 2,
    createdDaysAgo: 3,
  },

  // Rio de Janeiro (DDD 21)
  {
    username: 'marina-do-sol',
    name: 'Marina do Sol',
    age: 31,
    citySlug: 'rio-de-janeiro',
    neighborhoodSlug: 'ipanema',
    description:
      'Sou a Marina, carioca de alma solar. Amo praia no fim de tarde, samba e viagens. ' +
      'Companhia educada para jantares e eventos, com respeito, consentimento e discrição ' +
      'sempre.',
    hourlyRate: 900,
    membershipTier: 'vip_plus',
    isPremium: true,
    services: ['premium', 'gfe', 'casais'],
    whatsapp: '+5521900000201',
    telegram: 'marinadosol_demo',
    xHandle: 'marinadosol_demo',
    touringAvailable: true,
    showAvailabilityStatus: true,
    palette: ['#c2410c', '#fef3c7'],
    imageCount: 6,
    createdDaysAgo: 117,
  },
  {
    username: 'bela-ametista',
    name: 'Bela Ametista',
    age: 36,
    citySlug: 'rio-de-janeiro',
    neighborhoodSlug: 'copacabana',
    description:
      'Olá, aqui é a Bela. Sou extrovertida, sincera e gosto de deixar todo mundo à vontade. ' +
      'Converso antes para entender expectativas e limites. Atendimento com hora marcada.',
    hourlyRate: 550,
    membershipTier: 'ouro',
    isPremium: true,
    services: ['fetiche', 'casais', 'maduras'],
    whatsapp: '+5521900000202',
    telegram: 'belaametista_demo',
    xHandle: null,
    touringAvailable: false,
    showAvailabilityStatus: true,
    palette: ['#6b21a8', '#f0abfc'],
    imageCount: 5,
    createdDaysAgo: 72,
  },
  {
    username: 'flor-de-lis',
    name: 'Flor de Lis',
    age: 22,
    citySlug: 'rio-de-janeiro',
    neighborhoodSlug: 'botafogo',
    description:
      'Oi! Sou a Flor, estudante de design, animada e de bem com a vida. Curto cinema de rua, ' +
      'feiras e música brasileira. Gosto de combinar tudo com clareza e respeito.',
    hourlyRate: 300,
    membershipTier: 'basico',
    isPremium: false,
    services: ['jovens'],
    whatsapp: '+5521900000203',
    telegram: null,
    xHandle: 'flordelis_demo',
    touringAvailable: false,
    showAvailabilityStatus: true,
    palette: ['#be185d', '#fbcfe8'],
    imageCount: 3,
    createdDaysAgo: 9,
  },
  {
    username: 'nina-maresia',
    name: 'Nina Maresia',
    age: 28,
    citySlug: 'rio-de-janeiro',
    neighborhoodSlug: 'barra-da-tijuca',
    description:
      'Sou a Nina, tranquila e carinhosa, fã de pôr do sol e caminhadas na orla. Recebo com ' +
      'conforto e discrição, sempre com horário combinado antes. Será um prazer conhecer você.',
    hourlyRate: 400,
    membershipTier: 'prata',
    isPremium: false,
    services: ['gfe', 'jovens'],
    whatsapp: '+5521900000204',
    telegram: 'ninamaresia_demo',
    xHandle: null,
    touringAvailable: false,
    showAvailabilityStatus: false,
    palette: ['#0369a1', '#bae6fd'],
    imageCount: 4,
    createdDaysAgo: 45,
  },

  // Belo Horizonte (DDD 31)
  {
    username: 'mel-dourada',
    name: 'Mel Dourada',
    age: 33,
    citySlug: 'belo-horizonte',
    neighborhoodSlug: 'savassi',
    description:
      'Sou a Mel, mineira de sorriso fácil. Gosto de cafés especiais, boa comida e conversa ' +
      'demorada. Disponível também para viagens, sempre com tudo combinado antes e muita ' +
      'discrição.',
    hourlyRate: 650,
    membershipTier: 'ouro',
    isPremium: true,
    services: ['premium', 'gfe', 'fetiche', 'casais'],
    whatsapp: '+5531900000301',
    telegram: 'meldourada_demo',
    xHandle: 'meldourada_demo',
    touringAvailable: true,
    showAvailabilityStatus: true,
    palette: ['#a16207', '#fef08a'],
    imageCount: 5,
    createdDaysAgo: 83,
  },
  {
    username: 'lara-serena',
    name: 'Lara Serena',
    age: 44,
    citySlug: 'belo-horizonte',
    neighborhoodSlug: 'lourdes',
    description:
      'Prazer, sou a Lara. Madura, culta e muito reservada, aprecio música clássica e bons ' +
      'restaurantes. Atendo poucas pessoas por semana, sempre com hora marcada e discrição.',
    hourlyRate: 500,
    membershipTier: 'bronze',
    isPremium: false,
    services: ['maduras', 'gfe'],
    whatsapp: '+5531900000302',
    telegram: null,
    xHandle: null,
    touringAvailable: false,
    showAvailabilityStatus: false,
    palette: ['#334155', '#cbd5e1'],
    imageCount: 3,
    createdDaysAgo: 27,
  },
  {
    username: 'gaia-verde',
    name: 'Gaia Verde',
    age: 25,
    citySlug: 'belo-horizonte',
    neighborhoodSlug: 'funcionarios',
    description:
      'Oi, eu sou a Gaia! Amo natureza, trilhas na serra e um bom pão de queijo. Sou leve, ' +
      'sorridente e gosto de conversar antes para combinar tudo com respeito e tranquilidade.',
    hourlyRate: 200,
    membershipTier: 'basico',
    isPremium: false,
    services: ['jovens', 'gfe'],
    whatsapp: '+5531900000303',
    telegram: 'gaiaverde_demo',
    xHandle: null,
    touringAvailable: true,
    showAvailabilityStatus: true,
    palette: ['#166534', '#bbf7d0'],
    imageCount: 2,
    createdDaysAgo: 18,
  },
]
