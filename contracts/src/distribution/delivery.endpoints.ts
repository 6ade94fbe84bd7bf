import * as yup from 'yup';
import { defineEndpoint } from '../common/endpoint';
import type { DeliveryRow, DeliveryTargetRow } from './distribution.delivery';
import { deliveryIdSchema, deliveryReleaseQuerySchema, deliveryTargetSchema, storeTakedownSchema } from './delivery.schemas';

type In<S extends yup.AnyObjectSchema> = yup.InferType<S>;
const any = yup.object({}).meta({ description: 'see the type in @portal/contracts' });
const ROLE = (role: string) => ` Role: ${role} (or admin), after the TOTP second factor of this session; anyone else gets the same 403.`;

export const DELIVERY_ENDPOINTS = {
  getDeliveries: defineEndpoint<In<typeof deliveryReleaseQuerySchema>, DeliveryRow[]>({
    method: 'GET', path: 'getDeliveries', access: 'user', tag: 'releases',
    summary: 'Where the caller’s release is, per store: queued, delivering, delivered (with the date), failed, taken down',
    description: '404 for another user’s release.',
    query: deliveryReleaseQuerySchema, response: any, list: true, errors: [404],
  }),
  opsDeliveries: defineEndpoint<In<typeof deliveryReleaseQuerySchema>, DeliveryRow[]>({
    method: 'GET', path: 'ops/deliveries', access: 'staff', tag: 'ops',
    summary: 'Every store delivery of a release with attempts and the last error.' + ROLE('reviewer'),
    query: deliveryReleaseQuerySchema, response: any, list: true, errors: [403, 404],
  }),
  opsRetryDelivery: defineEndpoint<In<typeof deliveryIdSchema>, DeliveryRow>({
    method: 'POST', path: 'ops/deliveries/retry', access: 'staff', tag: 'ops',
    summary: 'Queue a failed delivery again (audited).' + ROLE('reviewer'),
    description: '409 notFailed.',
    body: deliveryIdSchema, response: any, errors: [400, 403, 404, 409],
  }),
  opsStoreTakedown: defineEndpoint<In<typeof storeTakedownSchema>, DeliveryRow>({
    method: 'POST', path: 'ops/deliveries/takedown', access: 'staff', tag: 'ops',
    summary: 'Take a delivered release down from one store: its takedown message is delivered there (audited).' + ROLE('reviewer'),
    description: '409 notDelivered.',
    body: storeTakedownSchema, response: any, errors: [400, 403, 404, 409],
  }),
  opsDeliveryTargets: defineEndpoint<void, DeliveryTargetRow[]>({
    method: 'GET', path: 'ops/delivery-targets', access: 'staff', tag: 'ops',
    summary: 'Configured delivery targets, without their credentials.' + ROLE('admin'),
    response: any, list: true, errors: [403],
  }),
  opsSaveDeliveryTarget: defineEndpoint<In<typeof deliveryTargetSchema>, DeliveryTargetRow>({
    method: 'POST', path: 'ops/delivery-targets/save', access: 'staff', tag: 'ops',
    summary: 'Create (no target_id) or change a delivery target; credentials are encrypted at rest and never answered; an empty password or key keeps the stored one (audited).' + ROLE('admin'),
    body: deliveryTargetSchema, response: any, errors: [400, 403, 404],
  }),
} as const;
