import { REMEMBER_ME_DAYS } from '#app/domain/account.ts'
import { AGE_VERIFIED_HOURS, type AgeAssuranceMode } from '#app/domain/age-assurance.ts'
import { GEO_CACHE_SECONDS } from '#app/domain/geolocation.ts'
import type { Language } from '#app/domain/language.ts'
import { formatBrl } from '#app/domain/money.ts'
import {
  CHARGE_MINUTES,
  PAYMENT_RECORD_YEARS,
  PLAN_DAYS,
  PLAN_REMINDER_DAYS,
} from '#app/domain/plans.ts'
import { REVIEW_RULES } from '#app/domain/reviews.ts'
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '#app/domain/site.ts'
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
  TERMS_SECTION_IDS,
  type TermsAudience,
  type TermsSectionId,
  WITHDRAWAL_AMOUNT,
  WITHDRAWAL_FEE,
} from '#app/domain/terms.ts'

// The terms of use shown on /{lang}/terms (SPEC §2), one document per language and audience.
// Server-only: the page's loader sends the one document it shows.
// Every block is written in both languages side by side, so the two versions keep the same
// structure, and every number comes from app/domain/terms.ts, so the text cannot drift from the
// rules the code enforces.

export type { TermsAudience, TermsSectionId } from '#app/domain/terms.ts'
export { TERMS_AUDIENCES, TERMS_SECTION_IDS } from '#app/domain/terms.ts'
export type TermsBlock =
  | { kind: 'p'; text: string }
  | { kind: 'h3'; text: string }
  | { kind: 'ul'; items: string[] }
export interface TermsSection {
  id: TermsSectionId
  title: string
  blocks: TermsBlock[]
}
export interface TermsDocument {
  title: string
  intro: string
  sections: TermsSection[]
}

/**
 * When a block or a list item shows: only while gifts are on (GIFTS=1 with Pix, issue 22 point
 * 5), only while they are off (the same sentence without them), or always (unset).
 */
type Shown = 'gifts' | 'noGifts'
/** And, for the age gate (issue 23), only with the click or only with a verification (oidc). */
type AgeShown = { age?: AgeAssuranceMode }
type Bilingual = Record<Language, string> & { shown?: Shown } & AgeShown
type BilingualBlock = (
  | { kind: 'p'; text: Bilingual }
  | { kind: 'h3'; text: Bilingual }
  | { kind: 'ul'; items: Bilingual[] }
) & { shown?: Shown } & AgeShown

const tr = (pt: string, en: string): Bilingual => ({ pt, en })
const p = (pt: string, en: string): BilingualBlock => ({ kind: 'p', text: { pt, en } })
const h3 = (pt: string, en: string): BilingualBlock => ({ kind: 'h3', text: { pt, en } })
const ul = (...items: Bilingual[]): BilingualBlock => ({ kind: 'ul', items })
/** Blocks or list items about gifts: shown only while gifts are on. */
const withGifts = <T extends Bilingual | BilingualBlock>(...parts: T[]): T[] =>
  parts.map((part) => ({ ...part, shown: 'gifts' }))
/** The same text for a site without gifts. */
const withoutGifts = <T extends Bilingual | BilingualBlock>(part: T): T => ({
  ...part,
  shown: 'noGifts',
})
/** Blocks or list items true of one age gate only: the click, or a verification (oidc). */
const withAgeGate = <T extends Bilingual | BilingualBlock>(age: AgeAssuranceMode, ...parts: T[]) =>
  parts.map((part): T => ({ ...part, age }))

// Count words for small numbers; Portuguese in the feminine, as they count "suspensões".
const COUNT_WORDS: Record<Language, readonly string[]> = {
  pt: ['zero', 'uma', 'duas', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez'],
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
}

/** The rule figures of the terms as they read in one language. */
function figures(lang: Language) {
  const cents = new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    style: 'currency',
    currency: 'BRL',
    minimumFractionDigits: 2,
  })
  const percent = new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  const month = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const days = GIFT_CREDIT_BUSINESS_DAYS
  const geoHours = Math.round(GEO_CACHE_SECONDS / 3600)
  return {
    age: String(MINIMUM_AGE),
    renewal: String(REGISTRATION_RENEWAL_MONTHS),
    nameMin: String(PROFILE_NAME_LENGTH.min),
    nameMax: String(PROFILE_NAME_LENGTH.max),
    suspensions: COUNT_WORDS[lang][SUSPENSIONS_BEFORE_BAN] ?? String(SUSPENSIONS_BEFORE_BAN),
    giftMin: formatBrl(GIFT_AMOUNT.min, lang),
    giftMax: formatBrl(GIFT_AMOUNT.max, lang),
    giftCap: formatBrl(GIFT_BIWEEKLY_CAP_PER_CLIENT, lang),
    creditDelay:
      lang === 'pt'
        ? `${days} ${days === 1 ? 'dia útil' : 'dias úteis'}`
        : `${days} business ${days === 1 ? 'day' : 'days'}`,
    withdrawalMin: formatBrl(WITHDRAWAL_AMOUNT.min, lang),
    withdrawalMax: formatBrl(WITHDRAWAL_AMOUNT.max, lang),
    feeFrom: cents.format(WITHDRAWAL_FEE.fromReais),
    feeUpTo: percent.format(WITHDRAWAL_FEE.upToPercent / 100),
    breachHours: String(BREACH_NOTICE_HOURS),
    geoCache:
      lang === 'pt'
        ? `${geoHours} ${geoHours === 1 ? 'hora' : 'horas'}`
        : `${geoHours} ${geoHours === 1 ? 'hour' : 'hours'}`,
    lastUpdated: month.format(Date.UTC(TERMS_LAST_UPDATED.year, TERMS_LAST_UPDATED.month - 1, 1)),
  }
}

const PT = figures('pt')
/** The review rules (issue 20), the same numbers the code enforces. */
const R = REVIEW_RULES
const EN = figures('en')

const SECTION_TITLES: Record<TermsSectionId, Bilingual> = {
  definicoes: tr('Definições', 'Definitions'),
  codigo_conduta: tr('Código de conduta', 'Code of conduct'),
  politica_privacidade: tr('Política de privacidade', 'Privacy policy'),
  politica_publicidade: tr('Política de publicidade', 'Advertising policy'),
}

const DOCUMENT_HEADINGS: Record<TermsAudience, { title: Bilingual; intro: Bilingual }> = {
  anunciante: {
    title: tr('Termos de uso para anunciantes', 'Terms of use for advertisers'),
    intro: tr(
      `Estes termos valem para quem anuncia no Aprova e regem o cadastro, a verificação de identidade e a publicação do seu perfil. Ao criar uma conta, publicar um anúncio ou usar o site de qualquer forma, você declara ter pelo menos ${PT.age} anos e aceita estes termos, incluindo a política de privacidade e a política de publicidade abaixo. Se não concordar com eles, não use o site.`,
      `These terms apply to everyone who advertises on Aprova and govern registration, identity verification and the publication of your profile. By creating an account, publishing an ad or using the site in any way, you confirm that you are at least ${EN.age} years old and accept these terms, including the privacy policy and the advertising policy below. If you do not agree with them, do not use the site.`,
    ),
  },
  cliente: {
    title: tr('Termos de uso para clientes', 'Terms of use for clients'),
    intro: tr(
      `Estes termos valem para quem usa o Aprova para procurar e contatar anunciantes, seja como cliente cadastrado ou como visitante sem conta. Ao navegar, criar uma conta ou entrar em contato com um anunciante, você declara ter pelo menos ${PT.age} anos e aceita estes termos, incluindo a política de privacidade e a política de publicidade abaixo. Se não concordar com eles, não use o site.`,
      `These terms apply to everyone who uses Aprova to find and contact advertisers, whether as a registered client or as a visitor without an account. By browsing, creating an account or contacting an advertiser, you confirm that you are at least ${EN.age} years old and accept these terms, including the privacy policy and the advertising policy below. If you do not agree with them, do not use the site.`,
    ),
  },
}

// ── Definitions (both audiences) ────────────────────────────────────────────────────────────

