import type { DeliveryKind } from './distribution/distribution.delivery';
import type { DeliveryFeed } from './store-loop';

/**
 * The console's delivery desk (issue 38 item 12; docs/decisions/040, 041): every release's delivery to
 * every store in one list, filtered by state, store and feed, oldest first, with what went wrong and
 * how long it has waited; a failed or refused one is sent again from there. Texts, limits and types;
 * the route is in `store-loop-desk.routes.ts`, the validation in `store-loop-desk.schemas.ts`.
 */

/**
 * A delivery's state as the desk shows it: the store loop's states (docs/decisions/041) with `delivering`
 * apart from `queued`, and a batch that could not be sent (`failed`) before what the store said earlier
 * (an update that failed needs staff even where the store had the release live).
 */
export const DELIVERY_DESK_STATES = ['queued', 'delivering', 'delivered', 'ingested', 'refused', 'live', 'taken_down', 'failed'] as const;
export type DeliveryDeskState = (typeof DELIVERY_DESK_STATES)[number];

/** The states that wait for staff: the desk's default filter and the console home's count. */
export const DELIVERY_DESK_NEEDS_ACTION: readonly DeliveryDeskState[] = ['failed', 'refused'];

/** The state filter: the work waiting (failed or refused, default), every state, or one state. */
export const DELIVERY_DESK_STATE_FILTERS = ['needs_action', 'all', ...DELIVERY_DESK_STATES] as const;
export type DeliveryDeskStateFilter = (typeof DELIVERY_DESK_STATE_FILTERS)[number];
/** The feed filter: both ('' ), or the rows sent on the test or the live feed. */
export const DELIVERY_DESK_FEED_FILTERS = ['', 'test', 'live'] as const;

export const DELIVERY_DESK_LIMITS = { pageSize: 20, maxPageSize: 100 } as const;

/**
 * What staff can do with a row: send the release again as a new complete message (`redeliver`: a
 * release or update the store refused or that could not be sent) or queue a failed takedown again
 * (`retry`); `none`: nothing to do from the desk.
 */
export type DeliveryDeskAction = 'redeliver' | 'retry' | 'none';

/** One delivery on the desk: a release at one store. */
export type DeliveryDeskRow = {
  delivery_id: number;
  release_id: number;
  release_title: string;
  /** The release's UPC as assigned at approval ('' when it has none). */
  upc: string;
  store: string;
  /** The feed the last message went on. */
  feed: DeliveryFeed;
  kind: DeliveryKind;
  state: DeliveryDeskState;
  /** Attempts of the last batch. */
  attempts: number;
  /** Why the last attempt could not be sent ('' when it was). */
  last_error: string;
  /** What the store said when it refused (its status and reason, '' otherwise). */
  store_status: string;
  reason: string;
  /** When the delivery reached its state (ISO 8601, UTC). */
  since: string;
  /** Whole minutes since `since`. */
  age_minutes: number;
  action: DeliveryDeskAction;
};

export const DELIVERY_DESK_MESSAGES = {
  list: 'Deliveries',
  stateInvalid: 'Please choose a delivery state from the list.',
  storeInvalid: 'Please choose a store from the list.',
  feedInvalid: 'Please choose the test or the live feed.',
} as const;

/** Texts of the delivery desk (/ops/deliveries). `{title}`, `{store}`, `{upc}`, `{count}` are filled in. */
export const DELIVERY_DESK_UI = {
  heading: 'Deliveries to the stores',
  intro: 'Every release at every store, oldest first. Failed and refused deliveries wait for you: send them again once the cause is fixed.',
  filters: 'Filter deliveries',
  stateFilter: 'State',
  storeFilter: 'Store',
  feedFilter: 'Feed',
  stateOptions: { needs_action: 'Needs action (failed or refused)', all: 'All states' },
  allStores: 'All stores',
  feedOptions: { '': 'Test and live feed', test: 'Test feed', live: 'Live feed' },
  /** The state in plain words, as staff read it. */
  state: {
    queued: 'Queued, waiting to be sent',
    delivering: 'Being sent now',
    delivered: 'Sent, waiting for the store to confirm',
    ingested: 'Accepted by the store',
    refused: 'Refused by the store',
    live: 'Live in the store',
    taken_down: 'Taken down',
    failed: 'Could not be sent',
  } satisfies Record<DeliveryDeskState, string>,
  kind: { release: '', update: 'Update', takedown: 'Takedown' } satisfies Record<DeliveryKind, string>,
  columns: { release: 'Release', store: 'Store', state: 'State', attempts: 'Attempts', problem: 'Error or refusal', age: 'Age', actions: 'Actions' },
  upc: 'UPC {upc}',
  noUpc: 'No UPC',
  noProblem: '—',
  refusedNoReason: 'The store gave no reason.',
  redeliver: 'Send again',
  redeliverLabel: 'Send again “{title}” to {store}',
  confirmRedeliver: 'Send “{title}” (UPC {upc}) to {store} again as a new complete message? The refusal stays in the acknowledgement log.',
  retry: 'Retry takedown',
  retryLabel: 'Retry takedown of “{title}” from {store}',
  confirmRetry: 'Queue the takedown of “{title}” from {store} again?',
  openRelease: 'Open release',
  openReleaseLabel: 'Open release “{title}” for review',
  empty: 'No delivery matches these filters.',
  emptyNeedsAction: 'No delivery failed or was refused.',
  loadError: 'The deliveries could not be loaded.',
  retryLoad: 'Retry',
  pages: 'Delivery pages',
} as const;
