import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The one unsaved track row of a release (docs/decisions/017): its audio upload and the typed fields as JSON. */
@Entity('track_drafts')
export class TrackDraftEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 64, default: '' }) audio_track!: string;
  /** JSON object of field → string. */
  @Column({ type: 'text' }) values_json!: string;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}
