import { describe, expect, it } from 'vitest'
import { isCrawler } from '#app/domain/crawlers.ts'

describe('isCrawler', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'WhatsApp/2.23.20.0',
    'TelegramBot (like TwitterBot)',
    'curl/8.5.0',
    'Google-InspectionTool/1.0',
    '',
    null,
  ])('%j is a crawler', (agent) => {
    expect(isCrawler(agent)).toBe(true)
  })

  it.each([
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    // In-app browsers of messaging apps are people, not link previews.
    'Telegram-Android/11.2.3 (Linux; Android 14; Pixel 7)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [Pinterest/iOS]',
  ])('a browser is not: %s', (agent) => {
    expect(isCrawler(agent)).toBe(false)
  })
})
