import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DeliveryKind, DeliveryProtocol, DeliveryStatus } from '@portal/contracts';
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
}

export const DELIVERY_ENTITIES = [DeliveryTargetEntity, DeliveryEntity, DeliveryAttemptEntity];
