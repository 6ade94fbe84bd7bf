import { catalogStoreStatesQuerySchema, opsAckQuerySchema, opsAcksQuerySchema, opsPollAcksSchema, opsRedeliverSchema, opsSendUpdateSchema, opsStoreLinkSchema, opsTargetFeedSchema, storeStatesQuerySchema } from './store-loop.schemas';
import type { ServerDocs } from './common/endpoint-server';

const ROLE = (role: string) => ` Role: ${role} (or admin), after the TOTP second factor of this session; anyone else gets the same 403.`;

/** Validation and documentation of STORE_LOOP_ENDPOINTS (docs/decisions/041), keyed by the same names. */
export const STORE_LOOP_SERVER = {
  getStoreStates: {
    summary: 'The caller’s release at each store in plain words: queued, delivered, ingested, refused (with the store’s reason and what happens next), live (with the link), taken down',
    description: '404 for another user’s release.',
    query: storeStatesQuerySchema,
    errors: [400, 404],
  },
  getCatalogStoreStates: {
    summary: 'Store states of up to 100 of the caller’s releases (comma-separated ids); another user’s ids are left out',
    query: catalogStoreStatesQuerySchema,
    errors: [400],
  },
  opsAcks: {
    summary: 'Acknowledgements of a release (release_id), or without it the ones to look at (malformed, unmatched, unknown status).' + ROLE('reviewer'),
    query: opsAcksQuerySchema,
    errors: [400, 403, 404],
  },
  opsAck: {
    summary: 'One acknowledgement with its raw text.' + ROLE('reviewer'),
    query: opsAckQuerySchema,
    errors: [400, 403, 404],
  },
  opsRedeliver: {
    summary: 'Send a release again to a store that refused it (or to which it failed) (audited).' + ROLE('reviewer'),
    body: opsRedeliverSchema,
    codes: { 409: ['not_refused'] },
    errors: [400, 403, 404, 409],
  },
  opsStoreLink: {
    summary: 'Set the link of a delivered release at a store; on a live feed the store is then Live for the artist (audited).' + ROLE('reviewer'),
    body: opsStoreLinkSchema,
    codes: { 409: ['not_delivered'] },
    errors: [400, 403, 404, 409],
  },
  opsSendUpdate: {
    summary: 'Send an approved release again as a complete NewReleaseMessage (same identifiers, newer MessageCreatedDateTime) to every store that has it (audited).' + ROLE('reviewer'),
    body: opsSendUpdateSchema,
    codes: { 409: ['not_approved', 'not_delivered'] },
    errors: [400, 403, 404, 409],
  },
  opsTargetFeed: {
    summary: 'Switch a delivery target between its test and live feed (audited).' + ROLE('admin'),
    body: opsTargetFeedSchema,
    errors: [400, 403, 404],
  },
  opsPollAcks: {
    summary: 'Read the acknowledgements of every target (or one store) now.' + ROLE('reviewer'),
    body: opsPollAcksSchema,
    errors: [400, 403],
  },
} satisfies ServerDocs;
