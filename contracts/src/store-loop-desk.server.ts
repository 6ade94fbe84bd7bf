import { deliveryDeskQuerySchema } from './store-loop-desk.schemas';
import type { ServerDocs } from './common/endpoint-server';

/** Validation and documentation of DELIVERY_DESK_ENDPOINTS (issue 38 item 12; docs/decisions/040, 041), keyed by the same names. */
export const DELIVERY_DESK_SERVER = {
  opsDeliveryDesk: {
    summary:
      'Deliveries of every release to every store, oldest first: filtered by state (needs_action = failed or refused, the default; all; or one of queued, delivering, delivered, ingested, refused, live, taken_down, failed), store and feed (test or live), with the release’s title and UPC, attempts, the last error or the store’s refusal, the age and the action staff may take. Role: reviewer (or admin), after the TOTP second factor of this session; anyone else gets the same 403.',
    description: 'Paging: limit (1–100, default 20) and offset or page; `total` counts every match. Redelivery is POST ops/deliveries/redeliver (audited), a failed takedown’s retry POST ops/deliveries/retry (audited).',
    query: deliveryDeskQuerySchema,
    errors: [400, 403],
  },
} satisfies ServerDocs;
