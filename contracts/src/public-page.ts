import { defineRoute } from './common/endpoint';

/**
 * The public page of a release (issue 39 §4, docs/decisions/037): `/r/<slug>`, server-rendered by the API
 * (not a remote), with one button per live store and, before the release date, a pre-save form. This
 * file holds its wire route (the artist's card), limits, texts and the pre-save form's schema; the page
 * itself is HTML outside `/api` and outside the wire map.
 */

/** Path prefix of the public pages (the API serves it ahead of the shell's client routes). */
export const PUBLIC_PAGE_PREFIX = '/r/';
/** The address of a release's public page: `/r/<slug>` (relative to the portal's URL). */
export const publicPagePath = (slug: string): string => `${PUBLIC_PAGE_PREFIX}${encodeURIComponent(slug)}`;

/** Limits of the public page and its pre-save list. */
export const PUBLIC_PAGE_LIMITS = {
  /** Longest slug: up to 48 characters of the title, a dash and 6 random characters. */
  slugMaxLength: 56,
  /** Longest e-mail address accepted (RFC 5321 path limit). */
  emailMaxLength: 254,
  /** Pre-save sign-ups one client (hashed address, never stored) may send per window. */
  signupsPerWindow: 5,
  /** The window of that limit, seconds. */
  signupWindowSeconds: 600,
  /** Confirmation mails one address gets per page per day (a second sign-up within a day mails nothing). */
  confirmMailsPerDay: 1,
  /** An unconfirmed sign-up is deleted after this many days. */
  unconfirmedDays: 7,
  /** Days after the release date the release-day mail still goes out without any live store (then with the page's address only). */
  waitForStoresDays: 2,
} as const;

/** A release's public page for its artist: the address and the counts (visits, clicks per store; no cookies, no IP addresses). */
export type PublicPageStats = {
  /** The slug of `/r/<slug>`. */
  slug: string;
  /** The page's path, `/r/<slug>`; the card makes it absolute with the portal's origin. */
  path: string;
  /** `presave` before the release date (the page takes e-mail addresses), `live` from it on. */
  state: 'presave' | 'live';
  /** Page views since the page exists (GET of the page; HEAD and link previews' prefetches excluded). */
  visits: number;
  /** Clicks on each store's button, by store name, the most clicked first. */
  clicks: Array<{ store: string; clicks: number }>;
  /** Confirmed pre-save addresses (a count only; the artist never sees the addresses). */
  presaves: number;
};

/** The artist's half of the public page (the page itself is `/r/<slug>`, HTML, outside the wire map). */
export const PUBLIC_PAGE_ENDPOINTS = {
  getPublicPage: defineRoute<{ release_id: number }, PublicPageStats, 'GET'>({ method: 'GET', path: 'getPublicPage', access: 'user', tag: 'releases' }),
} as const;

/** Messages of the artist's endpoint. */
export const PUBLIC_PAGE_MESSAGES = {
  page: 'Public page',
  notApproved: 'The public page opens once the release is approved.',
} as const;


/**
 * Texts of the public page (HTML) and its mails. `{placeholders}` are filled with `fillMessage` and
 * HTML-escaped by the page's renderer.
 */
export const PUBLIC_PAGE_TEXTS = {
  by: 'by {artists}',
  outOn: 'Out {date}',
  releasedOn: 'Released {date}',
  listenOn: 'Listen on {store}',
  storesHeading: 'Listen now',
  noStoresYet: 'The stores are getting it ready. Check back soon.',
  presaveHeading: 'Get it on release day',
  presaveLead: 'Leave your e-mail address and we send you the links on {date}, once. Nothing else.',
  emailLabel: 'E-mail address',
  consentLabel: 'Send me one e-mail with the links on release day. I can unsubscribe with the link in every e-mail, which also deletes my address.',
  presaveButton: 'Remind me',
  checkInboxTitle: 'Check your inbox',
  checkInboxText: 'If the address is right, a mail with a confirmation link is on its way. Your address is kept only after you confirm it.',
  confirmTitle: 'Confirm your address',
  confirmText: 'Press the button to get one e-mail with the links to "{title}" on release day.',
  confirmButton: 'Confirm',
  confirmedTitle: 'You are on the list',
  confirmedText: 'We send the links to "{title}" on {date}, once. Every mail has a link that unsubscribes you and deletes your address.',
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeText: 'Press the button to unsubscribe from "{title}" and delete your e-mail address.',
  unsubscribeButton: 'Unsubscribe and delete my address',
  unsubscribedTitle: 'Unsubscribed',
  unsubscribedText: 'Your e-mail address is deleted. You will get no more mail about this release.',
  linkInvalidTitle: 'This link no longer works',
  linkInvalidText: 'It was used already, or the address was deleted.',
  tooManyTitle: 'Too many tries',
  tooManyText: 'Please try again in a few minutes.',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no release at this address.',
  backToRelease: 'Back to the release',
  privacy: 'No cookies. Visits and clicks are counted without storing your IP address.',
  confirmMailSubject: 'Confirm: links to "{title}" on release day',
  confirmMailText:
    'Hello,\n\nsomeone (hopefully you) asked for the links to "{title}" by {artists} on its release day, {date}.\n\nConfirm your address here:\n{confirmUrl}\n\nIf it was not you, ignore this mail: the address is deleted in {days} days unless it is confirmed.\n\nUnsubscribe and delete your address: {unsubscribeUrl}\n',
  releaseMailSubject: '"{title}" is out now',
  releaseMailText: 'Hello,\n\n"{title}" by {artists} is out today. Listen here:\n\n{links}\n\nAll links: {pageUrl}\n\nThis is the only mail you get for this release. Your address is deleted now.\nUnsubscribe and delete your address: {unsubscribeUrl}\n',
} as const;

/** Texts of the artist's card on the release page (mfe-releases `PublicLinkCard`). */
export const PUBLIC_PAGE_UI = {
  heading: 'Public page',
  lead: 'Share this address with your fans: it shows the artwork and one button per store, and takes pre-saves before the release date.',
  addressLabel: 'Address of the public page',
  copy: 'Copy address',
  copied: 'Address copied.',
  copyFailed: 'Could not copy: select the address and copy it.',
  open: 'Open page',
  visits: 'Visits',
  presaves: 'Pre-saves',
  clicksHeading: 'Clicks per store',
  noClicks: 'No clicks yet.',
  statePresave: 'Pre-save page until the release date',
  stateLive: 'Live page',
  privacyNote: 'Counted without cookies and without storing IP addresses.',
} as const;
