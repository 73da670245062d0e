import { describe, expect, it } from 'vitest'
import {
  ageOn,
  areaOf,
  birthDateTyping,
  displayNameProblem,
  FALLBACK_DISPLAY_NAME,
  isEmailAddress,
  parseBirthDate,
  shownDisplayName,
  workingNameProblem,
} from '#app/domain/account.ts'
import { isAccountPage } from '#app/domain/age-gate.ts'
import { authReferrer, authScreen, storesAuthReferrer } from '#app/domain/auth-screen.ts'
import { isUsername, usernameFromName, usernameWithSuffix } from '#app/domain/username.ts'
import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'
import {
  clientSignUpSchema,
  loginSchema,
  providerSignUpSchema,
  resetPasswordSchema,
  roleChoiceSchema,
} from '#app/modules/auth/schema.ts'
import { check } from '#app/modules/forms/checks.ts'
import { placeSlugs } from '#app/modules/seo/known-slugs.server.ts'

const places = placeSlugs()

describe('working name (SPEC §5, terms: 5 to 18 letters, no places)', () => {
  it.each([
    ['Luna Clara', undefined],
    ['  Ana   Luísa  ', undefined],
    ['Vitória Santos', undefined],
    ['Lourdes', 'place'],
    ['Madalena Flor', undefined],
    ['', 'required'],
    ['   ', 'required'],
    ['Ana', 'length'],
    ['Maria Aparecida Souza', 'length'],
    ['Luna 2024', 'characters'],
    ['Luna_Clara', 'characters'],
    ['Luna ✨ Clara', 'characters'],
    ['Luna-Clara', 'characters'],
    ['Copacabana', 'place'],
    ['SÃO PAULO', 'place'],
    ['Ana Boa Viagem', 'place'],
    ['Bela Vista', 'place'],
  ] as const)('%j → %s', (name, problem) => {
    expect(workingNameProblem(name, places)).toBe(problem)
  })

  it('knows every reference city and neighbourhood by its name', () => {
    for (const name of ['Rio de Janeiro', 'Moema', 'Praia do Futuro', 'Goiânia']) {
      expect(
        places.has(
          name
            .normalize('NFD')
            .replace(/\p{Diacritic}/gu, '')
            .toLowerCase()
            .replace(/ /g, '-'),
        ),
      ).toBe(true)
    }
  })
})

describe("display name (issue 30 point 9: letters, digits, spaces and . , ' - only)", () => {
  it.each([
    ['Rafa', undefined],
    ["Zoë D'Ávila-Souza Jr.", undefined],
    ['J.R. Souza', undefined],
    ['A. C. 2', undefined],
    ['Мария Иванова', undefined],
    ['山田 太郎', undefined],
    ['Rafa’s', undefined],
    ['<a href="https://evil.example/login">', 'characters'],
    ['Pague R$50 em evil.example/pix', 'characters'],
    ['suporte@evil.example', 'characters'],
    ['http://x', 'characters'],
    ['Rafa ✨', 'characters'],
    ['Rafa_Souza', 'characters'],
    ['Veja evil.example', 'link'],
    ['x.com', 'link'],
    ['www.pix.com.br', 'link'],
  ] as const)('%j → %s', (name, problem) => {
    expect(displayNameProblem(name)).toBe(problem)
  })
})

describe('date of birth dd/mm/yyyy and age (SPEC §5)', () => {
  it.each([
    ['20/05/1990', { year: 1990, month: 5, day: 20 }],
    ['29/02/2004', { year: 2004, month: 2, day: 29 }],
    ['29/02/2005', undefined],
    ['31/04/1990', undefined],
    ['1990-05-20', undefined],
    ['2/5/1990', undefined],
    ['', undefined],
  ])('%s → %j', (typed, date) => {
    expect(parseBirthDate(typed)).toEqual(date)
  })

  it('counts whole years; a birthday counts on its day', () => {
    const birth = { year: 2008, month: 11, day: 23 }
    expect(ageOn(birth, { year: 2026, month: 11, day: 22 })).toBe(17)
    expect(ageOn(birth, { year: 2026, month: 11, day: 23 })).toBe(18)
    expect(ageOn({ year: 2008, month: 2, day: 29 }, { year: 2026, month: 2, day: 28 })).toBe(17)
    expect(ageOn({ year: 2008, month: 2, day: 29 }, { year: 2026, month: 3, day: 1 })).toBe(18)
  })

  it('keeps typing in the dd/mm/yyyy shape', () => {
    expect(birthDateTyping('2')).toBe('2')
    expect(birthDateTyping('2005')).toBe('20/05')
    expect(birthDateTyping('20051990')).toBe('20/05/1990')
    expect(birthDateTyping('20/05/1990x1')).toBe('20/05/1990')
  })
})

it('e-mail: the simple pattern of SPEC §5', () => {
  expect(isEmailAddress('ana@example.com')).toBe(true)
  expect(isEmailAddress('ana@example')).toBe(false)
  expect(isEmailAddress('ana example@x.com')).toBe(false)
  expect(isEmailAddress(`${'a'.repeat(250)}@x.com`)).toBe(false)
})

