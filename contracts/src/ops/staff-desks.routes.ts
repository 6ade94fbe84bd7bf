import type * as yup from 'yup';
import { defineRoute } from '../common/endpoint';
import type { BulkApproveResult, bulkApproveSchema, ReportPreview, reportPreviewSchema, ReportQueueRow, reportQueueSchema } from './staff-desks';

const S = { access: 'staff', tag: 'ops' } as const;

/** The wire map of the report fulfilment desk and the review queue's bulk approval (issue 38). */
export const STAFF_DESK_ENDPOINTS = {
  bulkApprove: defineRoute<yup.InferType<typeof bulkApproveSchema>, BulkApproveResult, 'POST'>({ ...S, method: 'POST', path: 'ops/releases/approve-many' }),
  reportQueue: defineRoute<yup.InferType<typeof reportQueueSchema>, ReportQueueRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/reports/queue', list: true }),
  reportPreview: defineRoute<yup.InferType<typeof reportPreviewSchema>, ReportPreview, 'GET'>({ ...S, method: 'GET', path: 'ops/reports/preview' }),
} as const;
