/**
 * The server half of the wire map (docs/decisions/014): `@portal/contracts/server`, for the API only.
 * Browser code imports `@portal/contracts` (routes: method, path, access, types); this entry adds each
 * route's validation schemas, response documentation, error statuses and codes, and headers. Every area's
 * route map is paired here with its server map (the compiler refuses a route without a server entry).
 */
import { AUTH_ENDPOINTS } from './auth/auth.routes';
import { AUTH_SERVER } from './auth/auth.server';
import { CONSOLE_NAV_ENDPOINTS } from './console-nav';
import { CONSOLE_NAV_SERVER } from './console-nav.server';
import { CONTENT_ENDPOINTS } from './content/content.routes';
import { CONTENT_SERVER } from './content/content.server';
import { LEGAL_ENDPOINTS } from './content/legal.routes';
import { LEGAL_SERVER } from './content/legal.server';
import { DELIVERY_ENDPOINTS } from './distribution/delivery.routes';
import { DELIVERY_SERVER } from './distribution/delivery.server';
import { DISTRIBUTION_ENDPOINTS } from './distribution/distribution.routes';
import { DISTRIBUTION_SERVER } from './distribution/distribution.server';
import { JOBS_ENDPOINTS } from './ops/jobs.routes';
import { JOBS_SERVER } from './ops/jobs.server';
import { HEALTH_ENDPOINTS } from './ops/health.routes';
import { HEALTH_SERVER } from './ops/health.server';
import { OPS_ENDPOINTS } from './ops/ops.routes';
import { OPS_SERVER } from './ops/ops.server';
import { PAYOUT_DESK_ENDPOINTS } from './ops/payout-desk.routes';
import { PAYOUT_DESK_SERVER } from './ops/payout-desk.server';
import { RIGHTS_DESK_ENDPOINTS } from './ops/rights-desk.routes';
import { RIGHTS_DESK_SERVER } from './ops/rights-desk.server';
import { STAFF_DESK_ENDPOINTS } from './ops/staff-desks.routes';
import { STAFF_DESK_SERVER } from './ops/staff-desks.server';
import { SUPPORT_DESK_ENDPOINTS } from './ops/support-desk.routes';
import { SUPPORT_DESK_SERVER } from './ops/support-desk.server';
import { RELEASE_ENDPOINTS } from './releases/releases.routes';
import { RELEASE_SERVER } from './releases/releases.server';
import { TRACK_DRAFT_ENDPOINTS } from './releases/track-draft.routes';
import { TRACK_DRAFT_SERVER } from './releases/track-draft.server';
import { REMOTE_REGISTRY_ENDPOINTS } from './remote-registry/remote-registry.routes';
import { REMOTE_REGISTRY_SERVER } from './remote-registry/remote-registry.server';
import { ROYALTY_ENDPOINTS } from './royalties/royalties.routes';
import { ROYALTY_SERVER } from './royalties/royalties.server';
import { SUPPORT_ENDPOINTS } from './support/support.routes';
import { SUPPORT_SERVER } from './support/support.server';
import { TOOLS_RIGHTS_ENDPOINTS } from './tools-rights/tools-rights.routes';
import { TOOLS_RIGHTS_SERVER } from './tools-rights/tools-rights.server';
import { VIDEO_ENDPOINTS } from './video/video.routes';
import { VIDEO_SERVER } from './video/video.server';
import { PUBLIC_PAGE_ENDPOINTS } from './public-page';
import { PUBLIC_PAGE_SERVER } from './public-page.server';
import { STORE_LOOP_ENDPOINTS } from './store-loop.routes';
import { STORE_LOOP_SERVER } from './store-loop.server';
import { RELEASE_CHANGE_ENDPOINTS } from './release-changes.routes';
import { RELEASE_CHANGE_SERVER } from './release-changes.server';
import { DELIVERY_DESK_ENDPOINTS } from './store-loop-desk.routes';
import { DELIVERY_DESK_SERVER } from './store-loop-desk.server';
import { MONEY_TRUST_ENDPOINTS } from './money-trust';
import { MONEY_TRUST_SERVER } from './money-trust.server';
import { pairServerMap, type ServerEndpoint } from './common/endpoint-server';
import type { RouteDef } from './common/endpoint';
import RESPONSE_SCHEMAS_JSON from './response-schemas.generated.json';

/**
 * OpenAPI 3.0 schema of each route's success `body` (one row of a list route), by `MAP.route`; null: no
 * body. Generated from the routes' response types by scripts/contracts/response-schemas.js (decision 014).
 */
const RESPONSE_SCHEMAS = RESPONSE_SCHEMAS_JSON as Record<string, Record<string, unknown> | null>;

export * from './common/endpoint-server';
export * from './auth/auth.server';
export * from './console-nav.server';
export * from './content/content.server';
export * from './content/legal.server';
export * from './distribution/delivery.server';
export * from './distribution/distribution.server';
export * from './ops/jobs.server';
export * from './ops/health.server';
export * from './ops/ops.server';
export * from './ops/payout-desk.server';
export * from './ops/rights-desk.server';
export * from './ops/staff-desks.server';
export * from './ops/support-desk.server';
export * from './releases/releases.server';
export * from './releases/track-draft.server';
export * from './remote-registry/remote-registry.server';
export * from './royalties/royalties.server';
export * from './support/support.server';
export * from './tools-rights/tools-rights.server';
export * from './video/video.server';
export * from './public-page.server';
export * from './store-loop.server';
export * from './release-changes.server';
export * from './store-loop-desk.server';
export * from './money-trust.server';
export * from './money-trust.schemas';

