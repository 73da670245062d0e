import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { signIn } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'

// The provider dashboard end to end (issue 7): a server of its own (mail goes to its outbox),
// stopped between steps that a helper does on its storage, as the admin queue will (issue 8).

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const spec = specServer({ env: () => ({ DEMO_DATA: '0' }), timeout: 120_000 })

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'aprova-age', value: '1', url: spec.base() }])
})

/** A neutral test picture, different for each seed. */
async function picture(seed: number, width = 1200, height = 1500) {
  const file = path.join(spec.storage.dataDir, `foto-${seed}.jpg`)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${seed * 70},55%,40%)"/>
    <circle cx="${width / 3}" cy="${height / 3}" r="${width / 5}" fill="hsl(${seed * 70 + 150},60%,80%)"/>
    <rect x="${width / 2}" y="${height / 2}" width="${width / 3}" height="${height / 4}" fill="#000" fill-opacity="0.25"/>
  </svg>`
  await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toFile(file)
  return file
}

const PASSWORD = 'senha-forte-123'
/**
 * A sign-up or sign-in (its password hashed), an e-mail written, pictures read and resized, or a
 * confirmation link's way to the dashboard: slow on a loaded machine.
 */
const SLOW = { timeout: 15_000 }

test('a provider fills her profile, uploads photos, sends documents; once approved she is public', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const base = spec.base()
  // Sign-up and confirmation through the e-mail in the outbox.
  await page.goto(`${base}/auth?mode=signup&type=provider`)
  await hydrated(page)
  await page.getByLabel('E-mail').fill('aurora@example.com')
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmar senha').fill(PASSWORD)
  await page.getByLabel('Nome artístico').fill('Aurora Dourada')
  await page.getByLabel(/Li e aceito/).check()
  await page.getByLabel(/Declaro ter 18/).check()
  await page.getByRole('button', { name: 'Criar conta de anunciante' }).click()
  await expect(page).toHaveURL(/mode=login/, SLOW)
  const outbox = path.join(spec.storage.dataDir, 'outbox')
  await expect.poll(async () => (await readdir(outbox).catch(() => [])).length, SLOW).toBe(1)
  const [file] = await readdir(outbox)
  // The file is there as soon as it is created: its link once it has been written.
  const mailText = async () =>
    (await readFile(path.join(outbox, file ?? ''), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
  const link = /http:\/\/\S+?\?token=[\w.-]+/
  await expect.poll(mailText, SLOW).toMatch(link)
  await page.goto(link.exec(await mailText())?.[0] ?? '')
  await expect(page).toHaveURL(`${base}/dashboard`, SLOW)
  await expect(
    page.getByRole('heading', { name: 'Seu perfil ainda não está publicado' }),
  ).toBeVisible()

  // The profile.
  await page.getByRole('link', { name: 'Informe sua idade' }).click()
  await page.getByLabel('Idade', { exact: true }).fill('29')
  await page.getByLabel('Cidade', { exact: true }).selectOption('recife')
  await page.getByLabel('Bairro', { exact: true }).selectOption('boa-viagem')
  await page
    .getByLabel('Descrição')
    .fill('Olá! Sou a Aurora, atendo em Boa Viagem com hora marcada e muita discrição.')
  await page.getByLabel('Valor por hora (R$)').fill('400')
  await page.getByLabel('WhatsApp').fill('(81) 98888-7777')
  await page.getByLabel('GFE (Namorada)').check()
  await page.getByRole('button', { name: 'Salvar perfil' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Perfil salvo' })).toBeVisible()

  // Three photos, each with its progress bar.
  const photos = [await picture(1), await picture(2), await picture(3)]
  await page.getByRole('link', { name: 'Fotos', exact: true }).click()
  await page.getByLabel('Escolher fotos').setInputFiles(photos)
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect(page.getByRole('progressbar')).toHaveCount(3)
  await expect(page.getByText('Enviada', { exact: true })).toHaveCount(3, { timeout: 30_000 })
  await expect(page.getByRole('img', { name: /Foto \d de 3/ })).toHaveCount(3)
  await page.getByRole('button', { name: 'Usar como capa: Foto 3 de 3' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Capa alterada' })).toBeVisible()
  await expect(page.locator('main ol li').nth(2)).toContainText('Capa')

  // The documents.
  await page.getByRole('link', { name: 'Verificação' }).click()
  await page.getByLabel('Frente do documento').setInputFiles(await picture(4, 900, 600))
  await page.getByLabel('Verso do documento').setInputFiles(await picture(5, 900, 600))
  await page.getByLabel('Selfie com o documento').setInputFiles(await picture(6, 800, 1000))
  await page.getByLabel(/Autorizo o tratamento/).check()
  await page.getByRole('button', { name: 'Enviar documentos' }).click()
  await expect(
    page.getByText('Documentos enviados. Você recebe a decisão por e-mail.'),
  ).toBeVisible(SLOW)
  await page.getByRole('link', { name: 'Visão geral' }).click()
  await expect(page.getByRole('heading', { name: 'Em análise' })).toBeVisible()
  const username = 'aurora-dourada'
  expect((await page.request.get(`${base}/acompanhante/${username}`)).status()).toBe(404)

  // Before approval she sees her profile as the public will (issue 19 point 19).
  await hydrated(page)
  const views: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/profile-views/')) views.push(request.url())
  })
  await page.getByRole('link', { name: 'Pré-visualizar meu perfil' }).click()
  await expect(page).toHaveURL(`${base}/dashboard/preview`)
  const notice = page.getByTestId('preview-notice')
  await expect(notice).toContainText('Pré-visualização')
  await expect(notice).toContainText('Ainda não está publicado')
  await expect(notice).toContainText('Aguardando a análise da equipe.')
  await expect(page.getByRole('heading', { level: 1, name: 'Aurora Dourada' })).toBeVisible()
  await expect(page.getByRole('img', { name: /Aurora Dourada/ }).first()).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  // The contact buttons are there, and inert: nothing to click, nothing counted.
  const whatsapp = page.getByText('Chamar no WhatsApp', { exact: true })
  await expect(whatsapp).toBeVisible()
  await expect(
    page.locator('[inert]').getByText('Chamar no WhatsApp', { exact: true }),
  ).toHaveCount(1)
  await whatsapp.click({ force: true })
  await expect(page).toHaveURL(`${base}/dashboard/preview`)
  expect(views).toEqual([])
  const answer = await page.request.get(`${base}/dashboard/preview`)
  expect(answer.headers()['cache-control']).toBe('private, no-store')
  await notice.getByRole('link', { name: 'Voltar ao painel' }).click()
  await expect(page).toHaveURL(`${base}/dashboard`)

  // The team approves (a helper on the stopped server's storage, until the admin queue).
  await spec.server.stop()
  expect(spec.helper('approvePending')).toEqual({ approved: 1 })
  await spec.start()
  const profile = await page.request.get(`${spec.base()}/acompanhante/${username}`)
  expect(profile.status()).toBe(200)
  const html = await profile.text()
  expect(html).toContain('Aurora Dourada')
  expect(html).toMatch(/\/media\/profiles\/[0-9a-f-]+\/[0-9a-f-]+-320\.webp/)
  expect(html.replace(/[\s().+-]/g, '')).not.toContain('988887777')
})

/** Signs Aurora in on `page` (the first test made her account), once the form has hydrated. */
const signInAurora = (page: Page, passwordLabel = 'Senha', button = 'Entrar', javaScript = true) =>
  signIn(
    page,
    spec.base(),
    { email: 'aurora@example.com', password: PASSWORD },
    { passwordLabel, button, hydrate: javaScript, landing: `${spec.base()}/dashboard` },
  )

/**
 * The files and folders of the stored photos (DATA_DIR/media/profiles and DATA_DIR/private) and
 * of the write area (DATA_DIR/uploading), where each file is written before it is moved in place.
 */
async function storedFiles(): Promise<string[]> {
  const lists = await Promise.all(
    ['media/profiles', 'private', 'uploading'].map(async (dir) =>
      (
        await readdir(path.join(spec.storage.dataDir, dir), { recursive: true }).catch(
          () => [] as string[],
        )
      ).map((file) => `${dir}/${file}`),
    ),
  )
  return lists.flat()
}

/** Width and height of the picture at `src`. */
async function sizeOf(page: import('@playwright/test').Page, src: string | null) {
  const body = await (await page.request.get(`${spec.base()}${src ?? ''}`)).body()
  const { width, height, exif } = await sharp(body).metadata()
  return { width, height, exif }
}

test('a provider turns and crops a photo; every size is remade (issue 19 point 20)', async ({
  page,
}) => {
  await signInAurora(page)
  await hydrated(page)
  await page.getByRole('link', { name: 'Fotos', exact: true }).click()
  const first = page.locator('main ol li').first()
  const image = first.getByRole('img', { name: 'Foto 1 de 3' })
  const before = await image.getAttribute('src')
  // 1200×1500 as sent.
  expect(await sizeOf(page, before)).toMatchObject({ width: 320, height: 400 })
  await first.getByText('Girar e recortar').click()
  // With JavaScript, a preview follows the choices.
  await expect(first.getByTestId('photo-edit-preview')).toBeVisible()
  await expect(first.getByTestId('photo-edit-crop-box')).toHaveCount(0)
  await first.getByLabel('90° à direita').check()
  await first.getByLabel('Quadrado (1:1)').check()
  await expect(first.getByTestId('photo-edit-crop-box')).toBeVisible()
  await first.getByLabel('Em cima ou à esquerda').check()
  await first.getByRole('button', { name: 'Aplicar' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Foto atualizada' })).toBeVisible(SLOW)
  const edited = page.locator('main ol li').first().getByRole('img', { name: 'Foto 1 de 3' })
  await expect(edited).toHaveAttribute('src', /-r90-square-start-320\.webp$/)
  const after = await edited.getAttribute('src')
  // Turned, 1500×1200; the square keeps 1200×1200; no metadata.
  expect(await sizeOf(page, after)).toEqual({ width: 320, height: 320, exif: undefined })
  const srcset = await edited.getAttribute('srcset')
  expect(srcset).toContain('-r90-square-start-1080.webp 1080w')
  // The old files are gone.
  expect((await page.request.get(`${spec.base()}${before}`)).status()).toBe(404)
})

test('in English, the preview of her published profile says it is published', async ({ page }) => {
  await page.goto(`${spec.base()}/language/en?to=/auth?mode=login`)
  await signInAurora(page, 'Password', 'Log in')
  await page.getByRole('link', { name: 'Preview my profile' }).click()
  const notice = page.getByTestId('preview-notice')
  await expect(notice).toContainText('Preview')
  await expect(notice).toContainText('Your profile is published.')
  await expect(page.getByRole('heading', { level: 1, name: 'Aurora Dourada' })).toBeVisible()
})

test.describe('without JavaScript, in English', () => {
  test.use({ javaScriptEnabled: false })

  test('the same choices as a plain form', async ({ page }) => {
    await page.goto(`${spec.base()}/language/en?to=/auth?mode=login`)
    await signInAurora(page, 'Password', 'Log in', false)
    await page.goto(`${spec.base()}/dashboard/photos`)
    const second = page.locator('main ol li').nth(1)
    await second.getByText('Rotate and crop').click()
    await second.getByLabel('Portrait (3:4)').check()
    await second.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('Photo updated')).toBeVisible(SLOW)
    const image = page.locator('main ol li').nth(1).getByRole('img', { name: 'Photo 2 of 3' })
    await expect(image).toHaveAttribute('src', /-r0-portrait-center-320\.webp$/)
    const src = await image.getAttribute('src')
    // 1200×1500 cut to 3:4: 1125×1500.
    expect(await sizeOf(page, src)).toEqual({ width: 320, height: 427, exif: undefined })
    // The form shows the photo's current choices.
    await page.locator('main ol li').nth(1).getByText('Rotate and crop').click()
    await expect(page.locator('main ol li').nth(1).getByLabel('Portrait (3:4)')).toBeChecked()
  })
})

test('killing the server in the middle of uploads leaves files and rows agreeing', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signInAurora(page)
  // Large photos keep the server busy for a while after it has received them; three at once,
  // so that the kill finds some of them half-way (row written, files being written).
  const bodies = await Promise.all(
    [7, 8, 9].map(async (seed) => readFile(await picture(seed, 5600, 7000))),
  )
  const before = new Set(await storedFiles())
  let answered = 0
  const uploads = bodies.map((buffer, index) =>
    page.request
      .post(`${spec.base()}/dashboard/photos/upload`, {
        headers: { origin: spec.base() },
        multipart: { photo: { name: `grande-${index}.jpg`, mimeType: 'image/jpeg', buffer } },
        timeout: 60_000,
      })
      .catch(() => undefined)
      .finally(() => answered++),
  )
  // The kill comes once the server writes a photo's files (a new file or folder in the write
  // area or in place), or once every upload has been answered if none was seen half-way.
  await expect
    .poll(
      async () =>
        (await storedFiles()).some((file) => !before.has(file)) || answered === uploads.length,
      { timeout: 60_000, intervals: [10] },
    )
    .toBe(true)
  await spec.server.stop('SIGKILL')
  await Promise.all(uploads)
  // Right after the kill, and again after a restart (which finishes what was left): every file
  // belongs to a row, every photo has all its files.
  const killed = spec.helper('checkMediaConsistency')
  expect(killed.missingFiles).toEqual([])
  expect(killed.orphanFiles).toEqual([])
  await spec.start()
  await spec.server.stop()
  const restarted = spec.helper('checkMediaConsistency')
  expect(restarted.missingFiles).toEqual([])
  expect(restarted.orphanFiles).toEqual([])
  if (!spec.storage.databaseUrl) {
    expect(restarted.states).not.toContain('uploading')
    expect(restarted.partialFiles).toBe(0)
  }
  await spec.start()
})
