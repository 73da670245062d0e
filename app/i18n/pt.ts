// Portuguese (default) interface strings. en.ts must have exactly the same keys: the type check
// fails otherwise. Placeholders in braces are filled by `format()`.
export const pt = {
  site: {
    name: 'Aprova',
    tagline: 'Acompanhantes verificadas no Brasil',
    adultsOnly: 'Conteúdo exclusivo para maiores de 18 anos.',
  },
  meta: {
    homeTitle: 'Aprova – Acompanhantes verificadas no Brasil',
    homeDescription:
      'Diretório de anunciantes adultas verificadas em todo o Brasil. Busque por cidade, bairro e serviço e fale direto pelo WhatsApp.',
    notFoundTitle: 'Página não encontrada – Aprova',
    errorTitle: 'Erro – Aprova',
  },
  a11y: {
    skipToContent: 'Pular para o conteúdo',
    mainNavigation: 'Navegação principal',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    menuTitle: 'Menu',
    menuDescription: 'Links do site, cidades e conta',
    languageSwitcher: 'Idioma',
    homeLink: 'Aprova, página inicial',
  },
  header: {
    about: 'Sobre',
    cities: 'Cidades',
    login: 'Entrar',
    signup: 'Cadastrar',
    dashboard: 'Painel',
    logout: 'Sair',
    switchToPt: 'Português',
    switchToEn: 'English',
    ptShort: 'PT',
    enShort: 'EN',
  },
  footer: {
    citiesHeading: 'Cidades',
    southHeading: 'Região Sul',
    infoHeading: 'Informações',
    about: 'Sobre nós',
    terms: 'Termos de uso',
    privacy: 'Privacidade',
    neutralSpace:
      'A Aprova é um espaço neutro de anúncios: não intermediamos, não participamos e não recebemos valores de nenhum encontro entre clientes e anunciantes.',
    rights: '© {year} Aprova. Todos os direitos reservados.',
  },
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
  profileCard: {
    demo: 'Demonstração',
    demoHint: 'Perfil de demonstração: não é uma pessoa real.',
    age: '{age} anos',
    rate: '{rate}/hora',
    photoAlt: 'Foto de {name}',
    photoSoon: 'Foto em breve',
    touring: 'Atende em viagens',
  },
  notFound: {
    title: 'Oops! Página não encontrada',
    text: 'O endereço que você abriu não existe ou foi removido.',
    home: 'Voltar ao início',
  },
  error: {
    title: 'Algo deu errado',
    text: 'Ocorreu um erro inesperado. Tente novamente em alguns instantes.',
    badRequestTitle: 'Pedido inválido',
    badRequestText: 'O endereço ou os dados enviados não são válidos.',
    forbiddenTitle: 'Acesso negado',
    forbiddenText: 'Você não tem permissão para ver esta página.',
    tryAgain: 'Tentar novamente',
    reload: 'Recarregar',
    home: 'Voltar ao início',
  },
}

export type Dictionary = typeof pt
