import type { EndpointRequest, OPS_ENDPOINTS as E } from '@portal/contracts';

/** The validated query of a console endpoint (`OPS_ENDPOINTS[K]`): its request type in the wire map. */
export type Q<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;
/** The validated body of a console endpoint (`OPS_ENDPOINTS[K]`): its request type in the wire map. */
export type B<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;
