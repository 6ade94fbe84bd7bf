import type { ServerDocs } from '../common/endpoint-server';

/** Documentation of HEALTH_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const HEALTH_SERVER = {
  opsHealth: {
    summary: 'Health of the platform: each API instance from its heartbeat, the job queues’ depths and the last failed jobs. Role: admin, after the TOTP second factor of this session; anyone else gets 403.',
    description: 'Instances: uptime, version, event-loop lag, requests per second and error ratio over the last minute, last 5xx answers. `queues` and `failures` are null while Redis does not answer (the rest is still answered).',
    errors: [403],
  },
} satisfies ServerDocs;
