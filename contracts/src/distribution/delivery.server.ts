import { deliveryIdSchema, deliveryReleaseQuerySchema, deliveryTargetSchema, storeTakedownSchema } from './delivery.schemas';
import type { ServerDocs } from '../common/endpoint-server';

const ROLE = (role: string) => ` Role: ${role} (or admin), after the TOTP second factor of this session; anyone else gets the same 403.`;

/** Validation and documentation of DELIVERY_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const DELIVERY_SERVER = {
  getDeliveries: {
    summary: 'Where the caller’s release is, per store: queued, delivering, delivered (with the date), failed, taken down',
    description: '404 for another user’s release.',
    query: deliveryReleaseQuerySchema,
    errors: [404],
  },
  opsDeliveries: {
    summary: 'Every store delivery of a release with attempts and the last error.' + ROLE('reviewer'),
    query: deliveryReleaseQuerySchema,
    errors: [403, 404],
  },
  opsRetryDelivery: {
    summary: 'Queue a failed delivery again (audited).' + ROLE('reviewer'),
    description: '409 notFailed.',
    body: deliveryIdSchema,
    codes: { 409: ['not_failed'] },
    errors: [400, 403, 404, 409],
  },
  opsStoreTakedown: {
    summary: 'Take a delivered release down from one store: its takedown message is delivered there (audited).' + ROLE('reviewer'),
    description: '409 notDelivered.',
    body: storeTakedownSchema,
    codes: { 409: ['not_delivered'] },
    errors: [400, 403, 404, 409],
  },
  opsDeliveryTargets: {
    summary: 'Configured delivery targets, without their credentials.' + ROLE('admin'),
    errors: [403],
  },
  opsSaveDeliveryTarget: {
    summary: 'Create (no target_id) or change a delivery target; credentials are encrypted at rest and never answered; an empty password or key keeps the stored one (audited).' + ROLE('admin'),
    body: deliveryTargetSchema,
    codes: { 409: ['target_exists'] },
    errors: [400, 403, 404, 409],
  },
} satisfies ServerDocs;
