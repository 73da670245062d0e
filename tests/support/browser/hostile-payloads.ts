import fc from 'fast-check'

// The hostile values of tests/e2e/hostile-input.spec.ts (issue 10 point 5): markup, control and
// special characters, malformed percent escapes, numbers and overlong strings, as fast-check
// arbitraries, and how a value goes into a URL.

export const HOSTILE = [
  '<script data-fuzz>window.__fuzzHit=1</script>',
  '"><img data-fuzz src=x onerror="window.__fuzzHit=1">',
  "'><svg data-fuzz onload=window.__fuzzHit=1>",
  '</textarea></title></script><b data-fuzz>x</b>',
  '<iframe data-fuzz srcdoc="<script>parent.__fuzzHit=1</script>"></iframe>',
  '<a data-fuzz href="javascript:window.__fuzzHit=1">x</a>',
  'javascript:window.__fuzzHit=1',
  '<!--<img data-fuzz src=x>-->',
  '<style data-fuzz>*{display:none}</style>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe
  '{{7*7}}${7*7}<%= 7*7 %>#{7*7}',
  "' OR 1=1 --",
  '"; drop table users; --',
  '1; select pg_sleep(2); --',
  "%' or '1'='1",
  "' UNION SELECT null, version() --",
  "\\'; E'\\\\x00'",
  '$$; $1 $2 ::text',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '//evil.example',
  '/\\evil.example',
  '/%2f%2fevil.example',
  'https://evil.example/',
  '\\\\evil.example',
  '\u0000',
  'a\u0000b',
  'a\r\nSet-Cookie: fuzz=1',
  '\t\n\u000b\f\r',
  '\u0008\u001b[31m\u007f',
  '\u2028\u2029',
  '\ufeff',
  '\u202eevil',
  '\u200b',
  'e\u0301',
  'İstanbul',
  'ſ ﬀ Ⅻ',
  '＜script＞',
  '👩‍❤️‍👩',
  '\uD800',
  '\uDFFF',
  'a\uD83D',
  'São Paulo',
  'são-paulo',
  'SAO-PAULO',
  '-1',
  '0',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999999',
  '2147483648',
  '9007199254740993',
  '-9223372036854775809',
  '0x10',
  '1.5',
  ' 7 ',
  '',
  ' ',
]
/** Values that break storage or rendering when a form lets them through unchanged. */
export const SPECIAL = [
  '\u0000',
  'a\u0000b',
  '\uD800 \uDFFF',
  '\u0001\u0008\u001b[31m\u007f',
  '\r\n\t',
  '\u2028\u2029\ufeff\u202e',
  '👩‍❤️‍👩 e\u0301 İ',
  '<script data-fuzz>window.__fuzzHit=1</script>',
  "'; drop table users; --",
  '%00%C0%AF',
  'a'.repeat(10_000),
]
/** Percent escapes that do not decode to UTF-8; they only survive unencoded ('raw'). */
export const MALFORMED = [
  '%',
  '%%',
  '%E0%A4%A',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%zz',
  '%u0041',
  '%2',
  '%c3%28',
  '%F0%9F%98',
  '%25',
  '%2e%2e%2f',
]

export const overlong = fc
  .tuple(
    fc.constantFrom('a', 'é', '<b data-fuzz>', "'", '%', '\u0000', '😀', ' '),
    fc.integer({ min: 10_000, max: 12_000 }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length))

export const number = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.integer({ min: -3, max: 1001 }).map(String),
)

export const atom = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.constantFrom(...MALFORMED) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
  { weight: 2, arbitrary: number },
  {
    weight: 2,
    arbitrary: fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001f', '\u007f', '\r\n'),
  },
)

/** One hostile value: a few atoms together, or an overlong string. */
export const payload = fc.oneof(
  { weight: 12, arbitrary: fc.array(atom, { minLength: 1, maxLength: 3 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: overlong },
)

export type Encoding = 'component' | 'raw' | 'double'

export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * A value as it goes into a URL: percent-encoded like a browser ('component', lone surrogates
 * become U+FFFD as in a browser), twice, or 'raw': printable ASCII as typed (quotes, angle
 * brackets, slashes, malformed escapes) and the rest percent-encoded.
 */
export function encode(text: string, how: Encoding): string {
  const wellFormed = text.replace(LONE_SURROGATE, '\uFFFD')
  if (how === 'component') return encodeURIComponent(wellFormed)
  if (how === 'double') return encodeURIComponent(encodeURIComponent(wellFormed))
  return [...wellFormed]
    .map((char) => (/^[\x21-\x7e]$/.test(char) && char !== '#' ? char : encodeURIComponent(char)))
    .join('')
}

export const encoding = fc.constantFrom<Encoding>('component', 'component', 'raw', 'raw', 'double')
export const encodedPayload = fc.tuple(payload, encoding).map(([text, how]) => encode(text, how))

/**
 * Node answers 431 to a request whose line and headers pass 16 KB, or drops the connection
 * while a larger one is still being sent: URLs and cookies stay under it together.
 */
export const MAX_TARGET = 12_000
export const MAX_COOKIE = 1_500
