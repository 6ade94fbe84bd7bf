import * as yup from 'yup';
import { defineEndpoint } from '../common/endpoint';
import { idField } from '../common/query.schemas';
import { STORES } from '../lists/stores';

/** Per-store delivery (docs/decisions/020). */
export const DELIVERY_STATUSES = ['queued', 'delivering', 'delivered', 'failed', 'taken_down'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export type DeliveryKind = 'release' | 'takedown';

export const DELIVERY_MESSAGES = {
  deliveries: 'Deliveries',
  targets: 'Delivery targets',
  targetSaved: 'Delivery target saved.',
  targetNotFound: 'Delivery target not found.',
  deliveryNotFound: 'Delivery not found.',
  retryQueued: 'The delivery is queued again.',
  notFailed: 'Only a failed delivery can be retried.',
  takedownQueued: 'The takedown is queued for {store}.',
  notDelivered: 'The release is not delivered to {store}.',
  storeRequired: 'Please choose a store.',
  hostRequired: 'Please enter the host.',
  pathRequired: 'Please enter the folder path (absolute, starting with /).',
  usernameRequired: 'Please enter the user name.',
  secretRequired: 'Please enter a password or a private key.',
  dpidFormat: 'The DPID must start with PADPIDA followed by letters or digits.',
  portRange: 'The port must be between 1 and 65535.',
  s3NotYet: 'Only SFTP delivery is available for now.',
} as const;

/** How the artist and staff see a store's state: "Delivered to Spotify on 25 Nov 2026". */
export const DELIVERY_UI = {
  heading: 'Stores',
  empty: 'Not sent to any store yet.',
  status: { queued: 'Queued for {store}', delivering: 'Delivering to {store}…', delivered: 'Delivered to {store} on {date}', failed: 'Delivery to {store} failed', taken_down: 'Taken down from {store} on {date}' },
  retry: 'Retry',
  takedownStore: 'Take down from this store',
  attempts: 'attempts',
} as const;

/** A release's delivery at one store, as the artist sees it (staff also get id, attempts, error). */
export type DeliveryRow = { delivery_id: number; store: string; kind: DeliveryKind; status: DeliveryStatus; batch_id: string; delivered_at: string | null; updated_at: string; attempts?: number; last_error?: string };
/** A delivery target without its credentials. */
export type DeliveryTargetRow = { target_id: number; store: string; dpid: string; protocol: 'sftp'; host: string; port: number; path: string; username: string; has_password: boolean; has_private_key: boolean; enabled: boolean };

const storeField = () => yup.string().trim().required(DELIVERY_MESSAGES.storeRequired).oneOf(STORES.map((s) => s.name), DELIVERY_MESSAGES.storeRequired);
export const deliveryReleaseQuerySchema = yup.object({ release_id: idField('Release not found.') });
export const deliveryIdSchema = yup.object({ delivery_id: idField(DELIVERY_MESSAGES.deliveryNotFound) });
export const storeTakedownSchema = yup.object({ release_id: idField('Release not found.'), store: storeField() });
export const deliveryTargetSchema = yup.object({
  target_id: yup.number().integer().positive().optional(),
  store: storeField(),
  dpid: yup.string().trim().required(DELIVERY_MESSAGES.dpidFormat).matches(/^PADPIDA[a-zA-Z0-9]+$/, DELIVERY_MESSAGES.dpidFormat).max(64, DELIVERY_MESSAGES.dpidFormat),
  protocol: yup.string().trim().default('sftp').oneOf(['sftp'], DELIVERY_MESSAGES.s3NotYet),
  host: yup.string().trim().required(DELIVERY_MESSAGES.hostRequired).max(255, DELIVERY_MESSAGES.hostRequired),
  port: yup.number().typeError(DELIVERY_MESSAGES.portRange).integer(DELIVERY_MESSAGES.portRange).min(1, DELIVERY_MESSAGES.portRange).max(65535, DELIVERY_MESSAGES.portRange).default(22),
  path: yup.string().trim().required(DELIVERY_MESSAGES.pathRequired).matches(/^\//, DELIVERY_MESSAGES.pathRequired).max(255, DELIVERY_MESSAGES.pathRequired),
  username: yup.string().trim().required(DELIVERY_MESSAGES.usernameRequired).max(128, DELIVERY_MESSAGES.usernameRequired),
  password: yup.string().max(1000).default(''),
  private_key: yup.string().max(20_000).default(''),
  enabled: yup.boolean().default(true),
});

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
