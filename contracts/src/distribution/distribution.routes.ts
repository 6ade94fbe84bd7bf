import type * as yup from 'yup';
import type { StoreReadyChecklist, TrackQc } from './distribution.qc';
import type { ddexQuerySchema, releaseQcQuerySchema, trackQcQuerySchema } from './distribution.schemas';
import { defineRoute } from '../common/endpoint';

/** The distribution engine's wire map (docs/decisions/020): QC results and the DDEX message. */
export const DISTRIBUTION_ENDPOINTS = {
  getTrackQc: defineRoute<yup.InferType<typeof trackQcQuerySchema>, TrackQc, 'GET'>({ method: 'GET', path: 'getTrackQc', access: 'user', tag: 'releases' }),
  getStoreReadiness: defineRoute<yup.InferType<typeof releaseQcQuerySchema>, StoreReadyChecklist, 'GET'>({ method: 'GET', path: 'getStoreReadiness', access: 'user', tag: 'releases' }),
  opsReleaseQc: defineRoute<yup.InferType<typeof releaseQcQuerySchema>, StoreReadyChecklist, 'GET'>({ method: 'GET', path: 'ops/releases/qc', access: 'staff', tag: 'ops' }),
  opsReleaseDdex: defineRoute<yup.InferType<typeof ddexQuerySchema>, never, 'GET'>({ method: 'GET', path: 'ops/releases/ddex', access: 'staff', tag: 'ops', file: true }),
} as const;
