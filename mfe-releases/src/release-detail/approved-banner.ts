import { fillMessage, RELEASE_UI, STORE_LOOP_UI, type StoreStateRow } from '@portal/contracts';

const B = STORE_LOOP_UI.banner;

/** "Spotify", "Spotify and Deezer", "Apple Music, Deezer and Spotify". */
export function joinStores(stores: string[]): string {
  return stores.length < 2 ? (stores[0] ?? '') : `${stores.slice(0, -1).join(', ')} ${B.and} ${stores[stores.length - 1]}`;
}

/**
 * What the banner of an approved release says (issue 39 §2), from its per-store states (GET getStoreStates;
 * null while they are not known): live on all, some (named) or none of the stores (then: goes live on its
 * date, or on its way), a refusal naming the stores with what to do next, a store we could not reach. A
 * store it was taken down from is not counted. `attention`: 'refused' when a store refused it.
 */
export function approvedBanner(rows: StoreStateRow[] | null, releaseDate: number, now: number, formatDate: (ms: number) => string): { lines: string[]; attention: 'refused' | null } {
  const upcoming = releaseDate > now;
  const dated = fillMessage(RELEASE_UI.detail.statusText.approvedUpcoming, { date: formatDate(releaseDate) });
  if (!rows) return { lines: [upcoming ? dated : RELEASE_UI.detail.statusText.approved], attention: null };
  const counted = rows.filter((r) => r.state !== 'taken_down');
  const live = counted.filter((r) => r.state === 'live').map((r) => r.store);
  const refused = counted.filter((r) => r.state === 'refused').map((r) => r.store);
  const failed = counted.filter((r) => r.state === 'failed').map((r) => r.store);
  const total = counted.length;
  const lines: string[] = [];
  if (!total) lines.push(upcoming ? dated : RELEASE_UI.detail.statusText.approved);
  else if (live.length === total) lines.push(total === 1 ? fillMessage(B.liveOne, { stores: live[0] }) : fillMessage(B.liveAll, { total }));
  else if (live.length) lines.push(fillMessage(B.liveSome, { live: live.length, total, stores: joinStores(live) }));
  else lines.push(upcoming ? dated : B.onItsWay);
  if (refused.length) {
    const next = refused.length === 1 ? fillMessage(B.refusedNextOne, { store: refused[0] }) : B.refusedNextMany;
    lines.push(`${fillMessage(B.refused, { stores: joinStores(refused) })} ${next} ${B.refusedHelp}`);
  }
  if (failed.length) lines.push(fillMessage(B.failed, { stores: joinStores(failed) }));
  return { lines, attention: refused.length ? 'refused' : null };
}
