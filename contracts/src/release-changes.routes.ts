import type * as yup from 'yup';
import { defineRoute } from './common/endpoint';
import type { ReleaseChangeDecision, ReleaseChangeRow } from './release-changes';
import type { opsReleaseChangeApproveSchema, opsReleaseChangeDeclineSchema, opsReleaseChangesQuerySchema, releaseChangeRequestSchema, releaseChangesQuerySchema } from './release-changes.schemas';

/** Changes to an approved release (issue 39 §3): the artist asks, staff (reviewers) approve or decline. */
export const RELEASE_CHANGE_ENDPOINTS = {
  requestReleaseChange: defineRoute<yup.InferType<typeof releaseChangeRequestSchema>, ReleaseChangeRow, 'POST'>({ method: 'POST', path: 'requestReleaseChange', access: 'user', tag: 'releases' }),
  getReleaseChanges: defineRoute<yup.InferType<typeof releaseChangesQuerySchema>, ReleaseChangeRow[], 'GET'>({ method: 'GET', path: 'getReleaseChanges', access: 'user', tag: 'releases', list: true }),
  opsReleaseChanges: defineRoute<yup.InferType<typeof opsReleaseChangesQuerySchema>, ReleaseChangeRow[], 'GET'>({ method: 'GET', path: 'ops/releases/changes', access: 'staff', tag: 'ops', list: true }),
  opsApproveReleaseChange: defineRoute<yup.InferType<typeof opsReleaseChangeApproveSchema>, ReleaseChangeDecision, 'POST'>({ method: 'POST', path: 'ops/releases/changes/approve', access: 'staff', tag: 'ops' }),
  opsDeclineReleaseChange: defineRoute<yup.InferType<typeof opsReleaseChangeDeclineSchema>, ReleaseChangeDecision, 'POST'>({ method: 'POST', path: 'ops/releases/changes/decline', access: 'staff', tag: 'ops' }),
} as const;
