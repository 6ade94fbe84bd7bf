import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numeric } from '../../database/transformers';

/** A support ticket (areas §3 Ticket): reason, the concern text (`reply`), status 0 pending / 1 done. */
@Entity('tickets')
export class TicketEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 64 }) reason!: string;
  @Column({ type: 'text' }) reply!: string;
  @Column({ type: 'integer', default: 0 }) status!: number;
  @Column({ type: 'datetime', nullable: true }) closed_at!: Date | null;
  /** Who wrote the last word: the artist (the ticket itself counts) or support (docs/decisions/023 "Support desk"). */
  @Column({ type: 'varchar', length: 16, default: 'user' }) last_by!: 'user' | 'support';
  /** When the last word was written (null only before the first save). */
  @Column({ type: 'datetime', nullable: true }) last_message_at!: Date | null;
  /** The support member the ticket is assigned to, or null. */
  @Column({ type: 'integer', nullable: true }) assigned_to!: number | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}

/** A message of a ticket's thread (areas §3 replies[]); `sent_by` is set by the server only. */
@Entity('ticket_messages')
export class TicketMessageEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) ticket_id!: number;
  /** The ticket's owner (every row a user owns carries their id, DESIGN "Data"). */
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 16 }) sent_by!: 'user' | 'support';
  @Column({ type: 'text' }) reply!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}

/**
 * An uploaded attachment. Uploaded first (ticket_id null), then bound to a ticket (and a reply's
 * message) when the ticket or reply that lists it is saved. `filename` is random and is what the
 * wire carries; `storage_key` names the bytes in the FileStorage.
 */
@Entity('ticket_attachments')
export class TicketAttachmentEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'integer', nullable: true }) ticket_id!: number | null;
  @Column({ type: 'integer', nullable: true }) message_id!: number | null;
  @Column({ type: 'varchar', length: 64 }) filename!: string;
  @Column({ type: 'varchar', length: 255 }) original_name!: string;
  @Column({ type: 'varchar', length: 64 }) storage_key!: string;
  @Column({ type: 'varchar', length: 100 }) mime!: string;
  /** Bytes. */
  @Column({ type: 'bigint', transformer: numeric }) size!: number;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
