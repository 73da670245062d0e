import type { NeighborhoodSeed } from '#db/seed/reference/types.ts'

/**
 * Well-known neighbourhoods of the five featured cities (SPEC §3).
 * Populations are rounded approximations (mostly IBGE 2010 census figures by district or
 * bairro); for areas that are not official districts they are estimates.
 */
export const neighborhoods: NeighborhoodSeed[] = [
  // São Paulo
  {
    citySlug: 'sao-paulo',
    slug: 'jardins',
    name: 'Jardins',
    population: 89000,
    description: {
      pt:
        'Região elegante e arborizada, conhecida pelas lojas de grife, cafés e restaurantes ' +
        'sofisticados.',
      en:
        'An elegant, tree-lined area known for designer boutiques, cafés and refined ' +
        'restaurants.',
    },
    landmarks: ['Rua Oscar Freire', 'Museu da Imagem e do Som', 'Museu Brasileiro da Escultura'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'moema',
    name: 'Moema',
    population: 83000,
    description: {
      pt:
        'Bairro residencial tranquilo ao lado do Parque Ibirapuera, com boa oferta de bares e ' +
        'restaurantes.',
      en:
        'A quiet residential neighbourhood next to Ibirapuera Park, with plenty of bars and ' +
        'restaurants.',
    },
    landmarks: ['Parque Ibirapuera', 'Shopping Ibirapuera', 'Auditório Ibirapuera'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'pinheiros',
    name: 'Pinheiros',
    population: 65000,
    description: {
      pt: 'Bairro criativo e cheio de vida, com galerias, ateliês, bares e feiras de rua.',
      en: 'A creative, lively neighbourhood with galleries, studios, bars and street markets.',
    },
    landmarks: ['Largo da Batata', 'Instituto Tomie Ohtake', 'Praça Benedito Calixto'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'vila-mariana',
    name: 'Vila Mariana',
    population: 130000,
    description: {
      pt: 'Bairro tradicional e bem servido por metrô, com centros culturais e vida universitária.',
      en:
        'A traditional neighbourhood well served by the metro, with cultural centres and student ' +
        'life.',
    },
    landmarks: ['Museu Lasar Segall', 'Cinemateca Brasileira', 'Sesc Vila Mariana'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'itaim-bibi',
    name: 'Itaim Bibi',
    population: 92000,
    description: {
      pt: 'Polo de negócios e gastronomia, com escritórios modernos e uma vida noturna animada.',
      en: 'A business and dining hub with modern offices and a lively nightlife.',
    },
    landmarks: ['Avenida Brigadeiro Faria Lima', 'Parque do Povo', 'Rua Amauri'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'vila-olimpia',
    name: 'Vila Olímpia',
    population: 30000,
    description: {
      pt: 'Região de edifícios corporativos, bares e casas noturnas próxima à Marginal Pinheiros.',
      en:
        'An area of office towers, bars and night venues close to the Pinheiros riverside ' +
        'expressway.',
    },
    landmarks: ['Shopping Vila Olímpia', 'Avenida Juscelino Kubitschek', 'Rua Funchal'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'consolacao',
    name: 'Consolação',
    population: 57000,
    description: {
      pt: 'Bairro central e diverso, com teatros, bares e acesso fácil à Avenida Paulista.',
      en:
        'A central, diverse neighbourhood with theatres, bars and easy access to Avenida ' +
        'Paulista.',
    },
    landmarks: ['Rua Augusta', 'Praça Roosevelt', 'Cemitério da Consolação'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'bela-vista',
    name: 'Bela Vista',
    population: 69000,
    description: {
      pt:
        'Inclui o tradicional Bixiga, com cantinas italianas, teatros e parte da Avenida ' +
        'Paulista.',
      en:
        'Home to the traditional Bixiga area, with Italian cantinas, theatres and part of ' +
        'Avenida Paulista.',
    },
    landmarks: ['Museu de Arte de São Paulo', 'Rua 13 de Maio', 'Teatro Renault'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'perdizes',
    name: 'Perdizes',
    population: 111000,
    description: {
      pt:
        'Bairro residencial de ruas inclinadas, com universidades, padarias tradicionais e boa ' +
        'infraestrutura.',
      en:
        'A residential neighbourhood of sloping streets, with universities, traditional bakeries ' +
        'and good amenities.',
    },
    landmarks: [
      'Pontifícia Universidade Católica de São Paulo',
      'Allianz Parque',
      'Parque da Água Branca',
    ],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'santana',
    name: 'Santana',
    population: 119000,
    description: {
      pt: 'Principal centro da Zona Norte, com comércio variado, parques e linha de metrô.',
      en: 'The main centre of the North Zone, with varied shops, parks and a metro line.',
    },
    landmarks: ['Parque da Juventude', 'Biblioteca de São Paulo', 'Campo de Marte'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'tatuape',
    name: 'Tatuapé',
    population: 92000,
    description: {
      pt:
        'Bairro valorizado da Zona Leste, com prédios residenciais, shoppings e vida comercial ' +
        'intensa.',
      en:
        'A sought-after East Zone neighbourhood with residential towers, malls and busy ' +
        'commerce.',
    },
    landmarks: ['Parque do Piqueri', 'Shopping Metrô Tatuapé', 'Praça Sílvio Romero'],
  },
  {
    citySlug: 'sao-paulo',
    slug: 'brooklin',
    name: 'Brooklin',
    population: 60000,
    description: {
      pt:
        'Região moderna de escritórios e residências, perto do polo empresarial da Avenida ' +
        'Berrini.',
      en: 'A modern area of offices and homes near the Avenida Berrini business district.',
    },
    landmarks: ['Ponte Octavio Frias de Oliveira', 'Avenida Engenheiro Luís Carlos Berrini'],
  },

  // Rio de Janeiro
  {
    citySlug: 'rio-de-janeiro',
    slug: 'copacabana',
    name: 'Copacabana',
    population: 146000,
    description: {
      pt: 'Bairro mais famoso do Rio, com a praia de calçadão ondulado, hotéis e vida 24 horas.',
      en:
        'Rio’s most famous neighbourhood, with its wave-patterned promenade, hotels and ' +
        'round-the-clock life.',
    },
    landmarks: ['Praia de Copacabana', 'Forte de Copacabana', 'Copacabana Palace'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'ipanema',
    name: 'Ipanema',
    population: 43000,
    description: {
      pt: 'Bairro charmoso à beira-mar, com lojas, restaurantes e o pôr do sol no Arpoador.',
      en: 'A charming seaside neighbourhood with shops, restaurants and the sunset at Arpoador.',
    },
    landmarks: ['Praia de Ipanema', 'Pedra do Arpoador', 'Praça General Osório'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'leblon',
    name: 'Leblon',
    population: 46000,
    description: {
      pt:
        'Bairro sofisticado e tranquilo, conhecido pela gastronomia e pela vista do Morro Dois ' +
        'Irmãos.',
      en: 'An upscale, calm neighbourhood known for its dining and the view of Dois Irmãos hill.',
    },
    landmarks: ['Praia do Leblon', 'Mirante do Leblon', 'Shopping Leblon'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'botafogo',
    name: 'Botafogo',
    population: 83000,
    description: {
      pt: 'Bairro boêmio e cultural, com vista para o Pão de Açúcar, cinemas e muitos bares.',
      en:
        'A bohemian, cultural neighbourhood with views of Sugarloaf Mountain, cinemas and many ' +
        'bars.',
    },
    landmarks: ['Enseada de Botafogo', 'Fundação Casa de Rui Barbosa', 'Botafogo Praia Shopping'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'barra-da-tijuca',
    name: 'Barra da Tijuca',
    population: 136000,
    description: {
      pt:
        'Bairro planejado da Zona Oeste, com praia extensa, condomínios, shoppings e centros de ' +
        'eventos.',
      en:
        'A planned West Zone neighbourhood with a long beach, condominiums, malls and event ' +
        'venues.',
    },
    landmarks: ['Praia da Barra da Tijuca', 'BarraShopping', 'Cidade das Artes'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'flamengo',
    name: 'Flamengo',
    population: 50000,
    description: {
      pt:
        'Bairro residencial clássico ao lado do Aterro, ideal para caminhadas com vista para a ' +
        'Baía de Guanabara.',
      en:
        'A classic residential neighbourhood by the Aterro park, ideal for walks overlooking ' +
        'Guanabara Bay.',
    },
    landmarks: ['Parque do Flamengo', 'Praia do Flamengo'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'tijuca',
    name: 'Tijuca',
    population: 164000,
    description: {
      pt:
        'Grande bairro tradicional da Zona Norte, com comércio forte, escolas de samba próximas ' +
        'e acesso à floresta.',
      en:
        'A large, traditional North Zone neighbourhood with busy commerce, nearby samba schools ' +
        'and access to the forest.',
    },
    landmarks: ['Praça Saens Peña', 'Shopping Tijuca', 'Igreja dos Capuchinhos'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'lapa',
    name: 'Lapa',
    population: 10000,
    description: {
      pt:
        'Reduto histórico da boemia carioca, com casas de samba, arquitetura colonial e ' +
        'programação cultural.',
      en:
        'The historic heart of Rio’s bohemian life, with samba venues, colonial architecture and ' +
        'cultural events.',
    },
    landmarks: [
      'Arcos da Lapa',
      'Escadaria Selarón',
      'Fundição Progresso',
      'Sala Cecília Meireles',
    ],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'centro',
    name: 'Centro',
    population: 41000,
    description: {
      pt:
        'Centro histórico e financeiro da cidade, com museus, igrejas barrocas e cafés ' +
        'tradicionais.',
      en:
        'The city’s historic and financial centre, with museums, Baroque churches and ' +
        'traditional cafés.',
    },
    landmarks: [
      'Theatro Municipal',
      'Biblioteca Nacional',
      'Confeitaria Colombo',
      'Museu do Amanhã',
    ],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'recreio-dos-bandeirantes',
    name: 'Recreio dos Bandeirantes',
    population: 82000,
    description: {
      pt:
        'Bairro litorâneo da Zona Oeste, procurado por surfistas e famílias, com praias amplas e ' +
        'natureza.',
      en:
        'A West Zone seaside neighbourhood popular with surfers and families, with wide beaches ' +
        'and nature.',
    },
    landmarks: ['Praia do Recreio', 'Pedra do Pontal', 'Parque Natural Municipal Chico Mendes'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'santa-teresa',
    name: 'Santa Teresa',
    population: 41000,
    description: {
      pt:
        'Bairro de ladeiras e casarões, com ateliês de artistas, bondinho e mirantes sobre a ' +
        'cidade.',
      en:
        'A hillside neighbourhood of old mansions, artists’ studios, a historic tram and city ' +
        'viewpoints.',
    },
    landmarks: ['Bonde de Santa Teresa', 'Parque das Ruínas', 'Museu da Chácara do Céu'],
  },
  {
    citySlug: 'rio-de-janeiro',
    slug: 'laranjeiras',
    name: 'Laranjeiras',
    population: 46000,
    description: {
      pt:
        'Bairro residencial arborizado aos pés do Corcovado, com casarões históricos e clima ' +
        'tranquilo.',
      en:
        'A leafy residential neighbourhood at the foot of Corcovado, with historic mansions and ' +
        'a calm feel.',
    },
    landmarks: ['Palácio Guanabara', 'Parque Guinle', 'Estádio das Laranjeiras'],
  },

  // Belo Horizonte
  {
    citySlug: 'belo-horizonte',
    slug: 'savassi',
    name: 'Savassi',
    population: 11000,
    description: {
      pt: 'Região mais badalada de BH, com lojas, cafés, bares e movimento até tarde.',
      en: 'BH’s trendiest area, with shops, cafés, bars and activity until late.',
    },
    landmarks: [
      'Praça Diogo de Vasconcelos',
      'Avenida Cristóvão Colombo',
      'Rua Fernandes Tourinho',
    ],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'lourdes',
    name: 'Lourdes',
    population: 15000,
    description: {
      pt: 'Bairro nobre e central, conhecido pelos restaurantes refinados e ruas arborizadas.',
      en: 'An upscale central neighbourhood known for fine restaurants and tree-lined streets.',
    },
    landmarks: [
      'Basílica de Nossa Senhora de Lourdes',
      'Praça Marília de Dirceu',
      'Academia Mineira de Letras',
    ],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'funcionarios',
    name: 'Funcionários',
    population: 14000,
    description: {
      pt:
        'Bairro histórico em torno da Praça da Liberdade, com museus instalados em antigos ' +
        'prédios públicos.',
      en:
        'A historic neighbourhood around Praça da Liberdade, with museums housed in former ' +
        'government buildings.',
    },
    landmarks: ['Praça da Liberdade', 'Palácio da Liberdade', 'Memorial Minas Gerais Vale'],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'centro',
    name: 'Centro',
    population: 14000,
    description: {
      pt:
        'Coração comercial e cultural da capital mineira, com mercados, teatros e o parque ' +
        'municipal.',
      en:
        'The commercial and cultural heart of the Minas Gerais capital, with markets, theatres ' +
        'and the city park.',
    },
    landmarks: [
      'Mercado Central',
      'Parque Municipal Américo Renné Giannetti',
      'Palácio das Artes',
      'Praça da Estação',
    ],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'pampulha',
    name: 'Pampulha',
    population: 226000,
    description: {
      pt:
        'Região em torno da lagoa de mesmo nome, com o conjunto arquitetônico de Oscar Niemeyer ' +
        'e o Mineirão.',
      en:
        'The area around the lake of the same name, with Oscar Niemeyer’s architectural ensemble ' +
        'and the Mineirão stadium.',
    },
    landmarks: [
      'Lagoa da Pampulha',
      'Igreja de São Francisco de Assis',
      'Estádio Mineirão',
      'Museu de Arte da Pampulha',
    ],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'santo-agostinho',
    name: 'Santo Agostinho',
    population: 10000,
    description: {
      pt:
        'Bairro residencial e central, sede da Assembleia Legislativa, com restaurantes e ' +
        'comércio de bairro.',
      en:
        'A central residential neighbourhood, home to the state legislature, with restaurants ' +
        'and local shops.',
    },
    landmarks: ['Assembleia Legislativa de Minas Gerais', 'Praça Carlos Chagas'],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'mangabeiras',
    name: 'Mangabeiras',
    population: 7000,
    description: {
      pt: 'Bairro nobre aos pés da Serra do Curral, com parques e mirantes sobre toda a cidade.',
      en:
        'An upscale neighbourhood at the foot of the Serra do Curral, with parks and viewpoints ' +
        'over the whole city.',
    },
    landmarks: ['Parque das Mangabeiras', 'Praça do Papa'],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'belvedere',
    name: 'Belvedere',
    population: 9000,
    description: {
      pt:
        'Bairro moderno na região sul, com edifícios altos, escritórios e um dos maiores ' +
        'shoppings da cidade.',
      en:
        'A modern neighbourhood in the south of the city, with tall buildings, offices and one ' +
        'of its largest malls.',
    },
    landmarks: ['BH Shopping', 'Avenida Luiz Paulo Franco'],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'buritis',
    name: 'Buritis',
    population: 35000,
    description: {
      pt:
        'Bairro residencial em crescimento na região oeste, com comércio completo e áreas ' +
        'verdes.',
      en:
        'A growing residential neighbourhood in the west of the city, with full local commerce ' +
        'and green areas.',
    },
    landmarks: ['Parque Aggeo Pio Sobrinho', 'Avenida Professor Mário Werneck'],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'santa-tereza',
    name: 'Santa Tereza',
    population: 16000,
    description: {
      pt:
        'Bairro boêmio com clima de cidade do interior, berço do Clube da Esquina e de bares ' +
        'tradicionais.',
      en:
        'A bohemian neighbourhood with a small-town feel, birthplace of the Clube da Esquina ' +
        'movement and classic bars.',
    },
    landmarks: ['Praça Duque de Caxias', 'Igreja de Santa Tereza e Santa Terezinha'],
  },
  {
    citySlug: 'belo-horizonte',
    slug: 'barro-preto',
    name: 'Barro Preto',
    population: 7000,
    description: {
      pt:
        'Conhecido como polo da moda mineira, reúne confecções, lojas de fábrica e o fórum da ' +
        'capital.',
      en:
        'Known as the fashion district of Minas Gerais, with clothing makers, outlet shops and ' +
        'the city courthouse.',
    },
    landmarks: ['Fórum Lafayette', 'Avenida Augusto de Lima'],
  },

  // Recife
  {
    citySlug: 'recife',
    slug: 'boa-viagem',
    name: 'Boa Viagem',
    population: 123000,
    description: {
      pt:
        'Bairro mais populoso do Recife, com orla extensa, hotéis, restaurantes e calçadão ' +
        'movimentado.',
      en:
        'Recife’s most populous neighbourhood, with a long seafront, hotels, restaurants and a ' +
        'busy promenade.',
    },
    landmarks: ['Praia de Boa Viagem', 'Parque Dona Lindu', 'Shopping Recife'],
  },
  {
    citySlug: 'recife',
    slug: 'recife-antigo',
    name: 'Recife Antigo',
    population: 600,
    description: {
      pt:
        'Ilha histórica onde a cidade nasceu, com casarões coloridos, centros culturais e ' +
        'eventos ao ar livre.',
      en:
        'The historic island where the city began, with colourful buildings, cultural centres ' +
        'and open-air events.',
    },
    landmarks: ['Marco Zero', 'Rua do Bom Jesus', 'Paço do Frevo', 'Sinagoga Kahal Zur Israel'],
  },
  {
    citySlug: 'recife',
    slug: 'casa-forte',
    name: 'Casa Forte',
    population: 7000,
    description: {
      pt:
        'Bairro residencial arborizado da zona norte, com praça projetada por Burle Marx e ' +
        'museus.',
      en:
        'A leafy residential neighbourhood in the north of the city, with a square designed by ' +
        'Burle Marx and museums.',
    },
    landmarks: ['Praça de Casa Forte', 'Museu do Homem do Nordeste'],
  },
  {
    citySlug: 'recife',
    slug: 'gracas',
    name: 'Graças',
    population: 21000,
    description: {
      pt:
        'Bairro tradicional às margens do Capibaribe, com casarões, clínicas e vida de bairro ' +
        'tranquila.',
      en:
        'A traditional neighbourhood on the Capibaribe River, with old mansions, clinics and a ' +
        'calm local feel.',
    },
    landmarks: ['Museu do Estado de Pernambuco', 'Avenida Rui Barbosa'],
  },
  {
    citySlug: 'recife',
    slug: 'jaqueira',
    name: 'Jaqueira',
    population: 1400,
    description: {
      pt: 'Pequeno bairro nobre conhecido pelo parque à beira do rio, muito usado para caminhadas.',
      en: 'A small upscale neighbourhood known for its riverside park, a favourite for walks.',
    },
    landmarks: ['Parque da Jaqueira', 'Capela da Jaqueira'],
  },
  {
    citySlug: 'recife',
    slug: 'pina',
    name: 'Pina',
    population: 29000,
    description: {
      pt:
        'Bairro entre o centro e Boa Viagem, com praia urbana, bares à beira-mar e um grande ' +
        'shopping.',
      en:
        'A neighbourhood between downtown and Boa Viagem, with a city beach, seaside bars and a ' +
        'large mall.',
    },
    landmarks: ['Praia do Pina', 'RioMar Shopping', 'Bacia do Pina'],
  },
  {
    citySlug: 'recife',
    slug: 'santo-antonio',
    name: 'Santo Antônio',
    population: 300,
    description: {
      pt: 'Núcleo histórico com palácios, igrejas barrocas e teatros, ideal para passeios a pé.',
      en: 'A historic core of palaces, Baroque churches and theatres, ideal for exploring on foot.',
    },
    landmarks: ['Teatro de Santa Isabel', 'Palácio do Campo das Princesas', 'Capela Dourada'],
  },
  {
    citySlug: 'recife',
    slug: 'sao-jose',
    name: 'São José',
    population: 8700,
    description: {
      pt: 'Bairro histórico e popular, com mercado centenário, pátios coloniais e comércio de rua.',
      en:
        'A historic, popular neighbourhood with a century-old market, colonial squares and ' +
        'street commerce.',
    },
    landmarks: ['Mercado de São José', 'Pátio de São Pedro', 'Forte das Cinco Pontas'],
  },
  {
    citySlug: 'recife',
    slug: 'varzea',
    name: 'Várzea',
    population: 70000,
    description: {
      pt:
        'Bairro amplo da zona oeste, com áreas verdes e dois importantes espaços de arte da ' +
        'família Brennand.',
      en:
        'A large west-side neighbourhood with green areas and two major art venues of the ' +
        'Brennand family.',
    },
    landmarks: ['Instituto Ricardo Brennand', 'Oficina Francisco Brennand'],
  },
  {
    citySlug: 'recife',
    slug: 'madalena',
    name: 'Madalena',
    population: 23000,
    description: {
      pt:
        'Bairro residencial tradicional, com casarões antigos, comércio local e acesso fácil ao ' +
        'centro.',
      en:
        'A traditional residential neighbourhood with old houses, local shops and easy access to ' +
        'downtown.',
    },
    landmarks: ['Museu da Abolição', 'Rua Real da Torre'],
  },
  {
    citySlug: 'recife',
    slug: 'apipucos',
    name: 'Apipucos',
    population: 3000,
    description: {
      pt:
        'Bairro tranquilo e verde à beira de um açude, onde fica a antiga casa do sociólogo ' +
        'Gilberto Freyre.',
      en:
        'A quiet, green neighbourhood by a reservoir, home to the former house of sociologist ' +
        'Gilberto Freyre.',
    },
    landmarks: ['Fundação Gilberto Freyre', 'Açude de Apipucos'],
  },

  // Fortaleza
  {
    citySlug: 'fortaleza',
    slug: 'meireles',
    name: 'Meireles',
    population: 37000,
    description: {
      pt:
        'Bairro da orla com hotéis, restaurantes e a tradicional feira de artesanato da ' +
        'Beira-Mar.',
      en:
        'A seafront neighbourhood with hotels, restaurants and the traditional Beira-Mar craft ' +
        'fair.',
    },
    landmarks: ['Avenida Beira-Mar', 'Feira de Artesanato da Beira-Mar'],
  },
  {
    citySlug: 'fortaleza',
    slug: 'aldeota',
    name: 'Aldeota',
    population: 42000,
    description: {
      pt: 'Bairro nobre e comercial, com shoppings, escritórios e uma vida noturna variada.',
      en: 'An upscale commercial neighbourhood with malls, offices and varied nightlife.',
    },
    landmarks: ['Shopping Aldeota', 'Praça Portugal', 'Praça das Flores'],
  },
  {
    citySlug: 'fortaleza',
    slug: 'praia-de-iracema',
    name: 'Praia de Iracema',
    population: 3100,
    description: {
      pt:
        'Bairro boêmio e cultural à beira-mar, com centro de artes, casarões restaurados e pôr ' +
        'do sol na ponte.',
      en:
        'A bohemian, cultural seaside area with an arts centre, restored buildings and sunsets ' +
        'from the pier.',
    },
    landmarks: ['Centro Dragão do Mar de Arte e Cultura', 'Ponte dos Ingleses', 'Estoril'],
  },
  {
    citySlug: 'fortaleza',
    slug: 'mucuripe',
    name: 'Mucuripe',
    population: 14000,
    description: {
      pt: 'Antigo bairro de pescadores, com mercado de peixes, jangadas e vista para o porto.',
      en: 'A former fishing village with a fish market, jangada sailboats and views of the port.',
    },
    landmarks: [
      'Mercado dos Peixes do Mucuripe',
      'Estátua de Iracema Guardiã',
      'Porto do Mucuripe',
    ],
  },
  {
    citySlug: 'fortaleza',
    slug: 'centro',
    name: 'Centro',
    population: 29000,
    description: {
      pt:
        'Centro histórico e comercial, com teatro centenário, catedral e o mercado de ' +
        'artesanato.',
      en:
        'The historic and commercial centre, with a century-old theatre, the cathedral and the ' +
        'craft market.',
    },
    landmarks: [
      'Theatro José de Alencar',
      'Mercado Central de Fortaleza',
      'Catedral Metropolitana de Fortaleza',
      'Passeio Público',
    ],
  },
  {
    citySlug: 'fortaleza',
    slug: 'coco',
    name: 'Cocó',
    population: 20000,
    description: {
      pt:
        'Bairro residencial ao lado de um dos maiores parques urbanos do país, com trilhas e ' +
        'manguezais.',
      en:
        'A residential neighbourhood beside one of Brazil’s largest urban parks, with trails and ' +
        'mangroves.',
    },
    landmarks: ['Parque Estadual do Cocó', 'Avenida Engenheiro Santana Júnior'],
  },
  {
    citySlug: 'fortaleza',
    slug: 'papicu',
    name: 'Papicu',
    population: 18000,
    description: {
      pt:
        'Bairro bem conectado, entre a orla e a zona leste, com grande shopping e terminal de ' +
        'transporte.',
      en:
        'A well-connected neighbourhood between the seafront and the east side, with a big mall ' +
        'and a transit hub.',
    },
    landmarks: ['Shopping RioMar Fortaleza', 'Terminal do Papicu'],
  },
  {
    citySlug: 'fortaleza',
    slug: 'praia-do-futuro',
    name: 'Praia do Futuro',
    population: 16000,
    description: {
      pt:
        'Orla famosa pelas grandes barracas de praia, mar aberto e caranguejada às ' +
        'quintas-feiras.',
      en: 'A seafront famous for its large beach clubs, open sea and the Thursday crab tradition.',
    },
    landmarks: ['Praia do Futuro', 'Avenida Zezé Diogo'],
  },
  {
    citySlug: 'fortaleza',
    slug: 'varjota',
    name: 'Varjota',
    population: 8500,
    description: {
      pt: 'Pequeno bairro conhecido como polo gastronômico, com bares e restaurantes variados.',
      en: 'A small neighbourhood known as a dining hub, with a wide range of bars and restaurants.',
    },
    landmarks: ['Polo Gastronômico da Varjota', 'Rua Frederico Borges'],
  },
  {
    citySlug: 'fortaleza',
    slug: 'benfica',
    name: 'Benfica',
    population: 13000,
    description: {
      pt: 'Bairro universitário e tradicional, com casarões, estádio histórico e vida cultural.',
      en:
        'A traditional university neighbourhood with old mansions, a historic stadium and ' +
        'cultural life.',
    },
    landmarks: [
      'Reitoria da Universidade Federal do Ceará',
      'Estádio Presidente Vargas',
      'Shopping Benfica',
    ],
  },
  {
    citySlug: 'fortaleza',
    slug: 'edson-queiroz',
    name: 'Edson Queiroz',
    population: 22000,
    description: {
      pt:
        'Bairro em expansão no eixo da Avenida Washington Soares, com universidade, shopping e ' +
        'centro de eventos.',
      en:
        'A growing neighbourhood along Avenida Washington Soares, with a university, a mall and ' +
        'a convention centre.',
    },
    landmarks: ['Iguatemi Bosque', 'Universidade de Fortaleza', 'Centro de Eventos do Ceará'],
  },
]