const MAPS: Record<string, Record<string, RouteDef>> = { AUTH_ENDPOINTS, CONSOLE_NAV_ENDPOINTS, CONTENT_ENDPOINTS, LEGAL_ENDPOINTS, DELIVERY_ENDPOINTS, DISTRIBUTION_ENDPOINTS, JOBS_ENDPOINTS, HEALTH_ENDPOINTS, OPS_ENDPOINTS, PAYOUT_DESK_ENDPOINTS, RIGHTS_DESK_ENDPOINTS, STAFF_DESK_ENDPOINTS, SUPPORT_DESK_ENDPOINTS, RELEASE_ENDPOINTS, TRACK_DRAFT_ENDPOINTS, REMOTE_REGISTRY_ENDPOINTS, ROYALTY_ENDPOINTS, SUPPORT_ENDPOINTS, TOOLS_RIGHTS_ENDPOINTS, VIDEO_ENDPOINTS, PUBLIC_PAGE_ENDPOINTS, MONEY_TRUST_ENDPOINTS, STORE_LOOP_ENDPOINTS, DELIVERY_DESK_ENDPOINTS, RELEASE_CHANGE_ENDPOINTS };
const DOCS = new Map([
  ...pairServerMap(AUTH_ENDPOINTS, AUTH_SERVER),
  ...pairServerMap(CONSOLE_NAV_ENDPOINTS, CONSOLE_NAV_SERVER),
  ...pairServerMap(CONTENT_ENDPOINTS, CONTENT_SERVER),
  ...pairServerMap(LEGAL_ENDPOINTS, LEGAL_SERVER),
  ...pairServerMap(DELIVERY_ENDPOINTS, DELIVERY_SERVER),
  ...pairServerMap(DISTRIBUTION_ENDPOINTS, DISTRIBUTION_SERVER),
  ...pairServerMap(JOBS_ENDPOINTS, JOBS_SERVER),
  ...pairServerMap(HEALTH_ENDPOINTS, HEALTH_SERVER),
  ...pairServerMap(OPS_ENDPOINTS, OPS_SERVER),
  ...pairServerMap(PAYOUT_DESK_ENDPOINTS, PAYOUT_DESK_SERVER),
  ...pairServerMap(RIGHTS_DESK_ENDPOINTS, RIGHTS_DESK_SERVER),
  ...pairServerMap(STAFF_DESK_ENDPOINTS, STAFF_DESK_SERVER),
  ...pairServerMap(SUPPORT_DESK_ENDPOINTS, SUPPORT_DESK_SERVER),
  ...pairServerMap(RELEASE_ENDPOINTS, RELEASE_SERVER),
  ...pairServerMap(TRACK_DRAFT_ENDPOINTS, TRACK_DRAFT_SERVER),
  ...pairServerMap(REMOTE_REGISTRY_ENDPOINTS, REMOTE_REGISTRY_SERVER),
  ...pairServerMap(ROYALTY_ENDPOINTS, ROYALTY_SERVER),
  ...pairServerMap(SUPPORT_ENDPOINTS, SUPPORT_SERVER),
  ...pairServerMap(TOOLS_RIGHTS_ENDPOINTS, TOOLS_RIGHTS_SERVER),
  ...pairServerMap(VIDEO_ENDPOINTS, VIDEO_SERVER),
  ...pairServerMap(PUBLIC_PAGE_ENDPOINTS, PUBLIC_PAGE_SERVER),
  ...pairServerMap(STORE_LOOP_ENDPOINTS, STORE_LOOP_SERVER),
  ...pairServerMap(RELEASE_CHANGE_ENDPOINTS, RELEASE_CHANGE_SERVER),
  ...pairServerMap(DELIVERY_DESK_ENDPOINTS, DELIVERY_DESK_SERVER),
  ...pairServerMap(MONEY_TRUST_ENDPOINTS, MONEY_TRUST_SERVER),
]);

/** Route → its server endpoint (route, server half, name, generated response schema), for every route of the wire map. */
const SERVER_ENTRIES = new Map<RouteDef, ServerEndpoint>(
  Object.entries(MAPS).flatMap(([mapName, routes]) =>
    Object.entries(routes).map(([key, route]): [RouteDef, ServerEndpoint] => {
      const name = `${mapName}.${key}`;
      return [route, { ...route, ...DOCS.get(route)!, name, responseSchema: RESPONSE_SCHEMAS[name] ?? null }];
    }),
  ),
);

/** Every route of the wire map, by its map's export name and key (`AUTH_ENDPOINTS.login`), with its server half. */
export const WIRE_MAP: Array<[string, ServerEndpoint]> = [...SERVER_ENTRIES.values()].map((endpoint) => [endpoint.name, endpoint]);

/** A route with its server half; throws for a route that is not in the wire map (a path typed by hand). */
export function serverEndpoint(route: RouteDef): ServerEndpoint {
  const endpoint = SERVER_ENTRIES.get(route);
  if (!endpoint) throw new Error(`route ${route.method} ${route.path} is not in the wire map of @portal/contracts`);
  return endpoint;
}
