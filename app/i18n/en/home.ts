import type { Strings } from '#app/i18n/pt/home.ts'

// English strings of the home area: the same keys as pt/home.ts, checked by the type.
export const strings: Strings = {
  home: {
    heroTitle: 'Verified escorts, direct contact',
    heroSubtitle:
      'Profiles of adult advertisers whose identity our team has checked, all over Brazil.',
    features: {
      verifiedTitle: 'Verified profiles',
      verifiedText: 'Every advertiser has her identity checked by hand before publishing.',
      discretionTitle: 'Discretion',
      discretionText: 'Browse without an account. We neither ask for nor keep data of visitors.',
      whatsappTitle: 'Contact on WhatsApp',
      whatsappText: 'Talk directly to the advertiser, with no middleman.',
    },
    profilesHeading: 'Featured profiles',
    noProfiles: 'No profiles found',
    whyHeading: 'Why choose Aprova',
    why: {
      verification: 'Manual identity verification of every advertiser',
      honestRanking: 'Fair order: profiles take turns every minute within the same plan',
      directContact: 'Direct contact, no brokering and no fees on meetings',
      privacy: 'Photos without metadata, documents never public',
      bilingual: 'In Portuguese and English, fast even on a basic phone',
    },
  },
  feed: {
    availableIn: 'Available in {city}',
    viewAll: 'View all',
    trustLine: 'Every advertiser has her identity verified by our team.',
    viewMore: {
      one: 'View more: {count} profile, {online} online now',
      other: 'View more: {count} profiles, {online} online now',
    },
    nationalCount: {
      one: '{count} verified profile across Brazil',
      other: '{count} verified profiles across Brazil',
    },
    cityCount: { one: '{count} profile in {city}', other: '{count} profiles in {city}' },
  },
}