it('each role has its area; no role goes to /dashboard (SPEC §2)', () => {
  expect(areaOf('provider')).toBe('/dashboard')
  expect(areaOf('client')).toBe('/client-dashboard')
  expect(areaOf('admin')).toBe('/admin')
  expect(areaOf(null)).toBe('/dashboard')
})

describe('usernames', () => {
  it('come from the working name, within 3 to 30 of a-z, 0-9 and hyphens', () => {
    expect(usernameFromName('Ana Luísa')).toBe('ana-luisa')
    expect(usernameFromName('李')).toBe('perfil')
    expect(usernameFromName('A'.repeat(40))).toHaveLength(30)
    expect(usernameWithSuffix('a'.repeat(30), 4821)).toBe(`${'a'.repeat(25)}-4821`)
    expect(isUsername('ana-luisa')).toBe(true)
    expect(isUsername('an')).toBe(false)
    expect(isUsername('-ana')).toBe(false)
    expect(isUsername('ana--luisa')).toBe(false)
    expect(isUsername('Ana')).toBe(false)
  })
})

describe('/auth screens (SPEC §2)', () => {
  it.each([
    [null, null, 'choice', undefined],
    ['login', null, 'login', undefined],
    ['login', 'provider', 'login', 'provider'],
    ['signup', 'provider', 'provider-sign-up', 'provider'],
    ['signup', 'client', 'client-sign-up', 'client'],
    [null, 'provider', 'provider-sign-up', 'provider'],
    ['signup', null, 'choice', undefined],
    ['signup', 'admin', 'choice', undefined],
    ['forgot', null, 'forgot', undefined],
    ['reset', null, 'reset', undefined],
    ['weird', null, 'choice', undefined],
  ])('mode=%s type=%s → %s (%s)', (mode, type, screen, role) => {
    expect(authScreen(mode, type)).toEqual(role ? { screen, type: role } : { screen })
  })

  it('stores the referrer only without mode and type, and never /auth or another site', () => {
    expect(storesAuthReferrer(null, null)).toBe(true)
    expect(storesAuthReferrer('login', null)).toBe(false)
    const origin = 'https://aprova.example'
    expect(authReferrer('https://aprova.example/pt/acompanhantes/sao-paulo?page=2', origin)).toBe(
      '/pt/acompanhantes/sao-paulo?page=2',
    )
    expect(authReferrer('https://aprova.example/auth?mode=login', origin)).toBeUndefined()
    expect(authReferrer('https://evil.example/pt/', origin)).toBeUndefined()
    expect(authReferrer('/acompanhante/luna', origin)).toBe('/acompanhante/luna')
    expect(authReferrer('//evil.example/x', origin)).toBeUndefined()
  })

  it('account pages skip the age gate; listings keep it', () => {
    for (const path of ['/', '/auth', '/dashboard', '/client-dashboard', '/admin']) {
      expect(isAccountPage(path), path).toBe(true)
    }
    for (const path of ['/pt/', '/acompanhante/luna', '/authors', '/dashboards']) {
      expect(isAccountPage(path), path).toBe(false)
    }
  })
})

/** Fills a form; a ticked box is 'on'. */
const form = (values: Record<string, string>) => values