const DEFINITIONS: BilingualBlock[] = [
  p(
    'Para facilitar a leitura, as palavras abaixo têm sempre o mesmo sentido em todo este documento:',
    'To make this document easier to read, the words below always have the same meaning throughout:',
  ),
  ul(
    tr(
      'Aprova ou plataforma: o site Aprova e seus serviços, um espaço de anúncios classificados para adultos com perfis de anunciantes verificados no Brasil.',
      'Aprova or platform: the Aprova website and its services, a classified-advertising space for adults with profiles of verified advertisers in Brazil.',
    ),
    tr(
      `Anunciante: pessoa com ${PT.age} anos ou mais que, em nome próprio, publica um perfil pessoal para divulgar o seu trabalho como acompanhante.`,
      `Advertiser: a person aged ${EN.age} or over who, in their own name, publishes a personal profile to promote their own work as a companion.`,
    ),
    tr(
      `Cliente: pessoa com ${PT.age} anos ou mais que cria uma conta para pesquisar perfis, entrar em contato com anunciantes e, quando disponível, avaliá-los.`,
      `Client: a person aged ${EN.age} or over who creates an account to search profiles, contact advertisers and, where available, review them.`,
    ),
    tr(
      `Visitante: qualquer pessoa que navega pelo site sem conta. Visitantes também precisam ter ${PT.age} anos ou mais e seguir estes termos.`,
      `Visitor: anyone who browses the site without an account. Visitors must also be ${EN.age} or over and follow these terms.`,
    ),
    tr(
      'Usuário: qualquer anunciante, cliente ou visitante.',
      'User: any advertiser, client or visitor.',
    ),
    tr(
      'Perfil ou anúncio: a página pública de um anunciante, com nome de perfil, fotos, cidade, descrição, serviços, valor de referência e meios de contato.',
      'Profile or ad: an advertiser’s public page, with profile name, photos, city, description, services, reference rate and contact options.',
    ),
    tr(
      'Verificação: a conferência manual, feita pela equipe do Aprova com base em um documento de identidade válido e uma selfie, de que o anunciante é maior de idade, é quem diz ser e é a pessoa das fotos.',
      'Verification: the manual check, carried out by Aprova’s staff using a valid identity document and a selfie, that the advertiser is an adult, is who they claim to be and is the person in the photos.',
    ),
    tr(
      'Selo de verificado: a marca exibida nos perfis cuja verificação foi aprovada e está dentro do prazo de validade.',
      'Verified badge: the mark shown on profiles whose verification has been approved and has not expired.',
    ),
    tr(
      'Conteúdo: tudo o que um usuário envia ou publica, como textos, fotos, vídeos, avaliações, denúncias e dados de contato.',
      'Content: anything a user submits or publishes, such as text, photos, videos, reviews, reports and contact details.',
    ),
    tr(
      'Plano: o nível de destaque de um anúncio, gratuito ou pago, que define sua posição nas listagens.',
      'Plan: an ad’s level of prominence, free or paid, which determines its position in listings.',
    ),
    ...withGifts(
      tr(
        'Presente: valor opcional e voluntário que um cliente envia a um anunciante pela plataforma, nas condições destes termos.',
        'Gift: an optional, voluntary amount that a client sends an advertiser through the platform, on the conditions set out in these terms.',
      ),
    ),
    tr(
      'Dados pessoais: qualquer informação que identifique ou possa identificar uma pessoa, nos termos da LGPD (Lei nº 13.709/2018).',
      'Personal data: any information that identifies or could identify a person, as defined by the LGPD (Brazilian General Data Protection Law, Law No. 13,709/2018).',
    ),
    tr(
      'Equipe: as pessoas que administram, moderam e dão suporte à plataforma.',
      'Staff: the people who run, moderate and support the platform.',
    ),
  ),
  h3('O que a plataforma é, e o que não é', 'What the platform is, and what it is not'),
  p(
    'O Aprova é um espaço neutro de publicidade. Anunciantes expõem um perfil; clientes e visitantes consultam esses perfis e, se quiserem, falam diretamente com o anunciante pelo WhatsApp, Telegram ou X. A conversa, a combinação e qualquer encontro acontecem fora do site, apenas entre as duas pessoas adultas envolvidas.',
    'Aprova is a neutral advertising space. Advertisers display a profile; clients and visitors view those profiles and, if they wish, talk directly to the advertiser on WhatsApp, Telegram or X. The conversation, any arrangement and any meeting take place outside the site, solely between the two adults involved.',
  ),
  ul(
    tr(
      'O Aprova não é agência nem intermediário: não agencia, emprega, representa ou gerencia anunciantes.',
      'Aprova is not an agency or an intermediary: it does not book for, employ, represent or manage advertisers.',
    ),
    tr(
      'O Aprova não marca, organiza, acompanha nem participa de encontros, e não recebe nenhum valor, comissão ou porcentagem pelo que for combinado entre cliente e anunciante.',
      'Aprova does not arrange, organise, attend or take part in any meeting, and receives no money, commission or percentage from anything agreed between a client and an advertiser.',
    ),
    ...withGifts(
      tr(
        'Pagamentos de encontros nunca passam pelo Aprova. Os únicos valores tratados pela plataforma são os planos de anúncio pagos pelos anunciantes e o recurso opcional de presentes descrito nestes termos.',
        'Payments for meetings never pass through Aprova. The only money the platform handles is the advertising plans paid by advertisers and the optional gift feature described in these terms.',
      ),
    ),
    withoutGifts(
      tr(
        'Pagamentos de encontros nunca passam pelo Aprova. Os únicos valores tratados pela plataforma são os planos de anúncio pagos pelos anunciantes.',
        'Payments for meetings never pass through Aprova. The only money the platform handles is the advertising plans paid by advertisers.',
      ),
    ),
    tr(
      'O Aprova verifica a identidade dos anunciantes, mas não garante o comportamento de nenhum usuário nem a qualidade, a disponibilidade ou o resultado de nenhum contato.',
      'Aprova verifies advertisers’ identity, but does not guarantee any user’s behaviour or the quality, availability or outcome of any contact.',
    ),
  ),
  h3('Lei aplicável', 'Applicable law'),
  p(
    'Estes termos seguem a lei brasileira, em especial o Marco Civil da Internet (Lei nº 12.965/2014), a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018), o Estatuto da Criança e do Adolescente (Lei nº 8.069/1990), o Código Penal e, quando se aplicar à sua relação com o Aprova, o Código de Defesa do Consumidor (Lei nº 8.078/1990). Nada nestes termos limita direitos que a lei garante a você.',
    'These terms are governed by Brazilian law, in particular the Brazilian Civil Rights Framework for the Internet (Marco Civil da Internet, Law No. 12,965/2014), the General Data Protection Law (LGPD, Law No. 13,709/2018), the Statute of Children and Adolescents (Law No. 8,069/1990), the Penal Code and, where it applies to your relationship with Aprova, the Consumer Protection Code (Law No. 8,078/1990). Nothing in these terms limits rights the law grants you.',
  ),
  h3('Alterações destes termos', 'Changes to these terms'),
  p(
    `Estes termos foram atualizados pela última vez em ${PT.lastUpdated}. Quando mudarmos algo importante, avisaremos no site e, se você tiver conta, por e-mail, antes de a mudança valer. Continuar usando o site depois disso significa aceitar a nova versão. Dúvidas sobre estes termos podem ser enviadas para ${SUPPORT_EMAIL}.`,
    `These terms were last updated in ${EN.lastUpdated}. When we change anything important, we will announce it on the site and, if you have an account, by email before the change takes effect. Continuing to use the site after that means accepting the new version. Questions about these terms can be sent to ${SUPPORT_EMAIL}.`,
  ),
]

// ── Code of conduct ─────────────────────────────────────────────────────────────────────────

/** Content banned everywhere on the site, for advertisers and clients alike. */
const PROHIBITED_CONTENT: BilingualBlock[] = [
  h3('Conteúdo proibido', 'Prohibited content'),
  p(
    'Em nenhuma parte do site (perfis, fotos, descrições, avaliações ou mensagens à equipe) é permitido:',
    'Nowhere on the site (profiles, photos, descriptions, reviews or messages to staff) is the following allowed:',
  ),
  ul(
    tr(
      `Qualquer conteúdo que envolva, represente ou sugira pessoas com menos de ${PT.age} anos, inclusive fantasias, termos ou imagens que remetam a aparência infantil. A tolerância é zero: a conta é banida na hora, o material é preservado apenas como prova e o caso é comunicado às autoridades (Estatuto da Criança e do Adolescente, arts. 240 a 241-E; Código Penal, art. 218-B).`,
      `Any content that involves, depicts or suggests people under ${EN.age}, including role-play, terms or images that evoke a childlike appearance. There is zero tolerance: the account is banned at once, the material is preserved only as evidence and the case is reported to the authorities (Statute of Children and Adolescents, arts. 240 to 241-E; Penal Code, art. 218-B).`,
    ),
    tr(
      'Conteúdo íntimo ou sexual de qualquer pessoa sem o consentimento dela, como fotos de terceiros, gravações escondidas ou exposição por vingança (Código Penal, art. 218-C).',
      'Intimate or sexual content of anyone without their consent, such as photos of other people, hidden recordings or so-called revenge porn (Penal Code, art. 218-C).',
    ),
    tr(
      'Qualquer sinal de tráfico de pessoas, exploração sexual, agenciamento, rufianismo ou trabalho forçado (Código Penal, arts. 149-A e 228 a 230).',
      'Any sign of human trafficking, sexual exploitation, pimping, living off the earnings of another person or forced labour (Penal Code, arts. 149-A and 228 to 230).',
    ),
    tr(
      'Violência, ameaças, incitação ao ódio ou apologia de crimes.',
      'Violence, threats, incitement to hatred or glorification of crime.',
    ),
    tr(
      'Discriminação por raça, cor, etnia, religião, origem, gênero, orientação sexual, deficiência ou qualquer outra característica pessoal.',
      'Discrimination based on race, colour, ethnicity, religion, origin, gender, sexual orientation, disability or any other personal characteristic.',
    ),
    tr(
      'Oferta ou pedido de drogas, armas ou qualquer produto ou serviço ilegal.',
      'Offering or requesting drugs, weapons or any illegal product or service.',
    ),
    tr(
      'Dados pessoais de outras pessoas, como telefone, endereço, fotos ou documentos, publicados sem autorização.',
      'Other people’s personal data, such as phone numbers, addresses, photos or documents, published without their permission.',
    ),
    tr(
      'Spam, golpes, tentativas de fraude ou links para outros sites de anúncios.',
      'Spam, scams, attempted fraud or links to other advertising sites.',
    ),
  ),
]

