import type { Dictionary } from './pt.ts'

// English interface strings: the same keys as pt.ts, checked by the type.
export const en: Dictionary = {
  site: {
    name: 'Aprova',
    tagline: 'Verified escorts in Brazil',
    adultsOnly: 'Content for adults aged 18 and over only.',
  },
  meta: {
    homeTitle: 'Aprova – Verified escorts in Brazil',
    homeDescription:
      'Directory of verified adult advertisers across Brazil. Browse by city, neighbourhood and service and talk directly on WhatsApp.',
    notFoundTitle: 'Page not found – Aprova',
    errorTitle: 'Error – Aprova',
  },
  a11y: {
    skipToContent: 'Skip to content',
    mainNavigation: 'Main navigation',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    menuTitle: 'Menu',
    menuDescription: 'Site links, cities and account',
    languageSwitcher: 'Language',
    homeLink: 'Aprova, home page',
  },
  header: {
    about: 'About',
    cities: 'Cities',
    login: 'Log in',
    signup: 'Sign up',
    dashboard: 'Dashboard',
    logout: 'Log out',
    switchToPt: 'Português',
    switchToEn: 'English',
    ptShort: 'PT',
    enShort: 'EN',
  },
  footer: {
    citiesHeading: 'Cities',
    southHeading: 'South region',
    infoHeading: 'Information',
    about: 'About us',
    terms: 'Terms of use',
    privacy: 'Privacy',
    neutralSpace:
      'Aprova is a neutral advertising space: we do not broker, take part in or take money from any meeting between clients and advertisers.',
    rights: '© {year} Aprova. All rights reserved.',
  },
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
  profileCard: {
    demo: 'Demo',
    demoHint: 'Demonstration profile: not a real person.',
    age: '{age} years',
    rate: '{rate}/hour',
    photoAlt: 'Photo of {name}',
    photoSoon: 'Photo coming soon',
    touring: 'Available for travel',
  },
  notFound: {
    title: 'Oops! Page not found',
    text: 'The address you opened does not exist or was removed.',
    home: 'Return to Home',
  },
  error: {
    title: 'Something went wrong',
    text: 'An unexpected error occurred. Please try again in a moment.',
    badRequestTitle: 'Invalid request',
    badRequestText: 'The address or the data sent are not valid.',
    forbiddenTitle: 'Access denied',
    forbiddenText: 'You are not allowed to see this page.',
    tryAgain: 'Try again',
    reload: 'Reload',
    home: 'Return to Home',
  },
}
