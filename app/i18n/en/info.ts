import type { Strings } from '#app/i18n/pt/info.ts'

// English strings of the info area: the same keys as pt/info.ts, checked by the type.
export const strings: Strings = {
  aboutPage: {
    title: 'About Aprova',
    description:
      'Who we are: a neutral advertising space for identity-verified adult escorts, fast, bilingual and honest about ranking.',
    heroTitle: 'An honest directory of verified escorts',
    heroText:
      'Aprova is an advertising space: adult advertisers publish their own profile, our team checks each one’s identity, and visitors talk to them directly. We do not broker meetings or take any money for them.',
    techHeading: 'How the site works',
    tech: {
      verificationTitle: 'Checked by hand',
      verificationText:
        'Each advertiser’s document and selfie are checked by a person on our team and deleted after the decision.',
      speedTitle: 'Fast on any phone',
      speedText:
        'Pages rendered on the server, light WebP images and little JavaScript: quick even on a weak mobile network.',
      privacyTitle: 'Private by default',
      privacyText:
        'Photos without metadata or location, no third-party trackers, and statistics kept without IP addresses (LGPD).',
      rankingTitle: 'Fair, open ranking',
      rankingText:
        'Within each plan, profiles take turns every minute; paid plans come first, and we say so plainly.',
    },
    numbersHeading: 'Aprova today',
    numbers: {
      profiles: 'published profiles',
      cities: 'cities with ads',
      coverage: 'cities covered',
      languages: 'languages: Portuguese and English',
    },
    trustHeading: 'Trust comes first',
    trustTagline: 'Direct ads, verified identity, no middleman.',
    trustText:
      'Suspicious profiles can be reported at any time and are reviewed by our team. Never pay in advance by Pix to unknown numbers.',
    ctaProvider: 'I want to advertise',
    ctaClient: 'Create a client account',
  },
  termsPage: {
    title: 'Terms of use',
    description:
      'Aprova terms of use for advertisers and clients: verification, conduct, privacy (LGPD) and advertising policy.',
    updated: 'Last updated: January 2024',
    versions: 'Versions of the terms',
    tabs: { anunciante: 'Advertiser', cliente: 'Client' },
    contents: 'Contents',
    support: 'Questions about these terms? Contact support:',
  },
  cityDirectory: {
    heading: 'Cities',
    intro:
      'Every city with verified advertisers, by state. The number counts the advertisers who live in each city; the city page also shows those who visit it while touring.',
    description:
      'Every city in Brazil with verified escorts on Aprova, by state, with the number of profiles in each.',
    states: 'States',
    cityProfiles: { one: '{count} profile', other: '{count} profiles' },
    stateSummary: {
      one: '{count} profile in {cities}',
      other: '{count} profiles in {cities}',
    },
    cities: { one: '{count} city', other: '{count} cities' },
    empty: 'No city has profiles at the moment.',
  },
}
