import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { HoldRule, HoldStatus } from '@portal/contracts';
import { numeric } from '../../database/transformers';

/**
 * A hold on suspicious rows of one statement import, or the record of a clawback (a negative row's
 * debit), docs/decisions/039-explained-holds.md. The rows it covers are the credit lines whose
 * `hold_id` is this id (the owner's and the collaborators' lines of the same statement rows).
 */
@Entity('royalty_holds')
export class RoyaltyHoldEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) import_id!: number;
  /** The track's owner: the one who appeals. */
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'integer' }) track_id!: number;
  @Column({ type: 'varchar', length: 16 }) rule!: HoldRule;
  @Column({ type: 'varchar', length: 16, default: 'held' }) status!: HoldStatus;
  @Column({ type: 'varchar', length: 64, default: '' }) store!: string;
  @Column({ type: 'varchar', length: 8, default: '' }) country!: string;
  @Column({ type: 'varchar', length: 7, default: '' }) sale_month!: string;
  /** The store's own mark of a store_flag hold ("fraud", "adjustment"). */
  @Column({ type: 'varchar', length: 64, default: '' }) flag!: string;
  /** Spike: units and the trailing median; concentration: share in per-mille and the threshold; rate: micro-USD per unit and the store's median. */
  @Column({ type: 'bigint', default: 0, transformer: numeric }) observed!: number;
  @Column({ type: 'bigint', default: 0, transformer: numeric }) baseline!: number;
  /** Everyone's money of the hold's lines, micro-USD (negative for a clawback). */
  @Column({ type: 'bigint', default: 0, transformer: numeric }) held_micros!: number;
  @Column({ type: 'integer', default: 0 }) rows_held!: number;
  @Column({ type: 'integer', nullable: true }) appeal_ticket_id!: number | null;
  @Column({ type: 'varchar', length: 1000, default: '' }) decision_reason!: string;
  @Column({ type: 'varchar', length: 254, default: '' }) forfeit_requested_by!: string;
  @Column({ type: 'integer', nullable: true }) forfeit_requested_by_id!: number | null;
  @Column({ type: 'varchar', length: 254, default: '' }) decided_by!: string;
  @Column({ type: 'datetime', nullable: true }) decided_at!: Date | null;
  @Column({ type: 'datetime' }) created_at!: Date;
}

/** The monthly statement mail's claim: one row per artist and month, inserted before the mail is sent (unique). */
@Entity('monthly_statement_mails')
export class MonthlyStatementMailEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 7 }) month!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
  @Column({ type: 'datetime', nullable: true }) sent_at!: Date | null;
}

export const HOLD_ENTITIES = [RoyaltyHoldEntity, MonthlyStatementMailEntity];
