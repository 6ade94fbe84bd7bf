import type { DeliveryFeed, StoreState } from '../store-loop';

/** Per-store delivery (docs/decisions/020). */
/**
 * How a store receives batches: SFTP (host, port, folder, user, password or private key) or an
 * S3-compatible bucket (host and port of the endpoint, path `/<bucket>/<prefix>`, access key id as
 * the user, secret access key as the password; HTTPS except to a loopback host).
 */
export const DELIVERY_PROTOCOLS = [
  { value: 'sftp', label: 'SFTP' },
  { value: 's3', label: 'S3-compatible bucket' },
] as const;
export type DeliveryProtocol = (typeof DELIVERY_PROTOCOLS)[number]['value'];
/** Where a target's batches go, as the console lists it: `sftp://user@host:port/path` or `s3://host:port/bucket/prefix`. */
export const deliveryTargetWhere = (t: { protocol: DeliveryProtocol; username: string; host: string; port: number; path: string }): string =>
  t.protocol === 's3' ? `s3://${t.host}:${t.port}${t.path}` : `sftp://${t.username}@${t.host}:${t.port}${t.path}`;
export const DELIVERY_STATUSES = ['queued', 'delivering', 'delivered', 'failed', 'taken_down'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** `update`: an approved release sent again after a change (a complete NewReleaseMessage, issue 39 §3). */
export type DeliveryKind = 'release' | 'takedown' | 'update';

export const DELIVERY_MESSAGES = {
  deliveries: 'Deliveries',
  targets: 'Delivery targets',
  targetSaved: 'Delivery target saved.',
  targetNotFound: 'Delivery target not found.',
  deliveryNotFound: 'Delivery not found.',
  retryQueued: 'The delivery is queued again.',
  notFailed: 'Only a failed delivery can be retried.',
  takedownQueued: 'The takedown is queued for {store}.',
  notDelivered: 'The release is not delivered to {store}.',
  storeRequired: 'Please choose a store.',
  hostRequired: 'Please enter the host.',
  pathRequired: 'Please enter the folder path (absolute, starting with /).',
  usernameRequired: 'Please enter the user name.',
  secretRequired: 'Please enter a password or a private key.',
  dpidFormat: 'The DPID must start with PADPIDA followed by letters or digits.',
  portRange: 'The port must be between 1 and 65535.',
  protocolUnknown: 'Please choose SFTP or an S3-compatible bucket.',
  s3SecretRequired: 'Please enter the secret access key.',
} as const;

/** How the artist and staff see a store's state: "Delivered to Spotify on 25 Nov 2026". */
export const DELIVERY_UI = {
  heading: 'Stores',
  empty: 'Not sent to any store yet.',
  status: { queued: 'Queued for {store}', delivering: 'Delivering to {store}…', delivered: 'Delivered to {store} on {date}', failed: 'Delivery to {store} failed', taken_down: 'Taken down from {store} on {date}' },
  retry: 'Retry',
  takedownStore: 'Take down from this store',
  attempts: 'attempts',
} as const;

/** A release's delivery at one store, as the artist sees it (staff also get id, attempts, error). */
export type DeliveryRow = {
  delivery_id: number;
  store: string;
  kind: DeliveryKind;
  status: DeliveryStatus;
  batch_id: string;
  delivered_at: string | null;
  updated_at: string;
  attempts?: number;
  last_error?: string;
  /** The state at the store (issue 39 §2) and its feed (§5). */
  state: StoreState;
  feed: DeliveryFeed;
  /** Staff: the MessageId of the last message sent, the store's raw status and reason, the link set or made. */
  message_id?: string;
  store_status?: string;
  reason?: string;
  link?: string | null;
};
/** A delivery target without its credentials. */
export type DeliveryTargetRow = {
  target_id: number;
  store: string;
  dpid: string;
  protocol: DeliveryProtocol;
  host: string;
  port: number;
  path: string;
  username: string;
  has_password: boolean;
  has_private_key: boolean;
  enabled: boolean;
  /** Test or live feed (issue 39 §5); the test folder ('' = the folder), the acknowledgements folder ('' = <folder>/acknowledgements), the store link template. */
  feed: DeliveryFeed;
  test_path: string;
  ack_path: string;
  link_template: string;
};
