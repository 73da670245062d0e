// Portuguese strings of the home area (app/i18n/areas.ts): the home page (its hero, feed and reasons). Only
// /pt and /en load it (issue 24: a page downloads the strings it shows). en/home.ts must
// have exactly the same keys: the type check fails otherwise.
export const strings = {
  home: {
    heroTitle: 'Acompanhantes verificadas, contato direto',
    heroSubtitle:
      'Perfis de anunciantes adultas com identidade conferida pela nossa equipe, em todo o Brasil.',
    features: {
      verifiedTitle: 'Perfis verificados',
      verifiedText: 'Cada anunciante tem a identidade conferida à mão antes de publicar.',
      discretionTitle: 'Discrição',
      discretionText: 'Navegue sem cadastro. Não pedimos nem guardamos dados de quem só procura.',
      whatsappTitle: 'Contato pelo WhatsApp',
      whatsappText: 'Fale direto com a anunciante, sem intermediários.',
    },
    profilesHeading: 'Perfis em destaque',
    noProfiles: 'Nenhum perfil encontrado',
    whyHeading: 'Por que escolher a Aprova',
    why: {
      verification: 'Verificação manual de identidade de cada anunciante',
      honestRanking: 'Ordem justa: os perfis se revezam a cada minuto dentro do mesmo plano',
      directContact: 'Contato direto, sem intermediação nem taxas sobre encontros',
      privacy: 'Fotos sem metadados e documentos nunca públicos',
      bilingual: 'Em português e inglês, rápido até em celulares simples',
    },
  },
  feed: {
    availableIn: 'Disponíveis em {city}',
    viewAll: 'Ver todos',
    trustLine: 'Todas as anunciantes têm identidade verificada pela nossa equipe.',
    viewMore: {
      one: 'Ver mais: {count} perfil, {online} online agora',
      other: 'Ver mais: {count} perfis, {online} online agora',
    },
    nationalCount: {
      one: '{count} perfil verificado em todo o Brasil',
      other: '{count} perfis verificados em todo o Brasil',
    },
    cityCount: { one: '{count} perfil em {city}', other: '{count} perfis em {city}' },
  },
}

export type Strings = typeof strings
