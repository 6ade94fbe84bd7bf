import type { RemoteVersionRow } from '@portal/contracts';

/** What an admin can do with a stored version: go back to an older one, or make a newer one live. */
export type VersionAction = 'rollback' | 'activate';

/** Versions grouped per remote (remote names in order, each newest first as the API lists them). */
export function groupByRemote(rows: readonly RemoteVersionRow[]): Array<{ remote: string; rows: RemoteVersionRow[] }> {
  const groups = new Map<string, RemoteVersionRow[]>();
  for (const row of rows) groups.set(row.remote, [...(groups.get(row.remote) ?? []), row]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([remote, list]) => ({ remote, rows: list }));
}

/**
 * The action offered on `row` among its remote's versions (newest first): none for the live one, a
 * pruned one (its files are gone) or when nothing is live; `rollback` below the live version,
 * `activate` above it.
 */
export function versionAction(rows: readonly RemoteVersionRow[], row: RemoteVersionRow): VersionAction | null {
  const live = rows.findIndex((r) => r.live);
  if (live < 0 || row.live || row.pruned) return null;
  return rows.indexOf(row) > live ? 'rollback' : 'activate';
}
