import type * as yup from 'yup';
import { defineRoute } from '../common/endpoint';
import type { BankFile, bankFileSchema, paymentRunRateSchema, payoutRunListSchema, PaymentRunRow, payoutRunSchema, PayoutDeskDetail, payoutIdSchema } from './payout-desk';

const FIN = { access: 'staff', tag: 'ops' } as const;

/** The payout desk's wire map (the list itself is OPS_ENDPOINTS.payouts, with the status filter). */
export const PAYOUT_DESK_ENDPOINTS = {
  payoutDetail: defineRoute<yup.InferType<typeof payoutIdSchema>, PayoutDeskDetail, 'GET'>({ ...FIN, method: 'GET', path: 'ops/payouts/detail' }),
  createPaymentRun: defineRoute<yup.InferType<typeof payoutRunSchema>, PaymentRunRow, 'POST'>({ ...FIN, method: 'POST', path: 'ops/payouts/runs/create' }),
  paymentRuns: defineRoute<yup.InferType<typeof payoutRunListSchema>, PaymentRunRow[], 'GET'>({ ...FIN, method: 'GET', path: 'ops/payouts/runs', list: true }),
  paymentRunRate: defineRoute<yup.InferType<typeof paymentRunRateSchema>, PaymentRunRow, 'POST'>({ ...FIN, method: 'POST', path: 'ops/payouts/runs/rate' }),
  bankFile: defineRoute<yup.InferType<typeof bankFileSchema>, BankFile, 'GET'>({ ...FIN, method: 'GET', path: 'ops/payouts/runs/file' }),
} as const;
