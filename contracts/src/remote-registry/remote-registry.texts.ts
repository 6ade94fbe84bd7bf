/** Texts of the shell when a remote was redeployed under an open page (docs/decisions/007; not quoted by the spec). */
export const REMOTE_UPDATE_TEXT = {
  newVersion: 'A new version is available',
  newVersionHint: 'This part of the portal was updated while the page was open. Reload to continue.',
  reload: 'Reload',
} as const;

/** How long the shell waits for a remote's manifest, entry and module before showing its fallback (ms). */
export const REMOTE_LOAD_TIMEOUT_MS = 10_000;

/**
 * The one answer of the load beacon (docs/decisions/029): the same text whatever happened to the report
 * (counted, a duplicate, forged, a version that is neither live nor canary), so it tells a caller nothing.
 */
export const REMOTE_BEACON_TEXT = {
  received: 'Report received.',
} as const;
