import * as yup from 'yup';
import { defineEndpoint } from '../common/endpoint';
import type { StoreReadyChecklist, TrackQc } from './distribution.qc';
import { ddexQuerySchema, releaseQcQuerySchema, trackQcQuerySchema } from './distribution.schemas';

type In<S extends yup.AnyObjectSchema> = yup.InferType<S>;
const any = yup.object({}).meta({ description: 'see the type in @portal/contracts' });
const ROLE = ' Role: reviewer (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** The distribution engine's wire map (docs/decisions/020): QC results and the DDEX message. */
export const DISTRIBUTION_ENDPOINTS = {
  getTrackQc: defineEndpoint<In<typeof trackQcQuerySchema>, TrackQc>({
    method: 'GET', path: 'getTrackQc', access: 'user', tag: 'releases',
    summary: 'Store QC of one of the caller’s audio uploads: status (checking, passed, refused), measured values, problems',
    description: '404 for a file that is not the caller’s.',
    query: trackQcQuerySchema, response: any, errors: [404],
  }),
  getStoreReadiness: defineEndpoint<In<typeof releaseQcQuerySchema>, StoreReadyChecklist>({
    method: 'GET', path: 'getStoreReadiness', access: 'user', tag: 'releases',
    summary: 'The store-ready checklist of the caller’s release: artwork and every track with its QC status and problems',
    description: '404 for another user’s release.',
    query: releaseQcQuerySchema, response: any, errors: [404],
  }),
  opsReleaseQc: defineEndpoint<In<typeof releaseQcQuerySchema>, StoreReadyChecklist>({
    method: 'GET', path: 'ops/releases/qc', access: 'staff', tag: 'ops',
    summary: 'The store-ready checklist of any release, with every track’s measured values.' + ROLE,
    query: releaseQcQuerySchema, response: any, errors: [403, 404],
  }),
  opsReleaseDdex: defineEndpoint<In<typeof ddexQuerySchema>, never>({
    method: 'GET', path: 'ops/releases/ddex', access: 'staff', tag: 'ops',
    summary: 'The ERN 4.3 NewReleaseMessage of an approved (or the takedown form of a taken-down) release for one store, as an XML download.' + ROLE,
    description: 'Validated against the ERN 4.3 schema before it is answered. 409 ddexNotApproved; 422 ddexInvalid with the schema errors.',
    query: ddexQuerySchema, file: true, errors: [400, 403, 404, 409, 422],
  }),
} as const;
