import { ddexQuerySchema, releaseQcQuerySchema, trackQcQuerySchema } from './distribution.schemas';
import type { ServerDocs } from '../common/endpoint-server';

const ROLE = ' Role: reviewer (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** Validation and documentation of DISTRIBUTION_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const DISTRIBUTION_SERVER = {
  getTrackQc: {
    summary: 'Store QC of one of the caller’s audio uploads: status (checking, passed, refused), measured values, problems',
    description: '404 for a file that is not the caller’s.',
    query: trackQcQuerySchema,
    errors: [404],
  },
  getStoreReadiness: {
    summary: 'The store-ready checklist of the caller’s release: artwork and every track with its QC status and problems',
    description: '404 for another user’s release.',
    query: releaseQcQuerySchema,
    errors: [404],
  },
  opsReleaseQc: {
    summary: 'The store-ready checklist of any release, with every track’s measured values.' + ROLE,
    query: releaseQcQuerySchema,
    errors: [403, 404],
  },
  opsReleaseDdex: {
    summary: 'The ERN 4.3 NewReleaseMessage of an approved (or the takedown form of a taken-down) release for one store, as an XML download.' + ROLE,
    description: 'Validated against the ERN 4.3 schema before it is answered. 409 ddexNotApproved; 422 ddexInvalid with the schema errors.',
    query: ddexQuerySchema,
    codes: { 409: ['not_approved', 'artwork_missing', 'audio_missing'], 422: ['ddex_invalid'] },
    errors: [400, 403, 404, 409, 422],
  },
} satisfies ServerDocs;
