import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { AckOutcome, DeliveryFeed, DeliveryKind, DeliveryProtocol, DeliveryStatus } from '@portal/contracts';
import { sealedByService } from '../../sealing/sealed-columns';

/**
 * Where one store's batches go (docs/decisions/020), set by admins in the console: `protocol` sftp
 * (host, port, folder, user) or s3 (endpoint host and port, `/<bucket>/<prefix>`, access key id as user). `secret` is the
 * AES-256-GCM ciphertext of `{ password?, private_key? }` (delivery/credentials.ts, under SEAL_KEY: its
 * service seals it, the boot check and `seal-rotate` cover it, docs/decisions/032); it never leaves the server.
 */
@Entity('delivery_targets')
export class DeliveryTargetEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 64 }) store!: string;
  @Column({ type: 'varchar', length: 64 }) dpid!: string;
  @Column({ type: 'varchar', length: 8 }) protocol!: DeliveryProtocol;
  @Column({ type: 'varchar', length: 255 }) host!: string;
  @Column({ type: 'integer' }) port!: number;
  @Column({ type: 'varchar', length: 255 }) path!: string;
  @Column({ type: 'varchar', length: 128 }) username!: string;
  @Column({ type: 'text', transformer: sealedByService() }) secret!: string;
  @Column({ type: 'boolean', default: true }) enabled!: boolean;
  /** Test or live feed (issue 39 §5): the MessageControlType of its messages; a test feed never makes a release Live. */
  @Column({ type: 'varchar', length: 8, default: 'test' }) feed!: DeliveryFeed;
  /** On the test feed, batches and acknowledgements go here instead of `path` ('' = `path`). */
  @Column({ type: 'varchar', length: 255, default: '' }) test_path!: string;
  /** Where the store writes acknowledgements ('' = `<folder>/acknowledgements`). */
  @Column({ type: 'varchar', length: 255, default: '' }) ack_path!: string;
  /** The release's link at the store, `{upc}` and `{isrc}` filled in ('' = none). */
  @Column({ type: 'varchar', length: 500, default: '' }) link_template!: string;
  @Column({ type: 'datetime' }) updated_at!: Date;
}

/** The delivery state of one release at one store: the latest batch sent (release or takedown). */
@Entity('deliveries')
export class DeliveryEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'integer' }) target_id!: number;
  @Column({ type: 'varchar', length: 64 }) store!: string;
  @Column({ type: 'varchar', length: 16 }) kind!: DeliveryKind;
  @Column({ type: 'varchar', length: 16 }) status!: DeliveryStatus;
  @Column({ type: 'varchar', length: 32, default: '' }) batch_id!: string;
  @Column({ type: 'integer', default: 0 }) attempts!: number;
  @Column({ type: 'varchar', length: 1000, default: '' }) last_error!: string;
  @Column({ type: 'datetime', nullable: true }) delivered_at!: Date | null;
  /** A queued retry waits until then (backoff); null: at once. */
  @Column({ type: 'datetime', nullable: true }) not_before!: Date | null;
  @Column({ type: 'datetime' }) updated_at!: Date;
  /** MessageId and ICPN of the last message sent (acknowledgements are matched by both). */
  @Column({ type: 'varchar', length: 160, default: '' }) message_id!: string;
  @Column({ type: 'varchar', length: 20, default: '' }) icpn!: string;
  /** The target's feed when the message was sent. */
  @Column({ type: 'varchar', length: 8, default: 'test' }) feed!: DeliveryFeed;
  /** What the store said (issue 39 §2): '' nothing yet, `ingested`, `refused`, `live`; its raw status and reason. */
  @Column({ type: 'varchar', length: 16, default: '' }) store_state!: '' | 'ingested' | 'refused' | 'live';
  @Column({ type: 'varchar', length: 128, default: '' }) store_status!: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) state_reason!: string;
  @Column({ type: 'varchar', length: 500, default: '' }) live_url!: string;
  /** The acknowledgement that set the state (null: none, or set by staff). */
  @Column({ type: 'integer', nullable: true }) ack_id!: number | null;
  @Column({ type: 'datetime', nullable: true }) state_at!: Date | null;
  /** The last approved change of the release sent to this store as an update (issue 39 §3); null: none. */
  @Column({ type: 'integer', nullable: true }) change_id!: number | null;
}

/** Every attempt of a delivery, kept for staff (docs/decisions/020 "each attempt logged"). */
@Entity('delivery_attempts')
export class DeliveryAttemptEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) delivery_id!: number;
  @Column({ type: 'integer' }) attempt!: number;
  @Column({ type: 'varchar', length: 32 }) batch_id!: string;
  @Column({ type: 'boolean' }) ok!: boolean;
  @Column({ type: 'varchar', length: 1000, default: '' }) error!: string;
  @Column({ type: 'datetime' }) started_at!: Date;
  @Column({ type: 'datetime' }) finished_at!: Date;
  @Column({ type: 'varchar', length: 160, default: '' }) message_id!: string;
}

/**
 * An acknowledgement file read from a store (issue 39 §1), kept for audit with its raw text. Unique per
 * target and SHA-256 of its bytes: the insert is the claim, so a file is applied once however often and by
 * however many instances it is polled. `outcome`: `applied` when every entry was understood and matched,
 * else the first problem (`malformed`, `unmatched`, `unknown`, `stale`), shown to staff.
 */
@Entity('delivery_acks')
export class DeliveryAckEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) target_id!: number;
  @Column({ type: 'varchar', length: 64 }) store!: string;
  @Column({ type: 'varchar', length: 8 }) feed!: DeliveryFeed;
  @Column({ type: 'varchar', length: 255 }) file_name!: string;
  @Column({ type: 'varchar', length: 64 }) checksum!: string;
  @Column({ type: 'varchar', length: 64 }) shape!: string;
  @Column({ type: 'varchar', length: 16 }) outcome!: AckOutcome | 'applied';
  @Column({ type: 'varchar', length: 1000, default: '' }) summary!: string;
  @Column({ type: 'text' }) raw!: string;
  @Column({ type: 'datetime' }) received_at!: Date;
}

/** What one acknowledgement said about one of our messages, and what the portal did with it. */
@Entity('delivery_ack_entries')
export class DeliveryAckEntryEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) ack_id!: number;
  @Column({ type: 'integer', nullable: true }) delivery_id!: number | null;
  @Column({ type: 'integer', nullable: true }) release_id!: number | null;
  @Column({ type: 'varchar', length: 160, default: '' }) message_id!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) icpn!: string;
  @Column({ type: 'varchar', length: 128, default: '' }) status!: string;
  @Column({ type: 'varchar', length: 16 }) outcome!: AckOutcome;
  @Column({ type: 'varchar', length: 1000, default: '' }) reason!: string;
}

export const DELIVERY_ENTITIES = [DeliveryTargetEntity, DeliveryEntity, DeliveryAttemptEntity, DeliveryAckEntity, DeliveryAckEntryEntity];
