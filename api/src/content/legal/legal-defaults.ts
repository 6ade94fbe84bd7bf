import type { LegalPageName, LegalSection } from '@portal/contracts';

/**
 * The default legal texts of an independent-music distributor (docs/decisions/017). `{product}` and
 * `{supportEmail}` are filled when served. An operator replaces a page with `DATA_DIR/legal/<page>.md`;
 * these are a sensible start, not legal advice for any one country.
 */
export const DEFAULT_LEGAL_UPDATED = '2026-11-25';

export const DEFAULT_LEGAL: Record<LegalPageName, { title: string; sections: LegalSection[] }> = {
  terms: {
    title: 'Distribution Terms',
    sections: [
      {
        heading: 'What these terms cover',
        paragraphs: [
          'These terms are the agreement between you and {product} for delivering your recordings, videos, artwork and their details ("your releases") to digital stores and streaming services ("stores"). By creating an account or submitting a release you accept them.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You give true details (name, e-mail, phone, address) and keep your password to yourself. Typing your full name when you sign up is your signature on these terms. You are responsible for what is done with your account.',
        ],
      },
      {
        heading: 'Rights you grant us',
        paragraphs: [
          'You keep every right in your releases. You grant {product} a non-exclusive, worldwide licence, for as long as a release stays live, to copy, encode, deliver and display it, and to let the stores you choose sell, stream and promote it.',
          'You may choose the stores and services of each release and change them later; a store may need some days to add or remove a release.',
        ],
      },
      {
        heading: 'Your promises',
        paragraphs: [
          'You own or control every right in what you submit: the recording, the composition and lyrics, the artwork and any sample, and you have the permission of every artist, author, composer and producer you name.',
          'You do not submit content that copies another person’s work, misleads listeners about who the artist is, or breaks the law, and you never buy or fake plays, streams or followers.',
        ],
      },
      {
        heading: 'Review, identifiers and takedowns',
        paragraphs: [
          'Every release is reviewed before delivery. We may ask for changes, refuse a release, or take it down from the stores when it breaks these terms, a store’s rules or someone else’s rights; we tell you why.',
          'A UPC identifies one release and an ISRC one recording. If you do not have your own, we assign them; codes you enter must be yours.',
          'You can ask for a live release to be taken down at any time.',
        ],
      },
      {
        heading: 'Royalties and payouts',
        paragraphs: [
          'The money the stores report for your releases is credited to your account, less the share shown in your plan, and is listed in your statements. You can withdraw your balance to your bank account once it reaches the minimum shown on the withdrawal page.',
          'If a store reclaims money (for example for streams it finds to be fake), we may deduct it from your balance.',
        ],
      },
      {
        heading: 'Ending the agreement',
        paragraphs: [
          'You may close your account at any time; we then take your releases down and pay out your remaining balance. We may close an account that breaks these terms, after telling you why.',
        ],
      },
      {
        heading: 'Liability and changes',
        paragraphs: [
          'We deliver your releases with care but cannot promise that a store accepts, keeps or ranks them. We are not liable for a store’s decisions or for indirect losses.',
          'We may change these terms; we tell you by e-mail at least 30 days before a change that affects you takes effect.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['Questions about these terms: {supportEmail}.'],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: ['{product} distributes music and videos for independent artists and labels. This policy explains what personal data we keep, why, and what you can ask of us.'],
      },
      {
        heading: 'What we collect',
        paragraphs: [
          'Your account details (name, e-mail, phone, address and a hash of your password), the releases and artist names you enter, your bank details for payouts, your support tickets, and records of your sign-ins (time and IP address) to keep accounts safe.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To run your account, deliver your releases to the stores you choose, pay your royalties, answer your tickets, send you the e-mails the service needs (codes, reviews, payouts), and, only if you agreed at sign-up, offers and updates.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'The stores receive the release details you enter (artist names, credits, titles, artwork). Payment providers receive what a payout needs. Our hosting and e-mail providers process data on our behalf. We never sell your personal data.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'For as long as your account is open, and afterwards only as long as the law requires for payments and tax records.',
        ],
      },
      {
        heading: 'Your choices and rights',
        paragraphs: [
          'You can see and correct your details on your profile, stop offers and updates at any time, and ask us for a copy of your data or for its deletion.',
        ],
      },
      {
        heading: 'Cookies and storage',
        paragraphs: ['The portal keeps your sign-in in your browser’s storage. It uses no advertising or tracking cookies.'],
      },
      {
        heading: 'Contact',
        paragraphs: ['Privacy questions and requests: {supportEmail}.'],
      },
    ],
  },
};