const PROVIDER_CONDUCT: BilingualBlock[] = [
  p(
    'Estas regras protegem você, os clientes e a seriedade do site. Ao anunciar, você se compromete a cumpri-las.',
    'These rules protect you, clients and the integrity of the site. By advertising, you agree to follow them.',
  ),
  h3('Quem pode anunciar', 'Who may advertise'),
  ul(
    tr(`Ter ${PT.age} anos completos ou mais.`, `You must be ${EN.age} or over.`),
    tr(
      'Passar pela verificação de identidade feita manualmente pela equipe, com um documento oficial com foto, válido e em seu próprio nome (como RG, CNH ou passaporte), e uma selfie. Documentos de outra pessoa, vencidos, adulterados ou falsos não são aceitos.',
      'You must pass the identity verification carried out by hand by our staff, using a valid official photo document in your own name (such as an identity card, driving licence or passport) and a selfie. Documents that belong to someone else, have expired, have been altered or are false are not accepted.',
    ),
    tr(
      'Ter um único anúncio pessoal, identificado pelo seu CPF. Uma pessoa não pode ter dois perfis, e um perfil não pode ser usado por duas ou mais pessoas.',
      'You may have only one personal ad, identified by your CPF (Brazilian taxpayer number). One person may not have two profiles, and one profile may not be used by two or more people.',
    ),
    tr(
      `Renovar a verificação e o cadastro a cada ${PT.renewal} meses. Sem a renovação no prazo, o perfil fica oculto até que uma nova verificação seja aprovada.`,
      `You must renew your verification and registration every ${EN.renewal} months. If it is not renewed on time, the profile is hidden until a new verification is approved.`,
    ),
    tr(
      'Anunciar por vontade própria, sem ser obrigado(a), pressionado(a) ou explorado(a) por ninguém.',
      'You must advertise of your own free will, without being forced, pressured or exploited by anyone.',
    ),
    tr(
      'Manter seus dados de cadastro corretos e atualizados.',
      'You must keep your registration details accurate and up to date.',
    ),
  ),
  h3('Controle exclusivo da conta', 'Exclusive control of the account'),
  ...withGifts(
    p(
      `A conta é pessoal e intransferível. Só você pode criar, gerenciar e atualizar o anúncio, responder aos contatos e receber presentes. Não são permitidos anúncios criados ou administrados por agências, agenciadores, parceiros ou qualquer outra pessoa, mesmo com a sua autorização. Não compartilhe sua senha; se perceber uso indevido da conta, troque a senha e avise a equipe em ${SUPPORT_EMAIL}.`,
      `The account is personal and non-transferable. Only you may create, manage and update the ad, answer contacts and receive gifts. Ads created or run by agencies, agents, partners or anyone else are not allowed, even with your permission. Do not share your password; if you notice any misuse of your account, change your password and tell our staff at ${SUPPORT_EMAIL}.`,
    ),
  ),
  withoutGifts(
    p(
      `A conta é pessoal e intransferível. Só você pode criar, gerenciar e atualizar o anúncio e responder aos contatos. Não são permitidos anúncios criados ou administrados por agências, agenciadores, parceiros ou qualquer outra pessoa, mesmo com a sua autorização. Não compartilhe sua senha; se perceber uso indevido da conta, troque a senha e avise a equipe em ${SUPPORT_EMAIL}.`,
      `The account is personal and non-transferable. Only you may create, manage and update the ad and answer contacts. Ads created or run by agencies, agents, partners or anyone else are not allowed, even with your permission. Do not share your password; if you notice any misuse of your account, change your password and tell our staff at ${SUPPORT_EMAIL}.`,
    ),
  ),
  h3('Nome do perfil', 'Profile name'),
  ul(
    tr(
      `Deve ter de ${PT.nameMin} a ${PT.nameMax} caracteres.`,
      `It must be ${EN.nameMin} to ${EN.nameMax} characters long.`,
    ),
    tr(
      'Deve usar apenas letras, com ou sem acento, e espaços: sem números, símbolos ou emojis.',
      'It may contain only letters, with or without accents, and spaces: no numbers, symbols or emojis.',
    ),
    tr(
      'Não pode conter nomes de cidades, bairros, estados ou outros lugares, nem palavras usadas só para aparecer em buscas.',
      'It may not contain the names of cities, neighbourhoods, states or other places, or words used only to show up in searches.',
    ),
    tr(
      'Não pode imitar o nome de outro anunciante, de pessoas famosas ou de marcas.',
      'It may not imitate the name of another advertiser, a famous person or a brand.',
    ),
  ),
  p(
    'A equipe pode recusar um nome que não siga estas regras ou pedir que ele seja trocado.',
    'Staff may refuse a name that breaks these rules or ask for it to be changed.',
  ),
  h3('Relação com os clientes', 'Dealing with clients'),
  p(
    'Você decide livremente com quem conversa, o que combina, seus valores, horários e limites, e pode recusar qualquer pessoa, a qualquer momento, sem precisar se justificar. O Aprova não participa dessas combinações. Nunca é permitido pedir pagamento antecipado por Pix para “reservar” um encontro (orientamos os clientes a nunca pagar adiantado, e esses pedidos são tratados como suspeita de golpe), nem usar os dados de um cliente para expor, ameaçar ou chantagear, ou gravar alguém sem autorização.',
    'You are free to decide whom you talk to, what you agree to, your rates, hours and limits, and you may turn anyone down at any time without giving a reason. Aprova takes no part in these arrangements. You may never ask for payment in advance by Pix to “book” a meeting (we tell clients never to pay in advance, and such requests are treated as a suspected scam), use a client’s details to expose, threaten or blackmail them, or record anyone without their permission.',
  ),
  h3('Avaliações do seu perfil', 'Reviews of your profile'),
  p(
    `Clientes que abriram o seu contato pelo site, com uma conta de cliente confirmada, podem avaliar o seu perfil ${R.contactWaitHours} horas depois: nota, se as fotos correspondem e um texto, com o nome de exibição do cliente. Você recebe um e-mail a cada nova avaliação, pode responder uma vez, publicamente (até 500 caracteres, com as mesmas regras das avaliações), e pode denunciar à equipe uma avaliação falsa, ofensiva ou com dados pessoais. Você não pode apagar avaliações; a equipe analisa as denúncias e pode ocultar ou remover o que descumprir as regras. Avaliações não mudam a ordem de exibição.`,
    `Clients who opened your contact through the site, with a confirmed client account, may review your profile ${R.contactWaitHours} hours later: a rating, whether the photos match and a text, with the client’s display name. You receive an e-mail for every new review, may reply once, publicly (up to 500 characters, under the same rules as reviews), and may report to staff a review that is fake, offensive or holds personal data. You cannot delete reviews; staff look at reports and may hide or remove what breaks the rules. Reviews do not change the display order.`,
  ),
  ...PROHIBITED_CONTENT,
  h3('Sua segurança', 'Your safety'),
  ul(
    tr(
      'Combine encontros em lugares seguros e conhecidos e avise uma pessoa de confiança sobre onde e com quem você estará.',
      'Arrange meetings in safe, familiar places and let someone you trust know where you will be and with whom.',
    ),
    tr(
      'Desconfie de quem pede seus documentos, dados bancários, códigos recebidos por SMS ou fotos íntimas além das que você decidiu publicar.',
      'Be wary of anyone who asks for your documents, bank details, codes received by text message or intimate photos beyond those you chose to publish.',
    ),
    tr(
      'Nunca informe a ninguém o código de verificação do WhatsApp: com ele, sua conta pode ser clonada.',
      'Never give anyone your WhatsApp verification code: it can be used to take over your account.',
    ),
    tr(
      'Em caso de violência ou ameaça, ligue 190 (Polícia Militar) ou 180 (Central de Atendimento à Mulher).',
      'In case of violence or threats, call 190 (Military Police) or 180 (Women’s Assistance Hotline).',
    ),
  ),
  h3('Denúncias', 'Reporting'),
  p(
    `Se você sofrer ameaça, assédio ou tentativa de golpe, ou suspeitar de um perfil falso ou de alguém menor de idade, avise a equipe em ${SUPPORT_EMAIL}. As denúncias são analisadas pela equipe, e a identidade de quem denuncia não é revelada à pessoa denunciada.`,
    `If you are threatened, harassed or targeted by a scam, or you suspect a fake profile or someone under age, tell our staff at ${SUPPORT_EMAIL}. Reports are reviewed by staff, and the identity of the person reporting is never revealed to the person reported.`,
  ),
  h3('Suspensão, banimento e ocultação', 'Suspension, ban and hiding'),
  p(
    'Quando estes termos forem descumpridos, a plataforma pode, conforme a gravidade, ocultar, suspender ou banir o perfil. Sempre que possível, informamos o motivo por e-mail, e você pode contestar a decisão pelo suporte.',
    'When these terms are broken, the platform may, depending on how serious the breach is, hide, suspend or ban the profile. Whenever possible we will tell you the reason by email, and you may challenge the decision through support.',
  ),
  ul(
    tr(
      'Ocultação: o perfil deixa de aparecer nas listagens, na busca e na sua página, sem ser excluído. Acontece, por exemplo, enquanto uma denúncia é analisada, quando a verificação vence ou quando faltam informações. O perfil volta ao ar quando a situação é resolvida.',
      'Hiding: the profile stops appearing in listings, in search and on its own page, without being deleted. This happens, for example, while a report is being reviewed, when verification expires or when information is missing. The profile goes back online once the matter is resolved.',
    ),
    tr(
      `Suspensão: medida temporária, por um número definido de dias. Durante a suspensão, o perfil não aparece no site. Para reativar o anúncio, é cobrada uma taxa de retorno igual ao número de dias de suspensão multiplicado pelo valor diário do seu plano (o preço do plano dividido por ${PLAN_DAYS} dias; no plano Gratuito, não há taxa). Os dias do seu plano pago ficam parados durante a suspensão: quando o perfil volta ao ar, o fim do plano é adiado pelo tempo em que ficou suspenso.`,
      `Suspension: a temporary measure for a set number of days. While suspended, the profile does not appear on the site. To reactivate the ad, a return fee is charged equal to the number of days of suspension multiplied by the daily value of your plan (the plan’s price divided by ${PLAN_DAYS} days; on the Free plan there is no fee). The days of your paid plan stand still during the suspension: when the profile goes back online, the plan’s end moves on by the time it was suspended.`,
    ),
    tr(
      `Banimento: exclusão permanente, sem possibilidade de novo cadastro. Acontece automaticamente após ${PT.suspensions} suspensões consecutivas, e imediatamente em caso de documento falso ou de outra pessoa, anúncio compartilhado entre pessoas, conteúdo falso (como fotos que não são suas ou dados enganosos) ou qualquer conteúdo envolvendo menores de idade.`,
      `Ban: permanent removal, with no possibility of registering again. It happens automatically after ${EN.suspensions} consecutive suspensions, and immediately for a false document or one belonging to someone else, an ad shared between people, false content (such as photos that are not of you or misleading information) or any content involving minors.`,
    ),
  ),
]

