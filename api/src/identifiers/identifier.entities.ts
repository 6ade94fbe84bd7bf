import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { numeric } from '../database/transformers';

/** A named, only-increasing counter (`upc`, `isrc:26`). */
@Entity('identifier_counters')
export class IdentifierCounterEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 }) name!: string;
  @Column({ type: 'bigint', default: 0, transformer: numeric }) value!: number;
}

/**
 * The identifier registry (docs/decisions/008, 016): every UPC and ISRC in use on the platform, one
 * row per code (unique `(kind, code)`), ISRCs in their compact form. `source` 'assigned' rows were
 * given on approval and are never deleted (never reused, even after a takedown); 'entered' rows are
 * codes an artist typed, claimed in the transaction that saves them and given back when no release
 * or track of theirs carries the code any more while it is still editable. A UPC belongs to one
 * release (`release_id`); an ISRC to one owner (`user_id`), whose re-releases may carry it again.
 */
@Entity('assigned_identifiers')
export class AssignedIdentifierEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 8 }) kind!: 'upc' | 'isrc';
  @Column({ type: 'varchar', length: 15 }) code!: string;
  /** The release (UPC) or track (ISRC) the code was first claimed for. */
  @Column({ type: 'integer' }) object_id!: number;
  /** The owner of the code: the user whose release or track carries it. */
  @Column({ type: 'integer', default: 0 }) user_id!: number;
  /** The release the code was claimed for (for a UPC: the one release it identifies). */
  @Column({ type: 'integer', nullable: true }) release_id!: number | null;
  /** 'video': entered on a video release (`object_id` the video, `release_id` null: no audio release's UPC). */
  @Column({ type: 'varchar', length: 8, default: 'assigned' }) source!: 'assigned' | 'entered' | 'video';
  @Column({ type: 'datetime' }) created_at!: Date;
}

/** The identifiers module's tables (names and migrations unchanged since they lived in ops/, decision 033). */
export const IDENTIFIER_ENTITIES = [IdentifierCounterEntity, AssignedIdentifierEntity];
