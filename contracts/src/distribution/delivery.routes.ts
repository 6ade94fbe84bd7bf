import type * as yup from 'yup';
import type { DeliveryRow, DeliveryTargetRow } from './distribution.delivery';
import type { deliveryIdSchema, deliveryReleaseQuerySchema, deliveryTargetSchema, storeTakedownSchema } from './delivery.schemas';
import { defineRoute } from '../common/endpoint';

export const DELIVERY_ENDPOINTS = {
  getDeliveries: defineRoute<yup.InferType<typeof deliveryReleaseQuerySchema>, DeliveryRow[], 'GET'>({ method: 'GET', path: 'getDeliveries', access: 'user', tag: 'releases', list: true }),
  opsDeliveries: defineRoute<yup.InferType<typeof deliveryReleaseQuerySchema>, DeliveryRow[], 'GET'>({ method: 'GET', path: 'ops/deliveries', access: 'staff', tag: 'ops', list: true }),
  opsRetryDelivery: defineRoute<yup.InferType<typeof deliveryIdSchema>, DeliveryRow, 'POST'>({ method: 'POST', path: 'ops/deliveries/retry', access: 'staff', tag: 'ops' }),
  opsStoreTakedown: defineRoute<yup.InferType<typeof storeTakedownSchema>, DeliveryRow, 'POST'>({ method: 'POST', path: 'ops/deliveries/takedown', access: 'staff', tag: 'ops' }),
  opsDeliveryTargets: defineRoute<void, DeliveryTargetRow[], 'GET'>({ method: 'GET', path: 'ops/delivery-targets', access: 'staff', tag: 'ops', list: true }),
  opsSaveDeliveryTarget: defineRoute<yup.InferType<typeof deliveryTargetSchema>, DeliveryTargetRow, 'POST'>({ method: 'POST', path: 'ops/delivery-targets/save', access: 'staff', tag: 'ops' }),
} as const;
