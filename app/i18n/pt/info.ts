// Portuguese strings of the info area (app/i18n/areas.ts): the pages about the site (about, terms, the list of cities). Only
// /{lang}/about, /terms and /cidades load it (issue 24: a page downloads the strings it shows). en/info.ts must
// have exactly the same keys: the type check fails otherwise.
export const strings = {
  aboutPage: {
    title: 'Sobre o Aprova',
    description:
      'Quem somos: um espaço neutro de anúncios de acompanhantes adultas com identidade verificada, rápido, bilíngue e honesto na ordem dos perfis.',
    heroTitle: 'Um diretório honesto de acompanhantes verificadas',
    heroText:
      'O Aprova é um espaço de anúncios: anunciantes adultas publicam o próprio perfil, nossa equipe confere a identidade de cada uma e quem procura fala direto com elas. Não intermediamos encontros nem recebemos nada por eles.',
    techHeading: 'Como o site funciona',
    tech: {
      verificationTitle: 'Verificação à mão',
      verificationText:
        'Documento e selfie de cada anunciante são conferidos por uma pessoa da equipe e apagados depois da decisão.',
      speedTitle: 'Rápido em qualquer celular',
      speedText:
        'Páginas prontas no servidor, imagens leves em WebP e pouco JavaScript: abre rápido mesmo em rede móvel fraca.',
      privacyTitle: 'Privacidade por padrão',
      privacyText:
        'Fotos sem metadados nem localização, nenhum rastreador de terceiros e estatísticas sem guardar endereços IP (LGPD).',
      rankingTitle: 'Ordem justa e transparente',
      rankingText:
        'Dentro de cada plano os perfis se revezam a cada minuto; planos pagos aparecem antes, e dizemos isso claramente.',
    },
    numbersHeading: 'O Aprova hoje',
    numbers: {
      profiles: 'perfis publicados',
      cities: 'cidades com anúncios',
      coverage: 'cidades atendidas',
      languages: 'idiomas: português e inglês',
    },
    trustHeading: 'Confiança em primeiro lugar',
    trustTagline: 'Anúncio direto, identidade verificada, nenhum intermediário.',
    trustText:
      'Perfis suspeitos podem ser denunciados a qualquer momento e são revistos pela equipe. Nunca pague adiantado por Pix a números desconhecidos.',
    ctaProvider: 'Quero anunciar',
    ctaClient: 'Criar conta de cliente',
  },
  termsPage: {
    title: 'Termos de uso',
    description:
      'Termos de uso do Aprova para anunciantes e clientes: verificação, conduta, privacidade (LGPD) e política de publicidade.',
    updated: 'Última atualização: Janeiro 2024',
    versions: 'Versões dos termos',
    tabs: { anunciante: 'Anunciante', cliente: 'Cliente' },
    contents: 'Índice',
    support: 'Dúvidas sobre estes termos? Fale com o suporte:',
  },
  cityDirectory: {
    heading: 'Cidades',
    intro:
      'Todas as cidades com anunciantes verificadas, por estado. O número é o de anunciantes que moram em cada cidade; a página da cidade mostra também quem atende lá em viagem.',
    description:
      'Todas as cidades do Brasil com acompanhantes verificadas no Aprova, por estado, com o número de perfis de cada uma.',
    states: 'Estados',
    cityProfiles: { one: '{count} perfil', other: '{count} perfis' },
    stateSummary: {
      one: '{count} perfil em {cities}',
      other: '{count} perfis em {cities}',
    },
    cities: { one: '{count} cidade', other: '{count} cidades' },
    empty: 'Nenhuma cidade tem perfis no momento.',
  },
}

export type Strings = typeof strings