const CLIENT_CONDUCT: BilingualBlock[] = [
  p(
    'Estas regras protegem os anunciantes, os outros usuários e você. Ao usar o site, você se compromete a cumpri-las.',
    'These rules protect advertisers, other users and you. By using the site, you agree to follow them.',
  ),
  h3('Quem pode usar', 'Who may use the site'),
  ul(
    ...withAgeGate(
      'click',
      tr(
        `Ter ${PT.age} anos completos ou mais. Visitantes confirmam a idade ao entrar no site, e clientes informam a data de nascimento no cadastro.`,
        `You must be ${EN.age} or over. Visitors confirm their age when they enter the site, and clients give their date of birth when they register.`,
      ),
    ),
    ...withAgeGate(
      'oidc',
      tr(
        `Ter ${PT.age} anos completos ou mais. Visitantes comprovam a idade ao entrar no site, com um serviço de verificação de idade, e clientes informam a data de nascimento no cadastro.`,
        `You must be ${EN.age} or over. Visitors prove their age with an age verification service when they enter the site, and clients give their date of birth when they register.`,
      ),
    ),
    tr(
      'Informar dados verdadeiros no cadastro e mantê-los atualizados.',
      'You must give accurate information when you register and keep it up to date.',
    ),
    tr(
      'Usar o site apenas para fins pessoais e não comerciais, com uma conta só sua, que não deve ser compartilhada.',
      'You may use the site only for personal, non-commercial purposes, with an account of your own that must not be shared.',
    ),
  ),
  h3('Respeito aos anunciantes', 'Respect for advertisers'),
  ul(
    tr(
      'Trate os anunciantes com respeito e educação, no site e fora dele. Eles decidem livremente com quem conversam, o que combinam e quais são seus limites; um “não” encerra o assunto.',
      'Treat advertisers with respect and courtesy, on the site and off it. They are free to decide whom they talk to, what they agree to and what their limits are; a “no” ends the matter.',
    ),
    tr(
      'Não insista, não persiga e não assedie. Mensagens repetidas depois de uma recusa, ofensas, ameaças ou perseguição são proibidas e podem ser crime (Código Penal, arts. 147 e 147-A).',
      'Do not pester, stalk or harass. Repeated messages after a refusal, insults, threats or stalking are forbidden and may be a crime (Penal Code, arts. 147 and 147-A).',
    ),
    tr(
      'Não grave, fotografe ou filme nenhum anunciante sem autorização expressa, e nunca divulgue imagens íntimas de ninguém (Código Penal, art. 218-C).',
      'Do not record, photograph or film any advertiser without their express permission, and never share anyone’s intimate images (Penal Code, art. 218-C).',
    ),
    tr(
      'Não compartilhe, publique ou repasse contatos, fotos ou informações de anunciantes fora do site.',
      'Do not share, publish or pass on advertisers’ contact details, photos or information outside the site.',
    ),
    tr(
      'Não copie o conteúdo do site de forma automatizada (robôs, “scraping” ou programas semelhantes) nem monte bases de dados com perfis.',
      'Do not copy the site’s content by automated means (bots, scraping or similar programs) or build databases of profiles.',
    ),
    tr(
      'Não tente descobrir o nome civil, o endereço ou outros dados pessoais de um anunciante além do que ele ou ela publicou.',
      'Do not try to find out an advertiser’s legal name, address or other personal data beyond what they have published.',
    ),
  ),
  h3('Avaliações', 'Reviews'),
  p(
    `Você pode avaliar um perfil com uma conta de cliente confirmada, criada há pelo menos ${R.accountAgeDays} dias, se abriu o contato dele pelos botões do site, com a conta, há pelo menos ${R.contactWaitHours} horas. Cada conta avalia o mesmo perfil uma vez a cada ${R.perProfileDays} dias e escreve no máximo ${R.perDay} avaliações por dia. A avaliação mostra a nota, se as fotos correspondem, o texto e a data, com o seu nome de exibição e nada mais.`,
    `You may review a profile with a confirmed client account created at least ${R.accountAgeDays} days ago, if you opened its contact through the site's buttons, signed in, at least ${R.contactWaitHours} hours before. Each account reviews the same profile once every ${R.perProfileDays} days and writes at most ${R.perDay} reviews a day. A review shows the rating, whether the photos match, the text and the date, with your display name and nothing else.`,
  ),
  ul(
    tr(
      'Seja honesto e fale só da sua própria experiência.',
      'Be honest and speak only of your own experience.',
    ),
    tr(
      'Não escreva telefones, perfis de contato, links, e-mails, valores, termos sexuais explícitos nem dados pessoais de ninguém: o site recusa o texto e diz o que mudar.',
      'Do not write phone numbers, contact handles, links, e-mail addresses, prices, explicit sexual terms or anyone’s personal data: the site refuses the text and says what to change.',
    ),
    tr(
      'Algumas avaliações passam pela equipe antes de aparecer, para evitar avaliações falsas. A equipe pode ocultar ou remover uma avaliação que descumpra estas regras e registra o motivo.',
      'Some reviews go to staff before they appear, to keep out fake reviews. Staff may hide or remove a review that breaks these rules, and record why.',
    ),
    tr(
      'O anunciante pode responder uma vez, publicamente, e denunciar a avaliação à equipe; não pode apagá-la. Avaliações nunca mudam a ordem dos perfis.',
      'The advertiser may reply once, publicly, and report the review to staff; they cannot delete it. Reviews never change the order of profiles.',
    ),
    tr(
      'Se você marcar que a avaliação pode ser citada, a equipe pode escolher um trecho dela como depoimento na página inicial, com o seu nome de exibição.',
      'If you tick that the review may be quoted, staff may choose an excerpt of it as a testimonial on the home page, with your display name.',
    ),
  ),
  h3('Atividades ilegais', 'Illegal activity'),
  p(
    `É proibido usar o site para qualquer atividade ilegal, como procurar contato com pessoas com menos de ${PT.age} anos, agenciar ou lucrar com a atividade de outra pessoa, tráfico de pessoas, oferta ou pedido de drogas, golpes ou coação. Suspeitas dessas práticas são comunicadas às autoridades.`,
    `Using the site for any illegal activity is forbidden, such as seeking contact with people under ${EN.age}, acting as an agent for or profiting from another person’s work, human trafficking, offering or requesting drugs, scams or coercion. Suspicions of such practices are reported to the authorities.`,
  ),
  ...PROHIBITED_CONTENT,
  h3('Sua segurança', 'Your safety'),
  ul(
    tr(
      'Nunca pague adiantado por Pix, transferência ou cartão para “reservar” ou “garantir” um encontro, principalmente a números desconhecidos ou diferentes do que aparece no perfil. O “golpe do Pix”, em que alguém pede um sinal e desaparece ou se passa por anunciante, é o golpe mais comum neste meio.',
      'Never pay in advance by Pix, bank transfer or card to “book” or “secure” a meeting, especially to unknown numbers or numbers other than the one on the profile. The “Pix scam”, in which someone asks for a deposit and disappears or poses as an advertiser, is the most common scam in this field.',
    ),
    tr(
      'Use os botões de contato do próprio perfil no Aprova e desconfie de quem diz ser anunciante, mas fala de outro número.',
      'Use the contact buttons on the profile itself on Aprova, and be wary of anyone who claims to be an advertiser but writes from another number.',
    ),
    tr(
      'Encontre-se em lugares seguros e conhecidos e avise alguém de confiança.',
      'Meet in safe, familiar places and let someone you trust know.',
    ),
    tr(
      'Desconfie de fotos perfeitas demais, valores muito abaixo do comum e pressa para receber.',
      'Be wary of photos that look too perfect, rates far below the usual and pressure to pay quickly.',
    ),
    tr(
      'Se for vítima de golpe ou ameaça, registre um boletim de ocorrência (muitos estados aceitam pela internet) e avise a equipe.',
      'If you are the victim of a scam or a threat, file a police report (many states accept them online) and let our staff know.',
    ),
  ),
  h3('Denúncias', 'Reporting'),
  p(
    `Ajude a manter o site seguro. Avise a equipe em ${SUPPORT_EMAIL} se encontrar:`,
    `Help keep the site safe. Tell our staff at ${SUPPORT_EMAIL} if you come across:`,
  ),
  ul(
    tr('fotos falsas ou de outra pessoa;', 'fake photos or photos of someone else;'),
    tr(
      'pedidos de pagamento antecipado por Pix ou outras tentativas de golpe;',
      'requests for advance payment by Pix or other attempted scams;',
    ),
    tr('ameaças, chantagem ou assédio;', 'threats, blackmail or harassment;'),
    tr(
      `qualquer indício de que um anunciante tem menos de ${PT.age} anos ou está sendo explorado. Nesses casos, denuncie também ao Disque 100 ou à SaferNet (denuncie.org.br).`,
      `any sign that an advertiser is under ${EN.age} or is being exploited. In such cases, also report it to Disque 100 (the national human-rights hotline) or to SaferNet (denuncie.org.br).`,
    ),
  ),
  p(
    'As denúncias são analisadas pela equipe, e a identidade de quem denuncia não é revelada.',
    'Reports are reviewed by staff, and the identity of the person reporting is never revealed.',
  ),
  h3('Consequências', 'Consequences'),
  p(
    'Clientes que descumprirem estas regras podem ter a conta suspensa ou encerrada definitivamente, além de, quando for o caso, terem os fatos comunicados às autoridades. Sempre que possível, informamos o motivo, e você pode contestar a decisão pelo suporte.',
    'Clients who break these rules may have their account suspended or permanently closed and, where appropriate, the facts reported to the authorities. Whenever possible we will tell you the reason, and you may challenge the decision through support.',
  ),
]

// ── Privacy policy (both audiences) ─────────────────────────────────────────────────────────

