import type * as yup from 'yup';
import { defineRoute } from '../common/endpoint';
import type { rightsDecideSchema, RightsDeskRow, rightsDeskListSchema } from './rights-desk';

const SUP = { access: 'staff', tag: 'ops' } as const;

/** The rights desk's wire map. */
export const RIGHTS_DESK_ENDPOINTS = {
  rightsRequests: defineRoute<yup.InferType<typeof rightsDeskListSchema>, RightsDeskRow[], 'GET'>({ ...SUP, method: 'GET', path: 'ops/rights', list: true }),
  decideRightsRequest: defineRoute<yup.InferType<typeof rightsDecideSchema>, RightsDeskRow, 'POST'>({ ...SUP, method: 'POST', path: 'ops/rights/decide' }),
} as const;
