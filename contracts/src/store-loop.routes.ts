import type * as yup from 'yup';
import { defineRoute } from './common/endpoint';
import type { AckPollResult, AckRow, CatalogStoreStates, DeliveryFeed, StoreStateRow } from './store-loop';
import type { storeStatesQuerySchema, catalogStoreStatesQuerySchema, opsAcksQuerySchema, opsAckQuerySchema, opsRedeliverSchema, opsStoreLinkSchema, opsSendUpdateSchema, opsTargetFeedSchema, opsPollAcksSchema } from './store-loop.schemas';

/** The store loop's wire map. */
export const STORE_LOOP_ENDPOINTS = {
  getStoreStates: defineRoute<yup.InferType<typeof storeStatesQuerySchema>, StoreStateRow[], 'GET'>({ method: 'GET', path: 'getStoreStates', access: 'user', tag: 'releases', list: true }),
  getCatalogStoreStates: defineRoute<yup.InferType<typeof catalogStoreStatesQuerySchema>, CatalogStoreStates[], 'GET'>({ method: 'GET', path: 'getCatalogStoreStates', access: 'user', tag: 'releases', list: true }),
  opsAcks: defineRoute<yup.InferType<typeof opsAcksQuerySchema>, AckRow[], 'GET'>({ method: 'GET', path: 'ops/deliveries/acks', access: 'staff', tag: 'ops', list: true }),
  opsAck: defineRoute<yup.InferType<typeof opsAckQuerySchema>, AckRow, 'GET'>({ method: 'GET', path: 'ops/deliveries/ack', access: 'staff', tag: 'ops' }),
  opsRedeliver: defineRoute<yup.InferType<typeof opsRedeliverSchema>, { delivery_id: number; store: string }, 'POST'>({ method: 'POST', path: 'ops/deliveries/redeliver', access: 'staff', tag: 'ops' }),
  opsStoreLink: defineRoute<yup.InferType<typeof opsStoreLinkSchema>, { delivery_id: number; store: string; url: string }, 'POST'>({ method: 'POST', path: 'ops/deliveries/link', access: 'staff', tag: 'ops' }),
  opsSendUpdate: defineRoute<yup.InferType<typeof opsSendUpdateSchema>, { release_id: number; stores: string[] }, 'POST'>({ method: 'POST', path: 'ops/deliveries/update', access: 'staff', tag: 'ops' }),
  opsTargetFeed: defineRoute<yup.InferType<typeof opsTargetFeedSchema>, { target_id: number; store: string; feed: DeliveryFeed }, 'POST'>({ method: 'POST', path: 'ops/delivery-targets/feed', access: 'staff', tag: 'ops' }),
  opsPollAcks: defineRoute<yup.InferType<typeof opsPollAcksSchema>, AckPollResult, 'POST'>({ method: 'POST', path: 'ops/deliveries/poll-acks', access: 'staff', tag: 'ops' }),
} as const;
