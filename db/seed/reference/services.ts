import type { ServiceSeed } from '#db/seed/reference/types.ts'

/**
 * The six service categories of the directory (SPEC §3), in display order.
 * Texts stay neutral: no explicit content and no prices. Every advertiser is a verified adult.
 */
export const services: ServiceSeed[] = [
  {
    slug: 'gfe',
    name: { pt: 'GFE (Namorada)', en: 'GFE (Girlfriend Experience)' },
    description: {
      pt:
        'Acompanhantes verificadas que valorizam uma companhia atenciosa, boa conversa e clima ' +
        'descontraído.',
      en:
        'Verified companions who value attentive company, good conversation and a relaxed ' +
        'atmosphere.',
    },
    keywords: {
      pt: ['namorada', 'companhia', 'acompanhante verificada', 'encontro discreto'],
      en: ['girlfriend experience', 'companionship', 'verified companion', 'discreet date'],
    },
    metaDescription: {
      pt:
        'Perfis verificados de acompanhantes no estilo namorada: companhia atenciosa, respeito e ' +
        'discrição. Fale diretamente com a anunciante.',
      en:
        'Verified girlfriend-experience profiles: attentive company, respect and discretion. ' +
        'Contact the advertiser directly.',
    },
    content: {
      pt:
        'A categoria GFE reúne anunciantes que oferecem uma companhia próxima e atenciosa, com ' +
        'conversa agradável e um clima leve, como um encontro entre pessoas que se dão bem.\n\n' +
        'Todos os perfis passam por verificação de identidade e idade, e todas as anunciantes ' +
        'são adultas. Combine tudo com antecedência, com respeito aos limites de cada pessoa e ' +
        'consentimento claro dos dois lados.\n\n' +
        'O contato é feito diretamente com a anunciante, pelos canais que ela informa no perfil. ' +
        'O diretório não intermedeia encontros nem pagamentos.',
      en:
        'The GFE category features advertisers who offer warm, attentive company, pleasant ' +
        'conversation and an easy-going atmosphere, much like a date between people who get ' +
        'along.\n\n' +
        'Every profile goes through identity and age verification, and all advertisers are ' +
        'adults. Agree on everything in advance, respecting each person’s boundaries, with clear ' +
        'consent on both sides.\n\n' +
        'You contact the advertiser directly through the channels listed on her profile. The ' +
        'directory does not broker meetings or payments.',
    },
  },
  {
    slug: 'fetiche',
    name: { pt: 'Fetiche', en: 'Fetish' },
    description: {
      pt:
        'Anunciantes verificadas abertas a fantasias e propostas diferentes, sempre com diálogo ' +
        'prévio e consentimento.',
      en:
        'Verified advertisers open to fantasies and different ideas, always with prior ' +
        'conversation and consent.',
    },
    keywords: {
      pt: ['fetiche', 'fantasia', 'consentimento', 'acompanhante verificada'],
      en: ['fetish', 'fantasy', 'consent', 'verified companion'],
    },
    metaDescription: {
      pt:
        'Perfis verificados de anunciantes abertas a fetiches e fantasias, com diálogo, limites ' +
        'claros e consentimento. Contato direto e discreto.',
      en:
        'Verified advertisers open to fetishes and fantasies, with open dialogue, clear ' +
        'boundaries and consent. Direct, discreet contact.',
    },
    content: {
      pt:
        'Nesta categoria estão anunciantes que se sentem à vontade com propostas fora do comum. ' +
        'Cada uma descreve no próprio perfil o que aceita e o que não aceita.\n\n' +
        'Conversa prévia, limites bem definidos e consentimento são indispensáveis: qualquer ' +
        'pessoa pode mudar de ideia a qualquer momento. Todas as anunciantes são adultas e ' +
        'verificadas.\n\n' +
        'Fale diretamente com a anunciante para combinar os detalhes com calma e discrição.',
      en:
        'This category lists advertisers who are comfortable with out-of-the-ordinary ideas. ' +
        'Each one describes on her own profile what she does and does not accept.\n\n' +
        'Prior conversation, well-defined boundaries and consent are essential: anyone can ' +
        'change their mind at any time. All advertisers are verified adults.\n\n' +
        'Contact the advertiser directly to agree on the details calmly and discreetly.',
    },
  },
  {
    slug: 'casais',
    name: { pt: 'Casais', en: 'Couples' },
    description: {
      pt:
        'Anunciantes verificadas que atendem casais, com conversa franca e respeito às ' +
        'combinações de todos.',
      en:
        'Verified advertisers who welcome couples, with honest conversation and respect for ' +
        'everyone’s agreements.',
    },
    keywords: {
      pt: ['casais', 'acompanhante para casal', 'atendimento a casais', 'discrição'],
      en: ['couples', 'companion for couples', 'shared experience', 'discretion'],
    },
    metaDescription: {
      pt:
        'Anunciantes verificadas que atendem casais, com diálogo, respeito aos limites de todos ' +
        'e discrição. Contato direto com a anunciante.',
      en:
        'Verified advertisers who welcome couples, with dialogue, respect for everyone’s ' +
        'boundaries and discretion. Contact them directly.',
    },
    content: {
      pt:
        'A categoria Casais reúne anunciantes que recebem casais com naturalidade e cuidado, ' +
        'ajudando a tornar a experiência confortável para todos.\n\n' +
        'O ideal é que o casal converse antes entre si e depois com a anunciante, deixando ' +
        'expectativas e limites claros. O consentimento de todas as pessoas envolvidas é ' +
        'obrigatório, e todas as anunciantes são adultas verificadas.\n\n' +
        'O contato é direto com a anunciante, com total discrição.',
      en:
        'The Couples category features advertisers who welcome couples naturally and with care, ' +
        'helping make the experience comfortable for everyone.\n\n' +
        'Ideally the couple talks it over first and then with the advertiser, making ' +
        'expectations and boundaries clear. Consent from everyone involved is mandatory, and all ' +
        'advertisers are verified adults.\n\n' +
        'You contact the advertiser directly, with complete discretion.',
    },
  },
  {
    slug: 'maduras',
    name: { pt: 'Maduras', en: 'Mature' },
    description: {
      pt:
        'Anunciantes verificadas mais experientes, que oferecem companhia elegante, segura e ' +
        'acolhedora.',
      en:
        'Verified, more experienced advertisers offering elegant, confident and welcoming ' +
        'company.',
    },
    keywords: {
      pt: ['maduras', 'mulheres maduras', 'acompanhante experiente', 'companhia elegante'],
      en: ['mature', 'experienced companion', 'elegant company', 'verified advertiser'],
    },
    metaDescription: {
      pt:
        'Perfis verificados de anunciantes maduras: experiência, elegância e conversa agradável, ' +
        'com respeito e discrição. Contato direto.',
      en:
        'Verified mature advertisers: experience, elegance and pleasant conversation, with ' +
        'respect and discretion. Direct contact.',
    },
    content: {
      pt:
        'A categoria Maduras reúne anunciantes com mais vivência, que costumam valorizar ' +
        'conversa, elegância e um ritmo tranquilo.\n\n' +
        'Todos os perfis são verificados, e as informações de cada anunciante são publicadas por ' +
        'ela mesma. Respeito, pontualidade e consentimento são a base de qualquer combinação.\n\n' +
        'Entre em contato diretamente com a anunciante pelos canais indicados no perfil.',
      en:
        'The Mature category brings together advertisers with more life experience, who tend to ' +
        'value conversation, elegance and an unhurried pace.\n\n' +
        'Every profile is verified, and each advertiser publishes her own information. Respect, ' +
        'punctuality and consent are the basis of any arrangement.\n\n' +
        'Contact the advertiser directly through the channels shown on her profile.',
    },
  },
  {
    slug: 'jovens',
    name: { pt: 'Jovens', en: 'Young adults (18+)' },
    description: {
      pt:
        'Anunciantes jovens e verificadas: todas são maiores de idade, com 18 anos ou mais ' +
        'comprovados.',
      en:
        'Young, verified advertisers: every one of them is an adult with a confirmed age of 18 ' +
        'or over.',
    },
    keywords: {
      pt: ['jovens', 'maiores de 18', 'idade verificada', 'acompanhante verificada'],
      en: ['young adults', '18 plus', 'age verified', 'verified companion'],
    },
    metaDescription: {
      pt:
        'Anunciantes jovens com idade verificada: todas têm 18 anos ou mais. Companhia leve e ' +
        'animada, com respeito e consentimento.',
      en:
        'Young advertisers with verified age: all are 18 or over. Light-hearted, cheerful ' +
        'company with respect and consent.',
    },
    content: {
      pt:
        'Todas as anunciantes desta categoria são adultas com 18 anos ou mais. A idade é ' +
        'confirmada por verificação de documento antes de o perfil ser publicado, e perfis que ' +
        'não cumprem essa regra são removidos.\n\n' +
        'São perfis de pessoas jovens, com energia e bom humor, que valorizam encontros leves e ' +
        'combinados com clareza. Respeito e consentimento vêm sempre em primeiro lugar.\n\n' +
        'O contato é feito diretamente com a anunciante, de forma discreta.',
      en:
        'Every advertiser in this category is an adult aged 18 or over. Age is confirmed through ' +
        'document verification before a profile is published, and profiles that do not meet this ' +
        'rule are removed.\n\n' +
        'These are profiles of young people with energy and good humour who value easy-going ' +
        'meetings agreed clearly in advance. Respect and consent always come first.\n\n' +
        'You contact the advertiser directly and discreetly.',
    },
  },
  {
    slug: 'premium',
    name: { pt: 'Premium', en: 'Premium' },
    description: {
      pt:
        'Seleção de anunciantes verificadas com perfis completos, atendimento exclusivo e alto ' +
        'padrão de discrição.',
      en:
        'A selection of verified advertisers with complete profiles, exclusive service and the ' +
        'highest standard of discretion.',
    },
    keywords: {
      pt: ['premium', 'alto padrão', 'acompanhante de luxo', 'perfil verificado', 'exclusividade'],
      en: ['premium', 'high-end', 'luxury companion', 'verified profile', 'exclusive'],
    },
    metaDescription: {
      pt:
        'Anunciantes premium verificadas: perfis completos, atendimento exclusivo e discrição ' +
        'total. Contato direto com a anunciante.',
      en:
        'Verified premium advertisers: complete profiles, exclusive service and total ' +
        'discretion. Contact the advertiser directly.',
    },
    content: {
      pt:
        'A categoria Premium destaca anunciantes verificadas com perfis completos, fotos ' +
        'atualizadas e atenção especial aos detalhes, para quem busca uma experiência de alto ' +
        'padrão.\n\n' +
        'São companhias ideais para jantares, eventos e viagens, sempre com educação, ' +
        'pontualidade e discrição. Cada combinação é feita com respeito e consentimento ' +
        'mútuo.\n\n' +
        'Fale diretamente com a anunciante para conhecer a disponibilidade e combinar os ' +
        'detalhes.',
      en:
        'The Premium category highlights verified advertisers with complete profiles, up-to-date ' +
        'photos and special attention to detail, for those seeking a high-end experience.\n\n' +
        'They are ideal companions for dinners, events and travel, always with good manners, ' +
        'punctuality and discretion. Every arrangement is made with respect and mutual ' +
        'consent.\n\n' +
        'Contact the advertiser directly to check availability and agree on the details.',
    },
  },
]
