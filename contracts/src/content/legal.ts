
/**
 * The public legal pages (core §2 /signup "distribution terms and privacy policy"; the wizard's and the
 * video form's links): /terms and /privacy, readable logged out and logged in. The portal ships a
 * default text; an operator replaces it with `DATA_DIR/legal/<page>.md` (docs/decisions/017).
 */
export const LEGAL_PAGES = ['terms', 'privacy'] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number];

/** Where each page lives in the portal. */
export const LEGAL_PATHS: Record<LegalPageName, string> = { terms: '/terms', privacy: '/privacy' };

export type LegalSection = { heading: string; paragraphs: string[] };

/** GET /api/legal/:page body: the page's title, date (YYYY-MM-DD), sections, and whether the operator's text replaced the default. */
export type LegalDocument = { page: LegalPageName; title: string; updated: string; sections: LegalSection[]; operator: boolean };

export const LEGAL_MESSAGES = {
  page: 'Legal page.',
} as const;

/** Labels of the legal pages. Ours to word (the spec names the pages, not their text). */
export const LEGAL_UI = {
  loading: 'Loading…',
  loadFailed: 'This page could not be loaded.',
  retry: 'Try again',
  updated: 'Last updated {date}',
  contents: 'Contents',
  otherTerms: 'Distribution terms',
  otherPrivacy: 'Privacy policy',
  backToSignup: 'Back to sign up',
  backToPortal: 'Back to the portal',
} as const;