const PRIVACY: BilingualBlock[] = [
  p(
    'Esta política explica quais dados pessoais o Aprova trata, para quê, com quem os compartilha, por quanto tempo os guarda e como você exerce seus direitos, nos termos da Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018). O Aprova é o controlador dos dados descritos aqui.',
    'This policy explains what personal data Aprova processes, for what purpose, with whom it is shared, how long it is kept and how you can exercise your rights under the General Data Protection Law (LGPD, Law No. 13,709/2018). Aprova is the controller of the data described here.',
  ),
  h3('Quais dados tratamos', 'What data we process'),
  ul(
    tr(
      'Dados de conta: e-mail, senha (guardada apenas como hash irreversível, nunca legível), tipo de conta e, para clientes, nome de exibição, apresentação e data de nascimento. Se você entrar com o Google, recebemos dessa conta o seu nome e e-mail.',
      'Account data: email address, password (stored only as an irreversible hash, never readable), account type and, for clients, display name, self-description and date of birth. If you sign in with Google, we receive your name and email address from that account.',
    ),
    tr(
      'Dados do perfil do anunciante: nome de perfil, idade, cidade, descrição, serviços, valor de referência, disponibilidade, plano, fotos e os contatos de WhatsApp, Telegram ou X que você escolher publicar.',
      'Advertiser profile data: profile name, age, city, description, services, reference rate, availability, plan, photos and the WhatsApp, Telegram or X contacts you choose to publish.',
    ),
    tr(
      'Dados de verificação do anunciante: documento de identidade, selfie e CPF. Servem só para confirmar idade e identidade, são vistos apenas pela equipe de verificação e nunca são publicados. Depois da análise, o documento e a selfie são apagados; guardamos só a decisão (resultado e data) e um hash, um código que comprova qual arquivo foi analisado sem permitir reconstruí-lo. O CPF é mantido para garantir um único anúncio por pessoa.',
      'Advertiser verification data: identity document, selfie and CPF. They are used only to confirm age and identity, are seen only by the verification staff and are never published. Once the review is done, the document and selfie are deleted; we keep only the decision (outcome and date) and a hash, a code that proves which file was reviewed without allowing it to be rebuilt. The CPF is kept to ensure only one ad per person.',
    ),
    tr(
      'Fotos: antes da publicação, removemos os metadados dos arquivos (como localização GPS, data e modelo do aparelho) e geramos novas versões da imagem.',
      'Photos: before publication, we strip the files’ metadata (such as GPS location, date and device model) and generate new versions of the image.',
    ),
    tr(
      'Estatísticas: contamos, por dia, quantas vezes cada perfil foi visto e quantas vezes seus botões de contato foram usados. Não guardamos o endereço IP dos visitantes: para não contar a mesma pessoa duas vezes no mesmo dia, guardamos no nosso banco de dados (ou no nosso servidor de cache) um código irreversível, calculado a partir do IP com uma chave secreta e um valor aleatório sorteado para aquele dia. O código e o valor do dia são apagados quando o dia termina (horário de Brasília); a partir daí nada liga o código a um endereço. O anunciante vê apenas os totais.',
      'Statistics: we count, per day, how many times each profile was viewed and how many times its contact buttons were used. We do not store visitors’ IP addresses: to avoid counting the same person twice on the same day, we keep in our database (or our cache server) an irreversible code, computed from the IP address with a secret key and a random value drawn for that day. The code and the day’s value are deleted when the day ends (Brasília time); from then on nothing links the code to an address. Advertisers see only the totals.',
    ),
    tr(
      'Limites contra abusos: para limitar tentativas de entrar na conta, cadastros, pedidos de nova senha, e-mails enviados e cliques repetidos, contamos as solicitações de cada endereço IP e de cada e-mail. Guardamos só um código irreversível, calculado com uma chave secreta, e a contagem, que são apagados em pouco mais de uma hora.',
      'Abuse limits: to limit sign-in attempts, sign-ups, password-reset requests, e-mails sent and repeated clicks, we count the requests of each IP address and each e-mail address. We keep only an irreversible code, computed with a secret key, and the count, and both are deleted within a little over an hour.',
    ),
    tr(
      `Cidade aproximada: estimamos a sua cidade a partir do endereço IP, com uma base de dados local, para mostrar perfis próximos. O IP não é guardado nem enviado a terceiros, e a cidade estimada fica guardada no seu navegador por até ${PT.geoCache}.`,
      `Approximate city: we estimate your city from your IP address, using a local database, to show nearby profiles. The IP address is neither stored nor sent to third parties, and the estimated city is kept in your browser for up to ${EN.geoCache}.`,
    ),
    tr(
      'Pagamentos de planos e de taxas de retorno: o que foi pago, o valor, as datas, o identificador da cobrança e o da transação Pix. Não guardamos os dados bancários de quem pagou (nome, CPF ou conta), mesmo quando a instituição de pagamento os informa.',
      'Payments for plans and return fees: what was paid for, the amount, the dates, the charge’s identifier and the Pix transaction’s. We do not keep the payer’s bank details (name, CPF or account), even when the payment institution provides them.',
    ),
    tr(
      'Presentes e saques, quando usados: valores, datas e a chave Pix do tipo CPF ou CNPJ informada para saque.',
      'Gifts and withdrawals, when used: amounts, dates and the CPF or CNPJ type Pix key given for withdrawals.',
    ),
    tr(
      'Avaliações: a nota, se as fotos correspondem, o texto, a data e, se houver, a resposta do anunciante, publicados com o nome de exibição de quem avaliou. Para saber que uma conta de cliente pode avaliar um perfil, guardamos que ela abriu o contato dele pelo site (qual perfil, e as datas do primeiro e do último contato), e para mais nada. Para evitar avaliações falsas, guardamos com cada avaliação um código irreversível do endereço IP e outro do navegador (um cookie criado só ao avaliar).',
      'Reviews: the rating, whether the photos match, the text, the date and the advertiser’s reply, if any, published with the reviewer’s display name. To know that a client account may review a profile, we keep that it opened the profile’s contact through the site (which profile, and the dates of the first and last contact), and for nothing else. To keep out fake reviews, we keep with each review an irreversible code of the IP address and another of the browser (a cookie created only when reviewing).',
    ),
    // Issue 23 point 5: what two-step verification and the sessions list keep.
    tr(
      'Segurança da conta: se você ativar a verificação em duas etapas, a chave do aplicativo autenticador e os códigos de recuperação, guardados cifrados. De cada sessão aberta, o navegador e o sistema do aparelho, o endereço IP, quando ela começou, a última atividade e quando você confirmou sua identidade pela última vez; na página de segurança da conta mostramos a você o aparelho e um local aproximado, estimado do IP com uma base de dados local, para você encerrar o que não reconhecer. Guardamos também os aparelhos (só o navegador e o sistema, sem endereço) de onde a conta já entrou, para avisar você por e-mail quando ela for acessada de um aparelho novo.',
      'Account security: if you turn on two-step verification, the authenticator app’s key and the backup codes, stored encrypted. Of each open session, the device’s browser and system, the IP address, when it began, its last activity and when you last confirmed who you are; on the account security page we show you the device and an approximate place, estimated from the IP address with a local database, so you can end what you do not recognise. We also keep the devices (only the browser and system, no address) your account has signed in from, to tell you by e-mail when it is accessed from a new one.',
    ),
    tr(
      'Denúncias e suporte: o conteúdo das mensagens que você nos envia e os dados necessários para apurá-las.',
      'Reports and support: the content of the messages you send us and the data needed to look into them.',
    ),
  ),
  p(
    `Não pedimos nem aceitamos dados de pessoas com menos de ${PT.age} anos. Se descobrirmos que um cadastro pertence a um menor de idade, a conta é encerrada e os dados são apagados, exceto o que for necessário para comunicar o caso às autoridades.`,
    `We do not ask for or accept data from people under ${EN.age}. If we find that an account belongs to a minor, it is closed and the data deleted, except what is needed to report the case to the authorities.`,
  ),
  // Issue 23 point 5: what the age verification keeps, and for how long (AGE_ASSURANCE=oidc).
  ...withAgeGate(
    'oidc',
    h3('Verificação de idade', 'Age verification'),
    p(
      `Para entrar no site, você comprova que tem ${PT.age} anos ou mais com um serviço externo de verificação de idade (um provedor de identidade ou um serviço certificado de verificação), como pede o ECA Digital (Lei nº 15.211/2025, art. 9º). Da resposta desse serviço, o Aprova lê uma única informação, a sua idade (a data de nascimento ou a resposta “maior de ${PT.age}”), usa-a na hora para decidir se você pode entrar e não a guarda; o que mais o serviço enviar junto é descartado. Não guardamos quem você é: nem nome, nem e-mail, nem o identificador da sua conta no serviço, nem a data de nascimento.`,
      `To enter the site, you prove that you are ${EN.age} or older with an external age verification service (an identity provider or a certified verification service), as the ECA Digital (Law No. 15,211/2025, art. 9) requires. Of that service’s answer, Aprova reads one piece of information, your age (your date of birth or an “over ${EN.age}” answer), uses it there and then to decide whether you may enter, and does not keep it; anything else the service sends with it is discarded. We do not keep who you are: not your name, e-mail address, account identifier at the service or date of birth.`,
    ),
    p(
      `Guardamos apenas, em um cookie no seu próprio aparelho, “maior de ${PT.age} até” uma data e hora, assinado para não poder ser alterado, por no máximo ${AGE_VERIFIED_HOURS} horas. Esse valor é o mesmo para todos que se verificaram na mesma hora e não identifica você, e nada da verificação fica nos nossos servidores. Passado esse prazo, em outro navegador ou se você apagar os cookies, a verificação é pedida de novo.`,
      `We keep only, in a cookie on your own device, “over ${EN.age} until” a date and time, signed so that it cannot be altered, for ${AGE_VERIFIED_HOURS} hours at most. That value is the same for everyone verified in the same hour and does not identify you, and nothing of the verification stays on our servers. After that time, in another browser or if you clear your cookies, you are asked to verify again.`,
    ),
    p(
      'Base legal: cumprimento de obrigação legal (LGPD, art. 7º, II, e ECA Digital, art. 9º). O serviço de verificação trata os dados que você informar a ele segundo a política de privacidade dele; o Aprova não envia a ele a página que você estava vendo nem nenhum outro dado seu.',
      'Legal basis: compliance with a legal obligation (LGPD, art. 7, II, and ECA Digital, art. 9). The verification service processes the data you give it under its own privacy policy; Aprova does not send it the page you were viewing or any other data of yours.',
    ),
  ),
  h3('Cookies e armazenamento no navegador', 'Cookies and browser storage'),
  p(
    'Usamos cookies apenas para estas finalidades: lembrar o idioma escolhido, lembrar a cidade aproximada, lembrar que você confirmou ter 18 anos ou mais, manter a sua sessão quando você entra na conta (e, na verificação em duas etapas, lembrar por até 10 minutos que a senha já foi conferida) e, só para quem escreve uma avaliação, reconhecer o navegador para evitar avaliações falsas. Não usamos cookies de publicidade, de rastreamento entre sites ou de redes sociais. O navegador também guarda no seu próprio aparelho uma cópia dessa confirmação e os perfis marcados como favoritos; você pode apagá-los limpando os dados do site no navegador.',
    'We use cookies for these purposes only: to remember the language you chose, to remember your approximate city, to remember that you confirmed you are 18 or older, to keep you signed in to your account (and, during two-step verification, to remember for up to 10 minutes that the password was checked) and, only for someone who writes a review, to recognise the browser to keep out fake reviews. We do not use advertising, cross-site tracking or social-media cookies. Your browser also keeps, on your own device, a copy of that confirmation and the profiles you mark as favourites; you can erase them by clearing the site’s data in your browser.',
  ),
  h3(
    'Para que usamos os dados e com qual base legal',
    'Why we use the data and on what legal basis',
  ),
  ul(
    tr(
      'Criar e manter a sua conta, publicar o perfil e prestar o serviço contratado: execução de contrato (LGPD, art. 7º, V).',
      'Creating and maintaining your account, publishing the profile and providing the service you signed up for: performance of a contract (LGPD, art. 7, V).',
    ),
    tr(
      'Verificar a idade e a identidade dos anunciantes e impedir fraudes e perfis falsos: prevenção à fraude e segurança do titular nos processos de identificação e autenticação de cadastro (art. 11, II, “g”); para guardar a decisão e o hash, exercício regular de direitos (art. 11, II, “d”).',
      'Verifying advertisers’ age and identity and preventing fraud and fake profiles: fraud prevention and the data subject’s security in identification and registration-authentication processes (art. 11, II, “g”); for keeping the decision and the hash, the regular exercise of rights (art. 11, II, “d”).',
    ),
    tr(
      'Publicar informações do perfil que dizem respeito à vida sexual do anunciante, que a LGPD considera dados sensíveis: consentimento específico e destacado, dado no cadastro (art. 11, I), que pode ser revogado a qualquer momento com a retirada do anúncio.',
      'Publishing profile information relating to the advertiser’s sex life, which the LGPD treats as sensitive data: specific, highlighted consent given at registration (art. 11, I), which may be withdrawn at any time by taking the ad down.',
    ),
    tr(
      'Cobrar os planos e as taxas de retorno e emitir recibos: execução de contrato (art. 7º, V); guardar os registros de pagamento: cumprimento de obrigação legal (art. 7º, II, e art. 16, I).',
      'Charging for plans and return fees and sending receipts: performance of a contract (art. 7, V); keeping the payment records: compliance with a legal obligation (art. 7, II, and art. 16, I).',
    ),
    tr(
      'Registrar os contatos que permitem avaliar e proteger as avaliações contra fraude: legítimo interesse (art. 7º, IX), com o mínimo de dados e pelo tempo indicado abaixo.',
      'Keeping the contacts that allow a review and protecting reviews from fraud: legitimate interest (art. 7, IX), with the minimum of data and for the time given below.',
    ),
    tr(
      'Estatísticas, lembrança de idioma e cidade, segurança do site e prevenção de abusos: legítimo interesse (art. 7º, IX), sempre com o mínimo de dados e sem identificar visitantes.',
      'Statistics, remembering language and city, site security and abuse prevention: legitimate interest (art. 7, IX), always with the minimum of data and without identifying visitors.',
    ),
    tr(
      'Atender autoridades e guardar registros exigidos por lei: cumprimento de obrigação legal (art. 7º, II) e exercício regular de direitos (art. 7º, VI).',
      'Responding to authorities and keeping records required by law: compliance with a legal obligation (art. 7, II) and the regular exercise of rights (art. 7, VI).',
    ),
  ),
  h3('Com quem compartilhamos', 'Who we share data with'),
  p(
    'Não vendemos, alugamos nem cedemos dados pessoais a ninguém. Os dados só saem do Aprova nestes casos:',
    'We do not sell, rent or give away personal data to anyone. Data leaves Aprova only in these cases:',
  ),
  ul(
    tr(
      'Operadores que trabalham para nós, como hospedagem, armazenamento de arquivos, envio de e-mails, a instituição de pagamento que recebe os Pix dos planos (que recebe só o valor e a descrição de cada cobrança) e, se você escolher, login com o Google, sempre por contrato e apenas para prestar o serviço.',
      'Processors working for us, such as hosting, file storage, email delivery, the payment institution that receives the Pix for plans (which receives only each charge’s amount and description) and, if you choose it, Google sign-in, always under contract and only to provide the service.',
    ),
    tr(
      'Autoridades públicas, quando a lei exigir ou houver ordem judicial, e sempre que houver indícios de exploração sexual de crianças e adolescentes, tráfico de pessoas ou outro crime grave.',
      'Public authorities, when the law requires it or a court orders it, and whenever there are signs of sexual exploitation of children and adolescents, human trafficking or another serious crime.',
    ),
    tr(
      'O público em geral, somente quanto às informações que o anunciante decide publicar no próprio perfil.',
      'The general public, only as regards the information an advertiser chooses to publish on their own profile.',
    ),
  ),
  p(
    'Se algum operador tratar dados fora do Brasil, isso só acontecerá com as garantias exigidas pelos arts. 33 a 36 da LGPD.',
    'If any processor handles data outside Brazil, this will happen only with the safeguards required by arts. 33 to 36 of the LGPD.',
  ),
  h3('Por quanto tempo guardamos', 'How long we keep data'),
  ul(
    tr(
      'Documento e selfie de verificação: apenas até o fim da análise; depois ficam só a decisão e o hash.',
      'Verification document and selfie: only until the review ends; after that only the decision and the hash remain.',
    ),
    tr(
      'Dados de conta e de perfil: enquanto a conta existir. Ao excluir a conta, o perfil sai do ar na hora e os dados são apagados, salvo o que a lei obrigar a guardar.',
      'Account and profile data: for as long as the account exists. When you delete your account, the profile goes offline at once and the data is deleted, except what the law requires us to keep.',
    ),
    tr(
      'Registros de acesso à conta (data, hora e endereço IP de cada entrada na conta): 6 meses, como exige o art. 15 do Marco Civil da Internet, entregues somente por ordem judicial. Quem navega sem conta não gera esses registros.',
      'Account access records (date, time and IP address of each sign-in): 6 months, as art. 15 of the Marco Civil da Internet requires, handed over only under a court order. Browsing without an account creates no such records.',
    ),
    tr(
      `Segurança da conta: a chave e os códigos da verificação em duas etapas, enquanto ela estiver ativada (desativá-la ou excluir a conta os apaga); cada sessão, até você sair, encerrá-la na página de segurança ou ela expirar (no máximo ${REMEMBER_ME_DAYS} dias sem uso); os aparelhos de onde a conta entrou, enquanto a conta existir.`,
      `Account security: the two-step verification key and codes, while it is on (turning it off or deleting the account deletes them); each session, until you sign out, end it on the security page or it expires (${REMEMBER_ME_DAYS} days without use at most); the devices your account signed in from, as long as the account exists.`,
    ),
    tr(
      `Contatos que permitem avaliar: ${R.contactKeepDays} dias depois do último contato. Códigos de endereço e de navegador das avaliações: ${R.networkKeepDays} dias. Avaliações: enquanto existirem a conta de quem avaliou e o perfil avaliado; excluir a conta de cliente apaga as avaliações dela, e excluir a conta do anunciante apaga as avaliações do perfil.`,
      `Contacts that allow a review: ${R.contactKeepDays} days after the last contact. Address and browser codes of reviews: ${R.networkKeepDays} days. Reviews: as long as the reviewer’s account and the reviewed profile exist; deleting a client account deletes its reviews, and deleting an advertiser’s account deletes the reviews of the profile.`,
    ),
    tr(
      'Estatísticas: apenas totais por perfil e por dia, sem dados de visitantes. Os códigos que evitam contar a mesma pessoa duas vezes são apagados ao fim de cada dia.',
      'Statistics: only totals per profile and per day, with no visitor data. The codes that avoid counting the same person twice are deleted at the end of each day.',
    ),
    ...withAgeGate(
      'oidc',
      tr(
        `Verificação de idade: nada nos nossos servidores; no seu aparelho, o cookie “maior de ${PT.age} até” por no máximo ${AGE_VERIFIED_HOURS} horas.`,
        `Age verification: nothing on our servers; on your device, the “over ${EN.age} until” cookie for ${AGE_VERIFIED_HOURS} hours at most.`,
      ),
    ),
    tr(
      `Pagamentos de planos e de taxas de retorno: ${PAYMENT_RECORD_YEARS} anos contados do fim do ano do pagamento, o prazo em que o fisco pode examinar livros e documentos (Código Tributário Nacional, arts. 173 e 195, parágrafo único); depois são apagados. Ao excluir a conta, esses registros ficam, mas sem ligação com você: nem e-mail, nem conta, nem perfil.`,
      `Payments for plans and return fees: ${PAYMENT_RECORD_YEARS} years from the end of the year of payment, the period in which the tax authority may examine books and records (Brazilian Tax Code, arts. 173 and 195, sole paragraph); then they are deleted. When you delete your account these records stay, but with no link to you: no e-mail, account or profile.`,
    ),
    tr(
      'Presentes, saques, suspensões e banimentos: pelo tempo necessário para cumprir obrigações legais e fiscais e para a defesa de direitos. Em caso de banimento, mantemos o CPF e o motivo para impedir um novo cadastro da mesma pessoa.',
      'Gifts, withdrawals, suspensions and bans: for as long as needed to meet legal and tax obligations and to defend legal rights. In the event of a ban, we keep the CPF and the reason to prevent the same person from registering again.',
    ),
  ),
  h3('Segurança e incidentes', 'Security and incidents'),
  p(
    `Adotamos medidas técnicas e administrativas para proteger os dados, como conexão criptografada, senhas guardadas como hash irreversível e acesso aos dados de verificação restrito à equipe responsável. Nenhum sistema é totalmente invulnerável. Se ocorrer um incidente de segurança que possa trazer risco ou dano relevante a você, comunicaremos os titulares afetados e a Autoridade Nacional de Proteção de Dados (ANPD) em até ${PT.breachHours} horas depois de tomarmos conhecimento, informando o que aconteceu, quais dados foram afetados, os riscos e as medidas adotadas (LGPD, art. 48).`,
    `We take technical and organisational measures to protect the data, such as encrypted connections, passwords stored as irreversible hashes and access to verification data restricted to the staff responsible. No system is completely invulnerable. If a security incident occurs that could bring you significant risk or harm, we will notify the affected data subjects and the National Data Protection Authority (ANPD) within ${EN.breachHours} hours of becoming aware of it, explaining what happened, which data was affected, the risks and the measures taken (LGPD, art. 48).`,
  ),
  h3('Seus direitos (LGPD, art. 18)', 'Your rights (LGPD, art. 18)'),
  p('Como titular dos dados, você tem direito a:', 'As a data subject, you have the right to:'),
  ul(
    tr('confirmação de que tratamos seus dados;', 'confirmation that we process your data;'),
    tr('acesso aos seus dados;', 'access to your data;'),
    tr(
      'correção de dados incompletos, inexatos ou desatualizados;',
      'correction of incomplete, inaccurate or out-of-date data;',
    ),
    tr(
      'anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desacordo com a LGPD;',
      'anonymisation, blocking or deletion of data that is unnecessary, excessive or processed in breach of the LGPD;',
    ),
    tr(
      'portabilidade dos seus dados a outro fornecedor;',
      'portability of your data to another provider;',
    ),
    tr(
      'eliminação dos dados tratados com base no seu consentimento;',
      'deletion of data processed on the basis of your consent;',
    ),
    tr(
      'informação sobre as entidades públicas e privadas com as quais compartilhamos seus dados;',
      'information about the public and private entities with which we share your data;',
    ),
    tr(
      'informação sobre a possibilidade de não dar consentimento e sobre as consequências da recusa;',
      'information about the possibility of refusing consent and the consequences of refusing;',
    ),
    tr('revogação do consentimento;', 'withdrawal of consent;'),
    tr(
      'oposição a tratamento feito em desacordo com a lei e revisão de decisões tomadas unicamente por meios automatizados (art. 20);',
      'objection to processing carried out in breach of the law and review of decisions made solely by automated means (art. 20);',
    ),
    tr('reclamação à ANPD (art. 18, § 1º).', 'lodging a complaint with the ANPD (art. 18, § 1).'),
  ),
  h3('Como exercer seus direitos', 'How to exercise your rights'),
  p(
    `Na sua conta, você pode baixar uma cópia dos seus dados e excluir a conta a qualquer momento. Para qualquer outro pedido, ou se você não tiver conta, escreva para o nosso encarregado pelo tratamento de dados pessoais (DPO) em ${PRIVACY_EMAIL}. Para proteger você, podemos pedir uma confirmação de identidade antes de atender. Pedidos de confirmação e de acesso são respondidos de imediato, de forma simplificada, ou em até 15 dias, quando for preciso uma declaração completa (LGPD, art. 19). Se não ficar satisfeito(a), você pode reclamar à ANPD em gov.br/anpd.`,
    `In your account you can download a copy of your data and delete your account at any time. For any other request, or if you do not have an account, write to our data protection officer (DPO, “encarregado”) at ${PRIVACY_EMAIL}. To protect you, we may ask you to confirm your identity before acting on a request. Requests for confirmation and access are answered at once in simplified form, or within 15 days when a full statement is needed (LGPD, art. 19). If you are not satisfied, you can complain to the ANPD at gov.br/anpd.`,
  ),
]

