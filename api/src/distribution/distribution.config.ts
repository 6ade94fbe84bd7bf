// The distribution engine's settings (STORE_QC, DDEX_*, DELIVERY_*) are declared in
// distribution.settings.ts and registered with the config by api/src/settings.ts (docs/decisions/035).

/**
 * Placeholder recipient DPIDs (PADPIDA + 'PORTALTEST' + a store slug) until a store's real DPID is
 * configured: messages built with them are for tests and stores' test feeds only.
 */
export const PLACEHOLDER_DPID = (store: string): string => `PADPIDAPORTALTEST${store.replace(/[^a-zA-Z0-9]/g, '').toUpperCase()}`;
