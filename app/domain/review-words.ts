// The explicit sexual terms a review or a reply may not contain (issue 20 point 2), one list per
// language, kept here only. Compared as whole words (or two-word terms), without accents and in
// lower case (reviews.ts folds both sides), so each term is written once in its plain form. A
// review is checked against every language's list: a client may write in either.
// Words with an everyday meaning as well (pau, rola, meter) are left out: a review saying 'rola
// uma conversa boa' must pass. This list exists to refuse text; nothing of it is ever shown.

export const EXPLICIT_TERMS: Record<'pt' | 'en', readonly string[]> = {
  pt: [
    'anal',
    'boquete',
    'bronha',
    'buceta',
    'boceta',
    'chupada',
    'chupar',
    'chupou',
    'gozar',
    'gozei',
    'gozou',
    'gozada',
    'penetracao',
    'pica',
    'piroca',
    'punheta',
    'siririca',
    'sexo oral',
    'sexo anal',
    'transamos',
    'transar',
    'trepar',
    'trepamos',
    'xereca',
    'xoxota',
  ],
  en: [
    'anal',
    'blowjob',
    'blow job',
    'cock',
    'cum',
    'cumming',
    'dick',
    'fuck',
    'fucked',
    'fucking',
    'handjob',
    'oral sex',
    'orgasm',
    'penetration',
    'pussy',
    'rimming',
    'squirt',
    'threesome',
  ],
}
