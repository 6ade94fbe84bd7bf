import { apiUrl, REMOTE_REGISTRY_ENDPOINTS } from '@portal/contracts';

/** What the shell reports about one load of a remote (docs/decisions/021): nothing about the user. */
export type RemoteLoadOutcome = 'ok' | 'load_error' | 'render_error';

const sent = new Set<string>();

/** The version in a versioned manifest URL (`…/<version>/mf-manifest.json`); undefined for a build folder's. */
export function versionOfManifest(url: string | undefined): string | undefined {
  const match = /\/([A-Za-z0-9][A-Za-z0-9._-]{0,127})\/mf-manifest\.json(?:[?#].*)?$/.exec(url ?? '');
  return match && /\d/.test(match[1]!) && match[1] !== 'remotes' ? match[1] : undefined;
}

/**
 * Report one load of `remote` (its version taken from `manifestUrl`) with navigator.sendBeacon, with the
 * load token `/remotes.json` issued for it (docs/decisions/029; without one nothing is sent: the server
 * would count nothing): once per remote, version and outcome per page, so a page sends a handful at
 * most. The registry uses these to roll a failing canary or new version back by itself. Never throws.
 */
export function reportRemoteLoad(remote: string, manifestUrl: string | undefined, outcome: RemoteLoadOutcome, token: string | undefined): void {
  const version = versionOfManifest(manifestUrl);
  if (!version || !token || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  const key = `${remote}/${version}/${outcome}`;
  if (sent.has(key)) return;
  sent.add(key);
  try {
    navigator.sendBeacon(apiUrl(REMOTE_REGISTRY_ENDPOINTS.reportRemoteLoad), new Blob([JSON.stringify({ remote, version, outcome, token })], { type: 'application/json' }));
  } catch {
    // A beacon is best effort.
  }
}
