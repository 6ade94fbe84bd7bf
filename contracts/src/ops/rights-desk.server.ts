import type { ServerDocs } from '../common/endpoint-server';
import { rightsDecideSchema, rightsDeskListSchema } from './rights-desk';

const ROLE = ' Role: support (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** Validation and documentation of RIGHTS_DESK_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const RIGHTS_DESK_SERVER = {
  rightsRequests: {
    summary: 'Tools and rights requests of one kind (or all) and status (default in_review, oldest first; otherwise newest first), with their submitted details.' + ROLE,
    query: rightsDeskListSchema,
    errors: [400, 403],
  },
  decideRightsRequest: {
    summary: 'Approve or reject (with a reason) a request in review, once; audited in the same transaction; the artist’s bell is told.' + ROLE,
    description: '409 alreadyDecided when it is no longer in review (of two concurrent decisions one wins); 404 for an unknown kind and id.',
    body: rightsDecideSchema,
    codes: { 409: ['already_decided'] },
    errors: [400, 403, 404, 409],
  },
} satisfies ServerDocs;
