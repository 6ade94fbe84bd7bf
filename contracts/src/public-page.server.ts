import type { ServerDocs } from './common/endpoint-server';
import { publicPageQuerySchema } from './public-page.schemas';

/** Validation and documentation of PUBLIC_PAGE_ENDPOINTS (docs/decisions/014, 037), keyed by the same names. */
export const PUBLIC_PAGE_SERVER = {
  getPublicPage: {
    summary: 'The public page of the caller’s approved release (/r/<slug>, made on first ask): its address, state (pre-save or live), visits, clicks per store and confirmed pre-saves',
    description: 'Counted without cookies and without storing IP addresses. 404 for another user’s or an unknown release; 409 not_approved before approval or after a takedown.',
    query: publicPageQuerySchema,
    codes: { 409: ['not_approved'] },
    errors: [404, 409],
  },
} satisfies ServerDocs;