// ── Advertising policy ──────────────────────────────────────────────────────────────────────

const VERIFIED_BADGE: BilingualBlock[] = [
  h3('Selo de verificado', 'Verified badge'),
  p(
    `O selo indica que a equipe conferiu manualmente, com documento válido e selfie, que o anunciante tem ${PT.age} anos ou mais, é quem diz ser e é a pessoa das fotos. Ele vale enquanto a verificação estiver em dia, com renovação a cada ${PT.renewal} meses. O selo não é garantia de comportamento, serviços, valores ou saúde, e não pode ser reproduzido em fotos nem em outros sites.`,
    `The badge means that staff have checked by hand, using a valid document and a selfie, that the advertiser is ${EN.age} or over, is who they claim to be and is the person in the photos. It is valid while verification is up to date, with renewal every ${EN.renewal} months. The badge is not a guarantee of behaviour, services, rates or health, and may not be reproduced in photos or on other sites.`,
  ),
]

const RANKING: BilingualBlock[] = [
  h3('Ordem de exibição e planos', 'Display order and plans'),
  p(
    'Para que todos saibam como os perfis aparecem nas listagens:',
    'So that everyone knows how profiles appear in listings:',
  ),
  ul(
    tr(
      'Perfis de quem atende na cidade pesquisada aparecem antes dos perfis de quem está apenas de passagem por ela.',
      'Profiles of advertisers based in the city being searched appear before those of advertisers only visiting it.',
    ),
    tr(
      'Dentro disso, perfis de planos pagos aparecem antes dos demais, do plano mais alto para o mais baixo (VIP+, Ouro, Prata, Bronze, Básico e, por último, Gratuito). Essa é uma vantagem paga, e ela é informada aqui com transparência.',
      'Within that, profiles on paid plans appear before the others, from the highest plan to the lowest (VIP+, Gold, Silver, Bronze, Basic and, last, Free). This is a paid advantage, and it is disclosed here openly.',
    ),
    tr(
      'Dentro de cada grupo do mesmo plano, a ordem gira a cada minuto, em rodízio justo, para que todos ocupem as primeiras posições por um tempo parecido. Não vendemos posições fixas nem favorecemos perfis fora destas regras.',
      'Within each group on the same plan, the order rotates every minute, fairly, so that everyone spends a similar amount of time in the top positions. We do not sell fixed positions or favour profiles outside these rules.',
    ),
  ),
]

