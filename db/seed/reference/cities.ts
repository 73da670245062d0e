import type { CitySeed } from '#db/seed/reference/types.ts'

/**
 * The 27 state capitals plus the 21 most populous other municipalities (SPEC §3).
 * Populations: IBGE "Estimativas da População", reference date 1 July 2024.
 * Coordinates: approximate city centre, 4 decimals.
 * Order: ten featured cities first, then the rest by population, largest first.
 */
export const cities: CitySeed[] = [
  {
    slug: 'sao-paulo',
    name: 'São Paulo',
    state: 'SP',
    region: 'Sudeste',
    lat: -23.5505,
    lng: -46.6333,
    population: 11895578,
    description: {
      pt:
        'Maior cidade do Brasil, São Paulo reúne museus, teatros e uma gastronomia reconhecida ' +
        'em todo o mundo. A Avenida Paulista e o Parque Ibirapuera estão entre seus ' +
        'cartões-postais.',
      en:
        'Brazil’s largest city, São Paulo offers museums, theatres and a world-renowned food ' +
        'scene. Avenida Paulista and Ibirapuera Park are among its best-known sights.',
    },
  },
  {
    slug: 'rio-de-janeiro',
    name: 'Rio de Janeiro',
    state: 'RJ',
    region: 'Sudeste',
    lat: -22.9068,
    lng: -43.1729,
    population: 6729894,
    description: {
      pt:
        'O Rio de Janeiro combina praias famosas, montanhas e floresta urbana. O Cristo Redentor ' +
        'e o Pão de Açúcar recebem visitantes do mundo inteiro.',
      en:
        'Rio de Janeiro combines famous beaches, mountains and an urban rainforest. Christ the ' +
        'Redeemer and Sugarloaf Mountain welcome visitors from all over the world.',
    },
  },
  {
    slug: 'belo-horizonte',
    name: 'Belo Horizonte',
    state: 'MG',
    region: 'Sudeste',
    lat: -19.9167,
    lng: -43.9345,
    population: 2416339,
    description: {
      pt:
        'Capital mineira cercada pela Serra do Curral, Belo Horizonte é conhecida pelos botecos, ' +
        'pela culinária regional e pelo Conjunto Moderno da Pampulha.',
      en:
        'The capital of Minas Gerais, framed by the Serra do Curral, is known for its ' +
        'neighbourhood bars, regional cuisine and the Pampulha Modern Ensemble.',
    },
  },
  {
    slug: 'salvador',
    name: 'Salvador',
    state: 'BA',
    region: 'Nordeste',
    lat: -12.9777,
    lng: -38.5016,
    population: 2568928,
    description: {
      pt:
        'Primeira capital do Brasil, Salvador encanta com o Pelourinho, a Baía de ' +
        'Todos-os-Santos e uma cultura afro-brasileira vibrante.',
      en:
        'Brazil’s first capital, Salvador charms visitors with the Pelourinho, All Saints’ Bay ' +
        'and a vibrant Afro-Brazilian culture.',
    },
  },
  {
    slug: 'fortaleza',
    name: 'Fortaleza',
    state: 'CE',
    region: 'Nordeste',
    lat: -3.7319,
    lng: -38.5267,
    population: 2574412,
    description: {
      pt:
        'Fortaleza tem sol o ano inteiro, orla movimentada e ótima gastronomia de frutos do mar. ' +
        'A Avenida Beira-Mar e a Praia do Futuro são pontos de encontro.',
      en:
        'Fortaleza enjoys sunshine all year, a lively waterfront and great seafood. Avenida ' +
        'Beira-Mar and Praia do Futuro are popular meeting points.',
    },
  },
  {
    slug: 'porto-alegre',
    name: 'Porto Alegre',
    state: 'RS',
    region: 'Sul',
    lat: -30.0346,
    lng: -51.2177,
    population: 1389322,
    description: {
      pt:
        'Às margens do Guaíba, Porto Alegre é famosa pelo pôr do sol, pelo churrasco e por uma ' +
        'agenda cultural intensa.',
      en:
        'On the shores of the Guaíba, Porto Alegre is famous for its sunsets, its barbecue and a ' +
        'busy cultural calendar.',
    },
  },
  {
    slug: 'brasilia',
    name: 'Brasília',
    state: 'DF',
    region: 'Centro-Oeste',
    lat: -15.7939,
    lng: -47.8828,
    population: 2982818,
    description: {
      pt:
        'Capital federal planejada por Lúcio Costa e Oscar Niemeyer, Brasília é Patrimônio ' +
        'Mundial da UNESCO. O Eixo Monumental e o Lago Paranoá marcam a paisagem.',
      en:
        'Brazil’s planned federal capital, designed by Lúcio Costa and Oscar Niemeyer, is a ' +
        'UNESCO World Heritage Site. The Monumental Axis and Lake Paranoá shape its skyline.',
    },
  },
  {
    slug: 'recife',
    name: 'Recife',
    state: 'PE',
    region: 'Nordeste',
    lat: -8.0476,
    lng: -34.877,
    population: 1587707,
    description: {
      pt:
        'Cortado por rios e pontes, Recife reúne um centro histórico preservado, a Praia de Boa ' +
        'Viagem e a tradição do frevo.',
      en:
        'Crossed by rivers and bridges, Recife offers a preserved historic centre, Boa Viagem ' +
        'Beach and the frevo tradition.',
    },
  },
  {
    slug: 'curitiba',
    name: 'Curitiba',
    state: 'PR',
    region: 'Sul',
    lat: -25.4284,
    lng: -49.2733,
    population: 1829225,
    description: {
      pt:
        'Curitiba é referência em planejamento urbano e áreas verdes. O Jardim Botânico e a ' +
        'Ópera de Arame estão entre as atrações mais visitadas.',
      en:
        'Curitiba is a reference in urban planning and green spaces. The Botanical Garden and ' +
        'the Wire Opera House are among its most visited attractions.',
    },
  },
  {
    slug: 'goiania',
    name: 'Goiânia',
    state: 'GO',
    region: 'Centro-Oeste',
    lat: -16.6869,
    lng: -49.2648,
    population: 1494599,
    description: {
      pt:
        'Goiânia é uma capital arborizada, com acervo art déco, parques amplos e uma cena ' +
        'musical forte.',
      en:
        'Goiânia is a leafy capital with Art Deco architecture, spacious parks and a strong ' +
        'music scene.',
    },
  },
  {
    slug: 'manaus',
    name: 'Manaus',
    state: 'AM',
    region: 'Norte',
    lat: -3.119,
    lng: -60.0217,
    population: 2279686,
    description: {
      pt:
        'Porta de entrada da Amazônia, Manaus abriga o Teatro Amazonas e fica perto do Encontro ' +
        'das Águas.',
      en:
        'The gateway to the Amazon, Manaus is home to the Amazon Theatre and lies close to the ' +
        'Meeting of the Waters.',
    },
  },
  {
    slug: 'belem',
    name: 'Belém',
    state: 'PA',
    region: 'Norte',
    lat: -1.4558,
    lng: -48.4902,
    population: 1398531,
    description: {
      pt:
        'Belém é conhecida pelo Mercado Ver-o-Peso, pela Estação das Docas e por uma culinária ' +
        'amazônica única.',
      en:
        'Belém is known for the Ver-o-Peso Market, the Estação das Docas waterfront and its ' +
        'unique Amazonian cuisine.',
    },
  },
  {
    slug: 'guarulhos',
    name: 'Guarulhos',
    state: 'SP',
    region: 'Sudeste',
    lat: -23.4543,
    lng: -46.5337,
    population: 1345364,
    description: {
      pt:
        'Vizinha da capital paulista, Guarulhos abriga o maior aeroporto internacional do país e ' +
        'um polo industrial e comercial dinâmico.',
      en:
        'Next to São Paulo, Guarulhos is home to Brazil’s largest international airport and a ' +
        'dynamic industrial and commercial hub.',
    },
  },
  {
    slug: 'campinas',
    name: 'Campinas',
    state: 'SP',
    region: 'Sudeste',
    lat: -22.9099,
    lng: -47.0626,
    population: 1185977,
    description: {
      pt:
        'Campinas é um importante centro de tecnologia e universidades no interior paulista, com ' +
        'parques como a Lagoa do Taquaral.',
      en:
        'Campinas is a major technology and university centre in inland São Paulo state, with ' +
        'parks such as Lagoa do Taquaral.',
    },
  },
  {
    slug: 'sao-luis',
    name: 'São Luís',
    state: 'MA',
    region: 'Nordeste',
    lat: -2.5307,
    lng: -44.3068,
    population: 1088057,
    description: {
      pt:
        'Fundada pelos franceses, São Luís tem um centro histórico de casarões com azulejos, ' +
        'reconhecido como Patrimônio Mundial.',
      en:
        'Founded by the French, São Luís has a historic centre of tiled mansions recognised as a ' +
        'World Heritage Site.',
    },
  },
  {
    slug: 'maceio',
    name: 'Maceió',
    state: 'AL',
    region: 'Nordeste',
    lat: -9.6658,
    lng: -35.7353,
    population: 994464,
    description: {
      pt:
        'Maceió é famosa pelo mar verde-azulado, pelas piscinas naturais de Pajuçara e pela orla ' +
        'ideal para caminhadas.',
      en:
        'Maceió is famous for its turquoise sea, the natural pools of Pajuçara and a waterfront ' +
        'made for long walks.',
    },
  },
  {
    slug: 'sao-goncalo',
    name: 'São Gonçalo',
    state: 'RJ',
    region: 'Sudeste',
    lat: -22.8268,
    lng: -43.0634,
    population: 960652,
    description: {
      pt:
        'Localizada no leste da Baía de Guanabara, São Gonçalo é a segunda cidade mais populosa ' +
        'do estado do Rio de Janeiro.',
      en:
        'Located on the eastern side of Guanabara Bay, São Gonçalo is the second most populous ' +
        'city in Rio de Janeiro state.',
    },
  },
  {
    slug: 'campo-grande',
    name: 'Campo Grande',
    state: 'MS',
    region: 'Centro-Oeste',
    lat: -20.4697,
    lng: -54.6201,
    population: 954537,
    description: {
      pt:
        'Campo Grande é a porta de entrada para o Pantanal e Bonito, com avenidas largas e o ' +
        'Bioparque Pantanal.',
      en:
        'Campo Grande is a gateway to the Pantanal and Bonito, with wide avenues and the ' +
        'Bioparque Pantanal aquarium.',
    },
  },
  {
    slug: 'teresina',
    name: 'Teresina',
    state: 'PI',
    region: 'Nordeste',
    lat: -5.0892,
    lng: -42.8019,
    population: 902644,
    description: {
      pt:
        'Única capital nordestina fora do litoral, Teresina fica entre os rios Parnaíba e Poti e ' +
        'tem forte tradição em artesanato.',
      en:
        'The only inland capital in the Northeast, Teresina sits between the Parnaíba and Poti ' +
        'rivers and has a strong craft tradition.',
    },
  },
  {
    slug: 'joao-pessoa',
    name: 'João Pessoa',
    state: 'PB',
    region: 'Nordeste',
    lat: -7.1195,
    lng: -34.845,
    population: 888679,
    description: {
      pt:
        'João Pessoa é uma capital tranquila e arborizada, com praias urbanas e a Ponta do ' +
        'Seixas, extremo oriental das Américas.',
      en:
        'João Pessoa is a calm, leafy capital with city beaches and Ponta do Seixas, the ' +
        'easternmost point of the Americas.',
    },
  },
  {
    slug: 'duque-de-caxias',
    name: 'Duque de Caxias',
    state: 'RJ',
    region: 'Sudeste',
    lat: -22.7858,
    lng: -43.3117,
    population: 866347,
    description: {
      pt:
        'Maior município da Baixada Fluminense, Duque de Caxias tem economia ligada à indústria ' +
        'e acesso fácil à Região Serrana.',
      en:
        'The largest municipality of the Baixada Fluminense, Duque de Caxias has an ' +
        'industry-based economy and easy access to the mountain region.',
    },
  },
  {
    slug: 'nova-iguacu',
    name: 'Nova Iguaçu',
    state: 'RJ',
    region: 'Sudeste',
    lat: -22.7592,
    lng: -43.4511,
    population: 843046,
    description: {
      pt:
        'Nova Iguaçu é um polo comercial da Baixada Fluminense e abriga parte da Reserva ' +
        'Biológica do Tinguá.',
      en:
        'Nova Iguaçu is a commercial hub of the Baixada Fluminense and includes part of the ' +
        'Tinguá Biological Reserve.',
    },
  },
  {
    slug: 'sao-bernardo-do-campo',
    name: 'São Bernardo do Campo',
    state: 'SP',
    region: 'Sudeste',
    lat: -23.6914,
    lng: -46.5646,
    population: 840499,
    description: {
      pt:
        'No ABC Paulista, São Bernardo do Campo tem tradição na indústria automotiva e áreas ' +
        'verdes junto à Represa Billings.',
      en:
        'In the ABC region, São Bernardo do Campo has a long automotive tradition and green ' +
        'areas along the Billings Reservoir.',
    },
  },
  {
    slug: 'natal',
    name: 'Natal',
    state: 'RN',
    region: 'Nordeste',
    lat: -5.7945,
    lng: -35.211,
    population: 785368,
    description: {
      pt:
        'Natal é conhecida pelas dunas, pelo Forte dos Reis Magos e pela Praia de Ponta Negra, ' +
        'com o Morro do Careca ao fundo.',
      en:
        'Natal is known for its dunes, the Reis Magos Fort and Ponta Negra Beach with the Morro ' +
        'do Careca dune behind it.',
    },
  },
  {
    slug: 'santo-andre',
    name: 'Santo André',
    state: 'SP',
    region: 'Sudeste',
    lat: -23.6639,
    lng: -46.5383,
    population: 778711,
    description: {
      pt:
        'Santo André, no ABC Paulista, combina centro comercial ativo com a vila histórica de ' +
        'Paranapiacaba, na Serra do Mar.',
      en:
        'Santo André, in the ABC region, combines an active commercial centre with the historic ' +
        'village of Paranapiacaba in the Serra do Mar.',
    },
  },
  {
    slug: 'sorocaba',
    name: 'Sorocaba',
    state: 'SP',
    region: 'Sudeste',
    lat: -23.5015,
    lng: -47.4526,
    population: 757459,
    description: {
      pt:
        'Sorocaba é um polo industrial do interior paulista, com parques urbanos e um extenso ' +
        'sistema de ciclovias.',
      en:
        'Sorocaba is an industrial hub in inland São Paulo state, with city parks and an ' +
        'extensive cycle-path network.',
    },
  },
  {
    slug: 'osasco',
    name: 'Osasco',
    state: 'SP',
    region: 'Sudeste',
    lat: -23.5325,
    lng: -46.7917,
    population: 756952,
    description: {
      pt:
        'Na Grande São Paulo, Osasco é um centro de serviços e comércio, com forte presença do ' +
        'setor financeiro.',
      en:
        'In Greater São Paulo, Osasco is a services and retail centre with a strong ' +
        'financial-sector presence.',
    },
  },
  {
    slug: 'uberlandia',
    name: 'Uberlândia',
    state: 'MG',
    region: 'Sudeste',
    lat: -18.9186,
    lng: -48.2772,
    population: 754954,
    description: {
      pt:
        'Maior cidade do Triângulo Mineiro, Uberlândia é um centro de logística, comércio e ' +
        'ensino superior.',
      en:
        'The largest city in the Triângulo Mineiro, Uberlândia is a centre for logistics, trade ' +
        'and higher education.',
    },
  },
  {
    slug: 'ribeirao-preto',
    name: 'Ribeirão Preto',
    state: 'SP',
    region: 'Sudeste',
    lat: -21.1775,
    lng: -47.8103,
    population: 728400,
    description: {
      pt:
        'Ribeirão Preto é um polo do agronegócio paulista, com o Theatro Pedro II e uma tradição ' +
        'cervejeira conhecida.',
      en:
        'Ribeirão Preto is a hub of São Paulo state agribusiness, with the Pedro II Theatre and ' +
        'a well-known beer tradition.',
    },
  },
  {
    slug: 'sao-jose-dos-campos',
    name: 'São José dos Campos',
    state: 'SP',
    region: 'Sudeste',
    lat: -23.1896,
    lng: -45.8841,
    population: 724756,
    description: {
      pt:
        'No Vale do Paraíba, São José dos Campos é referência na indústria aeroespacial e tem o ' +
        'Parque da Cidade como área de lazer.',
      en:
        'In the Paraíba Valley, São José dos Campos is a reference in the aerospace industry, ' +
        'with the Parque da Cidade for leisure.',
    },
  },
  {
    slug: 'jaboatao-dos-guararapes',
    name: 'Jaboatão dos Guararapes',
    state: 'PE',
    region: 'Nordeste',
    lat: -8.113,
    lng: -35.0149,
    population: 683285,
    description: {
      pt:
        'Vizinha do Recife, Jaboatão dos Guararapes tem a Praia de Piedade e o Parque Histórico ' +
        'Nacional dos Guararapes.',
      en:
        'Next to Recife, Jaboatão dos Guararapes offers Piedade Beach and the Guararapes ' +
        'National Historical Park.',
    },
  },
  {
    slug: 'cuiaba',
    name: 'Cuiabá',
    state: 'MT',
    region: 'Centro-Oeste',
    lat: -15.6014,
    lng: -56.0979,
    population: 682932,
    description: {
      pt:
        'Cuiabá fica no centro geodésico da América do Sul e é ponto de partida para a Chapada ' +
        'dos Guimarães e o Pantanal.',
      en:
        'Cuiabá lies at the geodesic centre of South America and is a starting point for Chapada ' +
        'dos Guimarães and the Pantanal.',
    },
  },
  {
    slug: 'feira-de-santana',
    name: 'Feira de Santana',
    state: 'BA',
    region: 'Nordeste',
    lat: -12.2664,
    lng: -38.9663,
    population: 657948,
    description: {
      pt:
        'Maior cidade do interior nordestino, Feira de Santana é um grande entroncamento ' +
        'rodoviário e centro comercial da Bahia.',
      en:
        'The largest inland city in the Northeast, Feira de Santana is a major road junction and ' +
        'commercial centre of Bahia.',
    },
  },
  {
    slug: 'joinville',
    name: 'Joinville',
    state: 'SC',
    region: 'Sul',
    lat: -26.3045,
    lng: -48.8487,
    population: 654888,
    description: {
      pt:
        'Joinville, a maior cidade catarinense, tem herança germânica, é conhecida como Cidade ' +
        'das Flores e sedia um famoso festival de dança.',
      en:
        'Joinville, the largest city in Santa Catarina, has a German heritage, is known as the ' +
        'City of Flowers and hosts a famous dance festival.',
    },
  },
  {
    slug: 'contagem',
    name: 'Contagem',
    state: 'MG',
    region: 'Sudeste',
    lat: -19.9321,
    lng: -44.0539,
    population: 649975,
    description: {
      pt:
        'Na região metropolitana de Belo Horizonte, Contagem é um polo industrial e logístico de ' +
        'Minas Gerais.',
      en:
        'In the Belo Horizonte metropolitan area, Contagem is an industrial and logistics hub of ' +
        'Minas Gerais.',
    },
  },
  {
    slug: 'aracaju',
    name: 'Aracaju',
    state: 'SE',
    region: 'Nordeste',
    lat: -10.9472,
    lng: -37.0731,
    population: 628849,
    description: {
      pt:
        'Aracaju tem uma orla organizada na Praia de Atalaia, com a Passarela do Caranguejo e ' +
        'ótima culinária regional.',
      en:
        'Aracaju has a well-kept waterfront at Atalaia Beach, with the Passarela do Caranguejo ' +
        'and excellent regional food.',
    },
  },
  {
    slug: 'londrina',
    name: 'Londrina',
    state: 'PR',
    region: 'Sul',
    lat: -23.3045,
    lng: -51.1696,
    population: 577318,
    description: {
      pt:
        'Segunda maior cidade do Paraná, Londrina tem o Lago Igapó como cartão-postal e forte ' +
        'vocação universitária.',
      en:
        'The second largest city in Paraná, Londrina has Lake Igapó as its landmark and a strong ' +
        'university profile.',
    },
  },
  {
    slug: 'florianopolis',
    name: 'Florianópolis',
    state: 'SC',
    region: 'Sul',
    lat: -27.5954,
    lng: -48.548,
    population: 576361,
    description: {
      pt:
        'Capital insular, Florianópolis oferece dezenas de praias, a Lagoa da Conceição e a ' +
        'Ponte Hercílio Luz.',
      en:
        'An island capital, Florianópolis offers dozens of beaches, the Lagoa da Conceição and ' +
        'the Hercílio Luz Bridge.',
    },
  },
  {
    slug: 'serra',
    name: 'Serra',
    state: 'ES',
    region: 'Sudeste',
    lat: -20.1211,
    lng: -40.3074,
    population: 572274,
    description: {
      pt:
        'Município mais populoso do Espírito Santo, Serra reúne praias como Jacaraípe e um ' +
        'importante polo industrial.',
      en:
        'The most populous municipality in Espírito Santo, Serra combines beaches such as ' +
        'Jacaraípe with a major industrial hub.',
    },
  },
  {
    slug: 'juiz-de-fora',
    name: 'Juiz de Fora',
    state: 'MG',
    region: 'Sudeste',
    lat: -21.7642,
    lng: -43.3496,
    population: 565764,
    description: {
      pt:
        'Principal cidade da Zona da Mata mineira, Juiz de Fora tem o Museu Mariano Procópio e ' +
        'uma vida universitária ativa.',
      en:
        'The main city of the Zona da Mata in Minas Gerais, Juiz de Fora has the Mariano ' +
        'Procópio Museum and a lively student life.',
    },
  },
  {
    slug: 'aparecida-de-goiania',
    name: 'Aparecida de Goiânia',
    state: 'GO',
    region: 'Centro-Oeste',
    lat: -16.8198,
    lng: -49.2469,
    population: 555000,
    description: {
      pt:
        'Vizinha de Goiânia, Aparecida de Goiânia cresceu rapidamente e é hoje um importante ' +
        'polo industrial e comercial de Goiás.',
      en:
        'Next to Goiânia, Aparecida de Goiânia has grown quickly and is now an important ' +
        'industrial and commercial hub of Goiás.',
    },
  },
  {
    slug: 'campos-dos-goytacazes',
    name: 'Campos dos Goytacazes',
    state: 'RJ',
    region: 'Sudeste',
    lat: -21.7545,
    lng: -41.3244,
    population: 519000,
    description: {
      pt:
        'Maior município fluminense em área, Campos dos Goytacazes tem centro histórico às ' +
        'margens do Rio Paraíba do Sul.',
      en:
        'The largest municipality in Rio de Janeiro state by area, Campos dos Goytacazes has a ' +
        'historic centre on the Paraíba do Sul River.',
    },
  },
  {
    slug: 'porto-velho',
    name: 'Porto Velho',
    state: 'RO',
    region: 'Norte',
    lat: -8.7612,
    lng: -63.9004,
    population: 514873,
    description: {
      pt:
        'Às margens do Rio Madeira, Porto Velho guarda a história da Estrada de Ferro ' +
        'Madeira-Mamoré.',
      en:
        'On the banks of the Madeira River, Porto Velho preserves the history of the ' +
        'Madeira-Mamoré Railway.',
    },
  },
  {
    slug: 'macapa',
    name: 'Macapá',
    state: 'AP',
    region: 'Norte',
    lat: 0.0349,
    lng: -51.0694,
    population: 487200,
    description: {
      pt:
        'Cortada pela Linha do Equador, Macapá tem a Fortaleza de São José e o monumento Marco ' +
        'Zero.',
      en:
        'Crossed by the Equator, Macapá is home to the São José Fortress and the Marco Zero ' +
        'monument.',
    },
  },
  {
    slug: 'boa-vista',
    name: 'Boa Vista',
    state: 'RR',
    region: 'Norte',
    lat: 2.8235,
    lng: -60.6758,
    population: 470169,
    description: {
      pt:
        'Única capital brasileira totalmente ao norte do Equador, Boa Vista tem traçado em leque ' +
        'e fica às margens do Rio Branco.',
      en:
        'The only Brazilian capital entirely north of the Equator, Boa Vista has a fan-shaped ' +
        'layout on the Branco River.',
    },
  },
  {
    slug: 'rio-branco',
    name: 'Rio Branco',
    state: 'AC',
    region: 'Norte',
    lat: -9.9747,
    lng: -67.8076,
    population: 387852,
    description: {
      pt:
        'Rio Branco, às margens do Rio Acre, tem um centro histórico revitalizado e o Parque da ' +
        'Maternidade.',
      en:
        'Rio Branco, on the Acre River, has a revitalised historic centre and the Parque da ' +
        'Maternidade.',
    },
  },
  {
    slug: 'vitoria',
    name: 'Vitória',
    state: 'ES',
    region: 'Sudeste',
    lat: -20.3155,
    lng: -40.3128,
    population: 342800,
    description: {
      pt:
        'Capital capixaba em uma ilha, Vitória tem a Praia de Camburi, a Ilha do Frade e uma ' +
        'culinária marcada pela moqueca.',
      en:
        'The island capital of Espírito Santo, Vitória has Camburi Beach, Ilha do Frade and a ' +
        'cuisine known for its moqueca.',
    },
  },
  {
    slug: 'palmas',
    name: 'Palmas',
    state: 'TO',
    region: 'Norte',
    lat: -10.184,
    lng: -48.3336,
    population: 323625,
    description: {
      pt:
        'Capital planejada mais jovem do país, Palmas tem praias de rio no lago da usina e fica ' +
        'perto do Jalapão.',
      en:
        'Brazil’s youngest planned capital, Palmas has river beaches on its reservoir and lies ' +
        'close to Jalapão.',
    },
  },
]
