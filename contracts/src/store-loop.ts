
/**
 * The loop with the stores (issue 39 §1, §2, §3, §5; docs/decisions/041-store-loop.md): acknowledgements
 * read back from the stores, the per-store state the artist sees, updates after approval, and the test or
 * live feed of each delivery target.
 */

/** A delivery target's feed: `test` until the store accepts our messages (MessageControlType TestMessage), then `live`. */
export const DELIVERY_FEEDS = [
  { value: 'test', label: 'Test feed' },
  { value: 'live', label: 'Live feed' },
] as const;
export type DeliveryFeed = (typeof DELIVERY_FEEDS)[number]['value'];

/**
 * A release's state at one store, as the artist reads it: queued → delivered → ingested | refused →
 * live → taken_down; `failed`: the batch could not be sent (staff retry it).
 */
export const STORE_STATES = ['queued', 'delivered', 'ingested', 'refused', 'live', 'taken_down', 'failed'] as const;
export type StoreState = (typeof STORE_STATES)[number];

/** What one acknowledgement said about one of our messages, once read. */
export const ACK_OUTCOMES = ['ingested', 'refused', 'unknown', 'unmatched', 'malformed', 'stale'] as const;
export type AckOutcome = (typeof ACK_OUTCOMES)[number];

/** Longest acknowledgement file read (bytes); a bigger one is recorded as malformed, its start kept. */
export const ACK_MAX_BYTES = 1_048_576;
/** Longest store link staff may set (characters). */
export const STORE_LINK_MAX = 500;
/** Most releases one catalogue store-state request may name. */
export const STORE_STATES_MAX_IDS = 100;

/**
 * The store's status values we read as success (anything else is never success); per shape: the
 * `ReleaseStatus` of AcknowledgementMessage, the `MessageStatus/Status` or `FileStatus` of both shapes.
 */
export const ACK_SUCCESS_VALUES = ['SuccessfullyIngestedByReleaseDistributor', 'FileOK'] as const;

/**
 * Refusal values we know, in plain words for the artist (the store's own text follows them). A value
 * that is neither here nor a success value is recorded as `unknown` for staff and changes nothing.
 */
export const ACK_REFUSAL_WORDS: Record<string, string> = {
  ProcessingErrorAtReleaseDistributor: 'The store could not process the release.',
  ResourceCorrupt: 'A file of the release (audio or artwork) arrived damaged or could not be read.',
  FileMissing: 'A file of the release did not arrive.',
  MissingFile: 'A file of the release did not arrive.',
  MessageCorrupt: 'The release information could not be read by the store.',
  SchemaValidationError: 'The release information did not pass the store’s checks.',
  BusinessValidationError: 'The release information did not pass the store’s checks.',
  ReleaseRejected: 'The store did not accept the release.',
  ContentRejected: 'The store did not accept the content of the release.',
};

