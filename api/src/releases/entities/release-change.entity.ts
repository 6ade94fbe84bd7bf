import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ReleaseChangeStatus } from '@portal/contracts';

/**
 * A change asked for an approved release (issue 39 §3): the fields it sets (`changes`, JSON of contracts'
 * ReleaseChangeFields, only those differing from the release when asked) and their values before
 * (`previous`), `pending` until staff approve (applied) or decline it.
 */
@Entity('release_changes')
export class ReleaseChangeEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 16 }) status!: ReleaseChangeStatus;
  @Column({ type: 'text' }) changes!: string;
  @Column({ type: 'text' }) previous!: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) note!: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) decision_note!: string;
  @Column({ type: 'varchar', length: 254, default: '' }) decided_by!: string;
  @Column({ type: 'datetime' }) requested_at!: Date;
  @Column({ type: 'datetime', nullable: true }) decided_at!: Date | null;
}