/** Plans and return fees paid by Pix (issue 21): the numbers are the code's (domain/plans.ts). */
const PLANS: BilingualBlock[] = [
  h3('Planos pagos e taxa de retorno', 'Paid plans and the return fee'),
  ul(
    tr(
      `Um plano pago vale por ${PLAN_DAYS} dias e é contratado no painel, por Pix, ou com a equipe pelo suporte quando o Pix não estiver disponível. O preço de cada plano está no painel antes da compra. Não há renovação automática: nada é cobrado sem que você pague uma nova cobrança.`,
      `A paid plan lasts ${PLAN_DAYS} days and is bought from the dashboard, by Pix, or through support when Pix is not available. Each plan’s price is shown in the dashboard before you buy. There is no automatic renewal: nothing is charged unless you pay a new charge.`,
    ),
    tr(
      `Cada cobrança Pix vale por ${CHARGE_MINUTES} minutos e o plano começa assim que o pagamento é confirmado. Comprar de novo o mesmo plano soma ${PLAN_DAYS} dias ao fim do atual. Trocar de plano começa o novo na hora e converte os dias não usados do plano anterior em dias do novo, pela proporção entre os preços dos dois.`,
      `Each Pix charge is valid for ${CHARGE_MINUTES} minutes and the plan starts as soon as the payment is confirmed. Buying the same plan again adds ${PLAN_DAYS} days to the end of the current one. Changing plans starts the new one at once and converts the unused days of the previous plan into days of the new one, in proportion to the two prices.`,
    ),
    tr(
      `Avisamos por e-mail ${PLAN_REMINDER_DAYS} dias antes do fim do plano. Quando ele termina, o perfil volta ao plano Gratuito, sem sair do ar.`,
      `We send an e-mail ${PLAN_REMINDER_DAYS} days before the plan ends. When it ends, the profile goes back to the Free plan without going offline.`,
    ),
    tr(
      'Um Pix que não pode ser usado (uma cobrança já paga ou vencida, um valor diferente do cobrado, ou um Pix sem cobrança) é devolvido automaticamente à conta de origem. Cada pagamento gera um recibo por e-mail e aparece no seu histórico de pagamentos no painel.',
      'A Pix that cannot be used (a charge already paid or expired, an amount other than the one charged, or a Pix without a charge) is sent back automatically to the account it came from. Each payment produces an e-mail receipt and appears in your payment history in the dashboard.',
    ),
    tr(
      'A taxa de retorno de uma suspensão é paga da mesma forma, pelo painel. O perfil volta ao ar quando a suspensão terminar e a taxa estiver paga; a equipe pode dispensar a taxa, registrando o motivo.',
      'A suspension’s return fee is paid the same way, from the dashboard. The profile goes back online once the suspension has ended and the fee is paid; the team may waive the fee, recording why.',
    ),
  ),
]

const PROVIDER_ADVERTISING: BilingualBlock[] = [
  ...withGifts(
    p(
      'Esta política define o que um anúncio pode conter, como os perfis são ordenados e as regras do recurso de presentes. Cada anunciante é responsável pelo conteúdo que publica.',
      'This policy sets out what an ad may contain, how profiles are ordered and the rules of the gift feature. Each advertiser is responsible for the content they publish.',
    ),
  ),
  withoutGifts(
    p(
      'Esta política define o que um anúncio pode conter e como os perfis são ordenados. Cada anunciante é responsável pelo conteúdo que publica.',
      'This policy sets out what an ad may contain and how profiles are ordered. Each advertiser is responsible for the content they publish.',
    ),
  ),
  h3('O que o anúncio pode conter', 'What an ad may contain'),
  ul(
    tr(
      'Nome de perfil, idade real, cidade onde você atende e, se for o caso, disponibilidade para viagens.',
      'Profile name, real age, the city where you work and, if applicable, availability to travel.',
    ),
    tr(
      'Uma descrição pessoal em linguagem respeitosa, com sua apresentação, seu estilo e seus limites.',
      'A personal description in respectful language, with an introduction, your style and your limits.',
    ),
    tr(
      'Os serviços de acompanhante que você oferece, dentro das categorias do site, e um valor de referência pelo seu tempo (por exemplo, por hora).',
      'The companion services you offer, within the site’s categories, and a reference rate for your time (for example, per hour).',
    ),
    tr(
      'Seus próprios meios de contato: WhatsApp, Telegram ou X.',
      'Your own contact options: WhatsApp, Telegram or X.',
    ),
    tr('Fotos suas, conforme as regras abaixo.', 'Photos of yourself, following the rules below.'),
  ),
  p(
    'Tudo o que está no anúncio deve ser verdadeiro e atual: idade, aparência, cidade e serviços.',
    'Everything in the ad must be true and current: age, appearance, city and services.',
  ),
  h3('Regras para fotos', 'Photo rules'),
  ul(
    tr(
      'Você deve ser a pessoa das fotos e ter os direitos sobre elas, por tê-las feito, encomendado ou recebido autorização de quem as fez.',
      'You must be the person in the photos and hold the rights to them, because you took them, commissioned them or have permission from whoever took them.',
    ),
    tr(
      'As fotos devem ser recentes, em alta resolução e mostrar sua aparência atual. Edições ou filtros que mudem o rosto ou o corpo não são aceitos.',
      'Photos must be recent, high-resolution and show how you look now. Edits or filters that change your face or body are not accepted.',
    ),
    tr(
      'Por discrição, você pode esconder ou desfocar o rosto; a verificação confirma, de forma privada, que as fotos são suas.',
      'For discretion, you may hide or blur your face; verification confirms, privately, that the photos are of you.',
    ),
    tr(
      'Nas fotos públicas não são permitidos conteúdo sexual explícito (órgãos genitais à mostra ou atos sexuais) nem outras pessoas identificáveis sem a autorização delas.',
      'Public photos may not contain explicit sexual content (visible genitals or sexual acts) or other identifiable people without their permission.',
    ),
    tr(
      'Também não são permitidos nas fotos textos, números de telefone, marcas d’água de outros sites ou montagens.',
      'Photos may also not contain text, phone numbers, other sites’ watermarks or composites.',
    ),
    tr(
      'Fotos copiadas da internet, de outras pessoas ou de bancos de imagens levam à remoção do perfil e podem levar ao banimento.',
      'Photos copied from the internet, from other people or from stock-image libraries lead to removal of the profile and may lead to a ban.',
    ),
  ),
  p(
    'Antes de publicar, removemos os metadados das fotos, como a localização, para proteger a sua privacidade.',
    'Before publishing, we strip the photos’ metadata, such as location, to protect your privacy.',
  ),
  h3('Conteúdo proibido nos anúncios', 'Content not allowed in ads'),
  ul(
    tr(
      'Conteúdo sexual explícito em fotos, vídeos ou textos públicos.',
      'Explicit sexual content in public photos, videos or text.',
    ),
    tr(
      'Tabelas de preço por ato sexual ou ofertas descritas de modo a sugerir prática ilegal. O valor informado se refere ao seu tempo e à sua companhia.',
      'Price lists per sexual act or offers described in a way that suggests an illegal practice. The rate you give refers to your time and company.',
    ),
    tr(
      'Anúncios de terceiros: perfis criados, pagos ou geridos por agências ou outras pessoas, ou que divulguem mais de uma pessoa.',
      'Third-party ads: profiles created, paid for or managed by agencies or other people, or that promote more than one person.',
    ),
    tr(
      'Informações enganosas: idade, fotos, cidade ou serviços que não correspondem à realidade, ou promessas do que você não oferece.',
      'Misleading information: age, photos, city or services that do not match reality, or promises of things you do not offer.',
    ),
    tr(
      'Qualquer menção a menores de idade, drogas, violência ou práticas sem consentimento.',
      'Any mention of minors, drugs, violence or non-consensual practices.',
    ),
    tr(
      'Links, contatos ou nomes de outros sites de anúncios, e dados de outras pessoas.',
      'Links, contacts or names of other advertising sites, and other people’s data.',
    ),
  ),
  ...VERIFIED_BADGE,
  ...RANKING,
  p(
    'As visualizações e os cliques mostrados no seu painel são números reais, contados uma vez por visitante a cada dia, sem contar robôs de busca.',
    'The views and clicks shown in your dashboard are real figures, counted once per visitor per day, excluding search-engine bots.',
  ),
  ...PLANS,
  // Issue 22 point 5: the gift section shows only while gifts are on.
  ...withGifts(
    h3('Presentes e saques', 'Gifts and withdrawals'),
    p(
      'O recurso de presentes é opcional. Ele permite que um cliente envie, por livre vontade, um presente em dinheiro a um anunciante pela plataforma. Um presente não é pagamento por encontro nem por qualquer serviço, não pode ser exigido nem combinado como sinal, reserva ou condição para um encontro, e não cria obrigação para quem o recebe. Pagamentos de encontros nunca passam pelo Aprova.',
      'The gift feature is optional. It lets a client freely send an advertiser a cash gift through the platform. A gift is not payment for a meeting or for any service, may not be demanded or agreed as a deposit, booking or condition for a meeting, and creates no obligation for the person receiving it. Payments for meetings never pass through Aprova.',
    ),
    ul(
      tr(
        `Cada presente vai de ${PT.giftMin} a ${PT.giftMax}.`,
        `Each gift ranges from ${EN.giftMin} to ${EN.giftMax}.`,
      ),
      tr(
        `Cada cliente pode enviar no máximo ${PT.giftCap} em presentes por quinzena.`,
        `Each client may send at most ${EN.giftCap} in gifts every two weeks.`,
      ),
      tr(
        `O presente é creditado no seu saldo em até ${PT.creditDelay}.`,
        `A gift is credited to your balance within ${EN.creditDelay}.`,
      ),
      tr(
        `Cada saque deve ser de no mínimo ${PT.withdrawalMin} e no máximo ${PT.withdrawalMax}.`,
        `Each withdrawal must be at least ${EN.withdrawalMin} and at most ${EN.withdrawalMax}.`,
      ),
      tr(
        `A taxa de saque é de ${PT.feeUpTo} do valor sacado, com mínimo de ${PT.feeFrom}, e o valor exato é mostrado antes de você confirmar o saque.`,
        `The withdrawal fee is ${EN.feeUpTo} of the amount withdrawn, with a minimum of ${EN.feeFrom}, and the exact amount is shown before you confirm the withdrawal.`,
      ),
      tr(
        'O saque é feito somente para uma chave Pix do tipo CPF ou CNPJ, em nome da própria pessoa anunciante. Chaves de e-mail, telefone ou aleatórias não são aceitas.',
        'Withdrawals are paid only to a Pix key of the CPF or CNPJ type, in the advertiser’s own name. Email, phone or random keys are not accepted.',
      ),
    ),
    p(
      'Você é responsável por declarar os valores recebidos, conforme a legislação tributária.',
      'You are responsible for declaring the amounts you receive, as tax law requires.',
    ),
  ),
  h3('Direito de recusa e remoção', 'Right to refuse and remove'),
  p(
    'O Aprova pode recusar, pedir ajustes ou remover qualquer anúncio, foto ou texto que descumpra estes termos ou a lei, ou que a equipe considere inadequado para o site, informando o motivo sempre que possível. A publicação de um anúncio não significa que o Aprova endossa o seu conteúdo, que continua sendo responsabilidade de quem o publicou.',
    'Aprova may refuse, ask for changes to or remove any ad, photo or text that breaks these terms or the law, or that staff consider unsuitable for the site, giving the reason whenever possible. Publishing an ad does not mean that Aprova endorses its content, which remains the responsibility of whoever published it.',
  ),
]

