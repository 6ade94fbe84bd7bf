import * as yup from 'yup';
import { pagingFields } from './common/query.schemas';
import { STORES } from './lists/stores';
import { DELIVERY_DESK_FEED_FILTERS, DELIVERY_DESK_LIMITS, DELIVERY_DESK_MESSAGES as M, DELIVERY_DESK_STATE_FILTERS } from './store-loop-desk';

/**
 * Validation of the delivery desk's query (issue 38 item 12), apart from its texts, types and route
 * (`store-loop-desk.ts`, `store-loop-desk.routes.ts`) so that the console's page does not bundle yup.
 * `state`: needs_action (default), all, or one state; `store`: '' or a store of the list; `feed`: '',
 * test or live; paging as every console list.
 */
export const deliveryDeskQuerySchema = yup.object({
  ...pagingFields(DELIVERY_DESK_LIMITS.pageSize, DELIVERY_DESK_LIMITS.maxPageSize),
  state: yup.string().trim().optional().default('needs_action').oneOf([...DELIVERY_DESK_STATE_FILTERS], M.stateInvalid),
  store: yup
    .string()
    .trim()
    .optional()
    .default('')
    .oneOf(['', ...STORES.map((s) => s.name)], M.storeInvalid),
  feed: yup.string().trim().optional().default('').oneOf([...DELIVERY_DESK_FEED_FILTERS], M.feedInvalid),
});
export type DeliveryDeskQuery = yup.InferType<typeof deliveryDeskQuerySchema>;
