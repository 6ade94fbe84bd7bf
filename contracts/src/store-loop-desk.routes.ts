import type * as yup from 'yup';
import { defineRoute } from './common/endpoint';
import type { DeliveryDeskRow } from './store-loop-desk';
import type { deliveryDeskQuerySchema } from './store-loop-desk.schemas';

/** The delivery desk's wire map (issue 38 item 12): its list; redelivery is STORE_LOOP_ENDPOINTS.opsRedeliver, a takedown's retry DELIVERY_ENDPOINTS.opsRetryDelivery. */
export const DELIVERY_DESK_ENDPOINTS = {
  opsDeliveryDesk: defineRoute<yup.InferType<typeof deliveryDeskQuerySchema>, DeliveryDeskRow[], 'GET'>({ method: 'GET', path: 'ops/deliveries/desk', access: 'staff', tag: 'ops', list: true }),
} as const;