/** Texts of the store loop (artist pages, console, notifications). `{store}`, `{date}`, `{reason}`, `{title}` are filled in. */
export const STORE_LOOP_UI = {
  heading: 'Stores',
  state: {
    queued: 'Waiting to be sent to {store}.',
    delivered: 'Sent to {store} on {date}. Waiting for {store} to confirm.',
    ingested: '{store} accepted your release. It goes live there on your release date.',
    refused: '{store} did not accept your release. {reason}',
    live: 'Live on {store}.',
    taken_down: 'Taken down from {store} on {date}.',
    failed: 'We could not reach {store} yet. Our team is on it.',
  } satisfies Record<StoreState, string>,
  /** Short labels (catalogue chips, console). */
  label: { queued: 'Queued', delivered: 'Delivered', ingested: 'Ingested', refused: 'Refused', live: 'Live', taken_down: 'Taken down', failed: 'Failed' } satisfies Record<StoreState, string>,
  refusedNext:
    'What happens next: our team fixes the problem and sends the release to {store} again. If something in your release has to change, we will write to you; you can also open a support ticket.',
  refusedNoReason: 'The store gave no reason.',
  /**
   * The approved release's banner on the artist's release page, from the per-store states (issue 39 §2):
   * live on all, some or none of the stores, a refusal with what to do next, a store we could not reach.
   * Before any store is live it says RELEASE_UI.detail.statusText's `approvedUpcoming` or `onItsWay`; while
   * the states are not known, `approved`.
   * `{stores}`: store names joined with `and`; `{live}`, `{total}`: counts of stores (taken down left out).
   */
  banner: {
    onItsWay: 'This release is approved and on its way to the stores; it is not live on any store yet.',
    liveOne: 'This release is live on {stores}.',
    liveAll: 'This release is live on all {total} stores.',
    liveSome: 'This release is live on {live} of {total} stores ({stores}).',
    refused: '{stores} did not accept it.',
    refusedNextOne: 'What to do next: read {store}’s reason under Stores below.',
    refusedNextMany: 'What to do next: read each store’s reason under Stores below.',
    refusedHelp: 'Our team fixes the problem and sends the release again; if something in your release has to change, we will write to you. You can also open a support ticket.',
    failed: 'We could not reach {stores} yet. Our team is on it.',
    and: 'and',
  },
  openLink: 'Open on {store}',
  catalogStores: 'Stores',
  testFeed: 'Test feed',
  liveFeed: 'Live feed',
  // Console
  acks: 'Acknowledgements',
  noAcks: 'No acknowledgement yet.',
  rawAck: 'Raw acknowledgement',
  redeliver: 'Send again',
  setLink: 'Set store link',
  linkLabel: 'Link of the release at {store}',
  saveLink: 'Save link',
  sendUpdate: 'Send update to the stores',
  problemAcks: 'Acknowledgements to look at',
  noProblemAcks: 'Every acknowledgement was matched and understood.',
  feedLabel: 'Feed',
  testPathLabel: 'Test folder (optional, used on the test feed)',
  ackPathLabel: 'Acknowledgements folder (optional; default <folder>/acknowledgements)',
  linkTemplateLabel: 'Store link template (optional; {upc}, {isrc})',
  // Notifications (bell and e-mail)
  refusedNotification: '{store} did not accept “{title}”. {reason}',
  refusedMailSubject: '{store} did not accept “{title}”',
  liveNotification: '“{title}” is live on {store}: {link}',
  liveMailSubject: '“{title}” is live on {store}',
  mailFooter: 'See every store’s state on your release page: {url}',
} as const;

export const STORE_LOOP_MESSAGES = {
  storeStates: 'Store states',
  acks: 'Acknowledgements',
  ack: 'Acknowledgement',
  ackNotFound: 'Acknowledgement not found.',
  redelivered: 'The release is queued for {store} again.',
  notRefused: 'Only a delivery the store refused (or that failed) can be sent again.',
  linkSaved: 'Store link saved.',
  linkFormat: 'Please enter an https:// link of at most 500 characters.',
  notDeliveredForLink: 'The release has not been delivered to {store}.',
  updateQueued: 'The update is queued for {count} store(s).',
  notApprovedForUpdate: 'Only an approved release can be sent as an update.',
  nothingToUpdate: 'The release has not been delivered to any store yet.',
  feedSaved: 'The {store} target is now on its {feed}.',
  releaseIdsFormat: 'Please give up to 100 release ids, separated by commas.',
  polled: 'Acknowledgements read.',
} as const;

/** A release's state at one store for the artist (release page). `link`: only when live. */
export type StoreStateRow = {
  store: string;
  state: StoreState;
  /** Plain words: the store's reason of a refusal (with what happens next), else ''. */
  reason: string;
  link: string | null;
  /** When the state was reached (ISO), if known. */
  since: string | null;
};
/** The catalogue's per-release store states. */
export type CatalogStoreStates = { release_id: number; stores: { store: string; state: StoreState }[] };

/** One reading of an acknowledgement file about one message (staff). */
export type AckEntryRow = {
  entry_id: number;
  ack_id: number;
  delivery_id: number | null;
  release_id: number | null;
  message_id: string;
  icpn: string;
  status: string;
  outcome: AckOutcome;
  reason: string;
};
/** An acknowledgement file as staff see it: where it came from, what it said, its raw text on request. */
export type AckRow = {
  ack_id: number;
  store: string;
  feed: DeliveryFeed;
  file_name: string;
  shape: string;
  outcome: AckOutcome | 'applied';
  summary: string;
  received_at: string;
  entries: AckEntryRow[];
  raw?: string;
};
/** What a poll did: files read, applied, and recorded as problems (malformed, unmatched, unknown). */
export type AckPollResult = { targets: number; files: number; applied: number; problems: number; skipped: number };