const CLIENT_ADVERTISING: BilingualBlock[] = [
  p(
    'Esta política explica o que você encontra nos anúncios e como eles são organizados, para que você saiba o que esperar.',
    'This policy explains what you will find in ads and how they are organised, so that you know what to expect.',
  ),
  h3('O que é um anúncio', 'What an ad is'),
  p(
    'Cada perfil é um anúncio publicado pelo próprio anunciante, único responsável pelos textos e fotos que envia. A equipe revisa os anúncios, mas o Aprova não participa do que for combinado e não garante serviços, valores, disponibilidade ou o resultado de nenhum contato. Os valores exibidos são referências informadas pelo anunciante pelo seu tempo; tudo o mais é combinado diretamente entre vocês.',
    'Each profile is an ad published by the advertiser themselves, who is solely responsible for the text and photos they submit. Staff review ads, but Aprova takes no part in anything agreed and does not guarantee services, rates, availability or the outcome of any contact. The rates shown are references given by the advertiser for their time; everything else is agreed directly between you.',
  ),
  h3('O que os anúncios não podem conter', 'What ads may not contain'),
  ul(
    tr('Conteúdo sexual explícito em fotos públicas.', 'Explicit sexual content in public photos.'),
    tr(
      'Tabelas de preço por ato sexual ou ofertas que sugiram prática ilegal.',
      'Price lists per sexual act or offers that suggest an illegal practice.',
    ),
    tr(
      'Anúncios de terceiros, de agências ou de mais de uma pessoa.',
      'Ads placed by third parties or agencies, or for more than one person.',
    ),
    tr(
      'Fotos que não sejam do próprio anunciante, ou idade, cidade e serviços que não correspondam à realidade.',
      'Photos that are not of the advertiser, or an age, city or services that do not match reality.',
    ),
    tr(
      'Qualquer menção a menores de idade, drogas, violência ou práticas sem consentimento.',
      'Any mention of minors, drugs, violence or non-consensual practices.',
    ),
  ),
  p(
    `Se encontrar um anúncio assim, denuncie em ${SUPPORT_EMAIL}.`,
    `If you come across such an ad, report it to ${SUPPORT_EMAIL}.`,
  ),
  ...VERIFIED_BADGE,
  ...RANKING,
  ...withGifts(
    h3('Presentes', 'Gifts'),
    p(
      `Se o recurso de presentes estiver disponível para você, lembre-se: o presente é opcional e voluntário, não é pagamento por encontro nem por serviço, não garante nada e não deve ser pedido como sinal. Cada presente vai de ${PT.giftMin} a ${PT.giftMax}, e cada cliente pode enviar no máximo ${PT.giftCap} em presentes por quinzena. Nunca mande “presentes” por Pix diretamente a números de contato: fora da plataforma, isso é pagamento antecipado e risco de golpe.`,
      `If the gift feature is available to you, remember: a gift is optional and voluntary, is not payment for a meeting or a service, guarantees nothing and should not be requested as a deposit. Each gift ranges from ${EN.giftMin} to ${EN.giftMax}, and each client may send at most ${EN.giftCap} in gifts every two weeks. Never send “gifts” by Pix directly to contact numbers: outside the platform, that is an advance payment and a scam risk.`,
    ),
  ),
  h3('Links externos e direito de recusa', 'External links and right to refuse'),
  p(
    'Os botões de contato levam a serviços de terceiros (WhatsApp, Telegram e X), que têm suas próprias regras e políticas de privacidade. O Aprova pode recusar ou remover anúncios a qualquer momento, e a publicação de um anúncio não significa que endossamos o seu conteúdo.',
    'The contact buttons lead to third-party services (WhatsApp, Telegram and X), which have their own rules and privacy policies. Aprova may refuse or remove ads at any time, and publishing an ad does not mean that we endorse its content.',
  ),
]

// ── Assembly ────────────────────────────────────────────────────────────────────────────────

const SECTION_BLOCKS: Record<TermsAudience, Record<TermsSectionId, BilingualBlock[]>> = {
  anunciante: {
    definicoes: DEFINITIONS,
    codigo_conduta: PROVIDER_CONDUCT,
    politica_privacidade: PRIVACY,
    politica_publicidade: PROVIDER_ADVERTISING,
  },
  cliente: {
    definicoes: DEFINITIONS,
    codigo_conduta: CLIENT_CONDUCT,
    politica_privacidade: PRIVACY,
    politica_publicidade: CLIENT_ADVERTISING,
  },
}

/** What varies between sites: gifts on or off, and how the age gate admits (issue 23). */
interface Variant {
  gifts: boolean
  age: AgeAssuranceMode
}

/** Whether a block or an item shows on a site of this variant. */
const shows = (part: { shown?: Shown } & AgeShown, variant: Variant) =>
  (part.shown === undefined || part.shown === (variant.gifts ? 'gifts' : 'noGifts')) &&
  (part.age === undefined || part.age === variant.age)

function localizeBlock(block: BilingualBlock, lang: Language, variant: Variant): TermsBlock {
  return block.kind === 'ul'
    ? {
        kind: 'ul',
        items: block.items.filter((item) => shows(item, variant)).map((item) => item[lang]),
      }
    : { kind: block.kind, text: block.text[lang] }
}

function termsDocument(lang: Language, audience: TermsAudience, variant: Variant): TermsDocument {
  const headings = DOCUMENT_HEADINGS[audience]
  return {
    title: headings.title[lang],
    intro: headings.intro[lang],
    sections: TERMS_SECTION_IDS.map((id) => ({
      id,
      title: SECTION_TITLES[id][lang],
      blocks: SECTION_BLOCKS[audience][id]
        .filter((block) => shows(block, variant))
        .map((block) => localizeBlock(block, lang, variant))
        .filter((block) => block.kind !== 'ul' || block.items.length > 0),
    })),
  }
}

const documents = (variant: Variant): Record<Language, Record<TermsAudience, TermsDocument>> => ({
  pt: {
    anunciante: termsDocument('pt', 'anunciante', variant),
    cliente: termsDocument('pt', 'cliente', variant),
  },
  en: {
    anunciante: termsDocument('en', 'anunciante', variant),
    cliente: termsDocument('en', 'cliente', variant),
  },
})

/**
 * The terms of use for each language and audience, sections in the order of TERMS_SECTION_IDS,
 * with every optional feature described (gifts on), for the click age gate.
 */
export const TERMS = documents({ gifts: true, age: 'click' })

/**
 * The same terms for a site without gifts (GIFTS unset or no Pix): none of their rules. The
 * privacy policy still names what is kept of gifts and withdrawals 'when used'.
 */
export const TERMS_WITHOUT_GIFTS = documents({ gifts: false, age: 'click' })

/**
 * The same two for a site whose age gate verifies by OpenID Connect (AGE_ASSURANCE=oidc): what
 * the verification keeps, and for how long (issue 23 point 5).
 */
export const TERMS_WITH_AGE_CHECK = {
  gifts: documents({ gifts: true, age: 'oidc' }),
  noGifts: documents({ gifts: false, age: 'oidc' }),
}

/**
 * The terms a site shows: with the gift section only while gifts are on (issue 22 point 5), and
 * the age verification's part only with AGE_ASSURANCE=oidc (issue 23).
 */
export function termsFor(
  lang: Language,
  audience: TermsAudience,
  options: { gifts: boolean; age?: AgeAssuranceMode },
): TermsDocument {
  if (options.age === 'oidc') {
    return TERMS_WITH_AGE_CHECK[options.gifts ? 'gifts' : 'noGifts'][lang][audience]
  }
  return (options.gifts ? TERMS : TERMS_WITHOUT_GIFTS)[lang][audience]
}