describe('provider sign-up: one message at a time, in SPEC §5 order', () => {
  const schema = providerSignUpSchema(places)
  const valid = {
    email: 'luna@example.com',
    password: 'senha-forte',
    confirmPassword: 'senha-forte',
    workingName: 'Luna Clara',
    acceptTerms: 'on',
    acceptPolicies: 'on',
  }
  it.each([
    [{ email: 'luna@' }, 'email', 'invalidEmail'],
    [{ confirmPassword: 'outra', password: 'curta' }, 'confirmPassword', 'passwordMismatch'],
    [{ password: 'curta', confirmPassword: 'curta' }, 'password', 'passwordTooShort'],
    [{ acceptPolicies: '', workingName: '' }, 'acceptTerms', 'termsNotAccepted'],
    [{ workingName: '  ' }, 'workingName', 'workingNameRequired'],
    [{ workingName: 'Lu' }, 'workingName', 'workingNameLength'],
    [{ workingName: 'Luna 22' }, 'workingName', 'workingNameCharacters'],
    [{ workingName: 'Copacabana' }, 'workingName', 'workingNamePlace'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(check(schema, form({ ...valid, ...change }))).toEqual({
      ok: false,
      error: { field, message },
    })
  })

  it('gives the cleaned values when all rules hold', () => {
    expect(
      check(schema, { ...valid, email: ' Luna@Example.com ', workingName: ' Luna  Clara ' }),
    ).toEqual({
      ok: true,
      value: { email: 'luna@example.com', password: 'senha-forte', workingName: 'Luna Clara' },
    })
  })
})

describe('client sign-up: one message at a time, in SPEC §5 order', () => {
  const schema = clientSignUpSchema({ year: 2026, month: 11, day: 23 })
  const valid = {
    email: 'cliente@example.com',
    password: 'senha-forte',
    confirmPassword: 'senha-forte',
    displayName: 'Rafa',
    about: 'Gosto de boas conversas.',
    dateOfBirth: '20/05/1990',
    acceptTerms: 'on',
    acceptPolicies: 'on',
  }
  it.each([
    [{ email: 'x' }, 'email', 'invalidEmail'],
    [{ password: 'curta', confirmPassword: 'outra' }, 'password', 'passwordTooShort'],
    [{ confirmPassword: 'senha-outra' }, 'confirmPassword', 'passwordMismatch'],
    [{ displayName: ' R ' }, 'displayName', 'displayNameTooShort'],
    [{ about: '  curto   ' }, 'about', 'aboutTooShort'],
    [{ about: 'a'.repeat(301) }, 'about', 'aboutTooLong'],
    [{ dateOfBirth: '' }, 'dateOfBirth', 'dateOfBirthRequired'],
    [{ dateOfBirth: '31/02/1990' }, 'dateOfBirth', 'dateOfBirthInvalid'],
    [{ dateOfBirth: '24/11/2008' }, 'dateOfBirth', 'underage'],
    [{ dateOfBirth: '01/01/1920' }, 'dateOfBirth', 'dateOfBirthInvalid'],
    [{ dateOfBirth: '01/01/2030' }, 'dateOfBirth', 'dateOfBirthInvalid'],
    [{ acceptTerms: '' }, 'acceptTerms', 'termsNotAccepted'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(check(schema, form({ ...valid, ...change }))).toEqual({
      ok: false,
      error: { field, message },
    })
  })

  it('turns 18 on the birthday and stores the date as YYYY-MM-DD', () => {
    expect(check(schema, { ...valid, dateOfBirth: '23/11/2008' })).toMatchObject({
      ok: true,
      value: { dateOfBirth: '2008-11-23', displayName: 'Rafa' },
    })
  })
})

it('login, reset and role choice have their rules too', () => {
  expect(check(loginSchema, { email: '', password: 'x' })).toMatchObject({
    error: { field: 'email', message: 'emailRequired' },
  })
  expect(check(loginSchema, { email: 'a@b.co', password: '' })).toMatchObject({
    error: { field: 'password', message: 'passwordRequired' },
  })
  expect(check(loginSchema, { email: 'A@B.co', password: 'x', rememberMe: 'on' })).toEqual({
    ok: true,
    value: { email: 'a@b.co', password: 'x', rememberMe: true },
  })
  expect(
    check(resetPasswordSchema, { token: 't', password: 'curta', confirmPassword: 'curta' }),
  ).toMatchObject({
    error: { message: 'passwordTooShort' },
  })
  expect(check(roleChoiceSchema, { role: 'admin', acceptTerms: 'on' })).toMatchObject({
    error: { field: 'role', message: 'roleRequired' },
  })
  expect(check(roleChoiceSchema, { role: 'client' })).toMatchObject({
    error: { field: 'acceptTerms', message: 'termsNotAccepted' },
  })
})

it('every message of the schemas exists in both languages, with the SPEC wording', () => {
  expect(pt.formErrors.dateOfBirthRequired).toBe('Data de nascimento é obrigatória')
  expect(pt.formErrors.underage).toBe('Você deve ter pelo menos 18 anos')
  expect(en.formErrors.invalidEmail).toBe('Please enter a valid email address')
  expect(en.formErrors.passwordTooShort).toBe('Password must be at least 8 characters')
  expect(en.formErrors.passwordMismatch).toBe('Passwords do not match')
  expect(en.formErrors.underage).toBe('You must be at least 18 years old to register')
  expect(en.formErrors.termsNotAccepted).toBe('You must accept all policies and terms')
  expect(en.formErrors.workingNameRequired).toBe('Please enter your professional name')
  expect(pt.formErrors.invalidCredentials).toBe('E-mail ou senha incorretos')
  expect(pt.formErrors.loginError).toBe('Erro ao fazer login')
  for (const key of Object.keys(pt.formErrors)) expect(en.formErrors).toHaveProperty(key)
})

describe('shownDisplayName (issue 30 point 9: names from Google or from before the rule)', () => {
  it.each([
    ['Maria José', 'Maria José'],
    ["D'Ávila-Souza Jr.", "D'Ávila-Souza Jr."],
    ['Pague R$50 em evil.example/pix <a href=x>', 'Pague R 50 em evil. example pix a href x'],
    ['<script>', 'script'],
    ['Ana 😀', 'Ana'],
    ['<>', FALLBACK_DISPLAY_NAME],
    ['a'.repeat(60), 'a'.repeat(40)],
  ])('%j is shown as %j', (name, shown) => {
    expect(shownDisplayName(name)).toBe(shown)
    expect(displayNameProblem(shownDisplayName(name))).toBeUndefined()
  })
})
