import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { StatementImportStatus } from '@portal/contracts';
import { numeric } from '../../database/transformers';

/**
 * One statement file imported for a month and a source (docs/decisions/019-money-engine.md). Its
 * credits are visible and its ledger entries exist only once `status` is `applied`.
 */
@Entity('statement_imports')
export class StatementImportEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 255 }) file_name!: string;
  @Column({ type: 'varchar', length: 64 }) file_sha256!: string;
  /** Unique: the duplicate-file refusal. Set only while the import is applied (docs/decisions/031); NULL otherwise. */
  @Column({ type: 'varchar', length: 64, nullable: true }) active_sha256!: string | null;
  @Column({ type: 'varchar', length: 500 }) file_path!: string;
  @Column({ type: 'varchar', length: 40, default: '' }) format!: string;
  @Column({ type: 'text', nullable: true }) mapping_json!: string | null;
  @Column({ type: 'varchar', length: 2, default: ',' }) delimiter!: string;
  @Column({ type: 'varchar', length: 100, default: '' }) source!: string;
  @Column({ type: 'varchar', length: 7, default: '' }) month!: string;
  @Column({ type: 'varchar', length: 3, default: '' }) currency!: string;
  /** Decimal text, USD per unit of the file's currency. */
  @Column({ type: 'varchar', length: 24, default: '1' }) rate!: string;
  @Column({ type: 'integer', default: 0 }) confirmed!: number;
  @Column({ type: 'varchar', length: 16, default: 'uploaded' }) status!: StatementImportStatus;
  @Column({ type: 'integer', default: 0 }) rows_read!: number;
  @Column({ type: 'integer', default: 0 }) rows_matched!: number;
  @Column({ type: 'integer', default: 0 }) rows_unmatched!: number;
  @Column({ type: 'bigint', default: 0, transformer: numeric }) matched_micros!: number;
  @Column({ type: 'bigint', default: 0, transformer: numeric }) unmatched_micros!: number;
  @Column({ type: 'bigint', default: 0, transformer: numeric }) credited_cents!: number;
  @Column({ type: 'varchar', length: 1000, default: '' }) error!: string;
  @Column({ type: 'varchar', length: 254, default: '' }) created_by!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
  @Column({ type: 'datetime', nullable: true }) started_at!: Date | null;
  @Column({ type: 'datetime', nullable: true }) heartbeat_at!: Date | null;
  @Column({ type: 'datetime', nullable: true }) finished_at!: Date | null;
}

/**
 * The sale columns a credit line and an unmatched row both keep from their statement row (amount in
 * micro-USD). Not a table: TypeORM copies inherited columns into each entity's own table.
 */
abstract class StatementSaleColumns {
  @Column({ type: 'varchar', length: 7 }) sale_month!: string;
  @Column({ type: 'varchar', length: 10, default: '' }) reporting_date!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) store!: string;
  @Column({ type: 'varchar', length: 8, default: '' }) country!: string;
  @Column({ type: 'varchar', length: 15, default: '' }) isrc!: string;
  @Column({ type: 'varchar', length: 14, default: '' }) upc!: string;
  @Column({ type: 'varchar', length: 32, default: '' }) sale_type!: string;
  @Column({ type: 'integer', default: 0 }) quantity!: number;
  @Column({ type: 'bigint', transformer: numeric }) amount_micros!: number;
}

/** A credit line: part of one statement row for one user and track, in micro-USD. */
@Entity('royalty_credits')
export class RoyaltyCreditEntity extends StatementSaleColumns {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) import_id!: number;
  @Column({ type: 'integer' }) line_no!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'integer' }) track_id!: number;
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'varchar', length: 8, default: 'owner' }) share!: 'owner' | 'split';
  @Column({ type: 'integer', nullable: true }) split_id!: number | null;
  @Column({ type: 'integer', nullable: true }) unmatched_id!: number | null;
  /** The hold (or clawback record) covering this line (docs/decisions/039), else null. */
  @Column({ type: 'integer', nullable: true }) hold_id!: number | null;
}

/** A statement row no track matched; `linked_track_id` once finance linked its code to a track. */
@Entity('statement_unmatched')
export class StatementUnmatchedEntity extends StatementSaleColumns {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) import_id!: number;
  @Column({ type: 'integer' }) line_no!: number;
  @Column({ type: 'varchar', length: 255, default: '' }) artist!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) release_title!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) track_title!: string;
  @Column({ type: 'integer', nullable: true }) linked_track_id!: number | null;
  @Column({ type: 'datetime', nullable: true }) linked_at!: Date | null;
}

/** A generic column mapping saved under a name by finance. */
@Entity('statement_presets')
export class StatementPresetEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 40 }) name!: string;
  @Column({ type: 'varchar', length: 4, default: 'auto' }) delimiter!: string;
  @Column({ type: 'text' }) mapping_json!: string;
  @Column({ type: 'varchar', length: 254, default: '' }) created_by!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
}

/** A collaborator's share of a track for the sale months [from_month, to_month] (to_month NULL: open). */
@Entity('track_splits')
export class TrackSplitEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) track_id!: number;
  @Column({ type: 'integer' }) owner_user_id!: number;
  @Column({ type: 'varchar', length: 254 }) email!: string;
  @Column({ type: 'integer', nullable: true }) collaborator_user_id!: number | null;
  @Column({ type: 'integer' }) basis_points!: number;
  @Column({ type: 'varchar', length: 16, default: 'invited' }) status!: 'invited' | 'accepted' | 'declined' | 'ended';
  @Column({ type: 'integer', default: 0 }) accepted!: number;
  @Column({ type: 'varchar', length: 7 }) from_month!: string;
  @Column({ type: 'varchar', length: 7, nullable: true }) to_month!: string | null;
  @Column({ type: 'datetime' }) created_at!: Date;
  @Column({ type: 'datetime', nullable: true }) responded_at!: Date | null;
}

export const ROYALTY_ENTITIES = [StatementImportEntity, RoyaltyCreditEntity, StatementUnmatchedEntity, StatementPresetEntity, TrackSplitEntity];
