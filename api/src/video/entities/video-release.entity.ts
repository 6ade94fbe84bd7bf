import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { VideoStatus } from '@portal/contracts';
import { numeric } from '../../database/transformers';

/**
 * A music video release (areas §3 Video release submission), owned by `user_id`, for one track
 * (`audio_id`) of one of that user's audio releases (`release_id`). The titles are copied from the
 * release and track when submitted; `search_text` (lowercase title, audio title, actor, actress)
 * lets the catalogue search one user's rows without joins.
 */
@Entity('video_releases')
export class VideoReleaseEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'integer' }) audio_id!: number;
  @Column({ type: 'varchar', length: 255 }) release_title!: string;
  @Column({ type: 'varchar', length: 255 }) audio_title!: string;
  @Column({ type: 'varchar', length: 1000 }) download_link!: string;
  /** Stored filename of the thumbnail (a row of video_thumbnails). */
  @Column({ type: 'varchar', length: 64 }) thumbnail!: string;
  /** Epoch ms. */
  @Column({ type: 'bigint', transformer: numeric }) release_date!: number;
  @Column({ type: 'varchar', length: 13, default: '' }) video_upc!: string;
  /** Compact form (no hyphens), '' when not given. */
  @Column({ type: 'varchar', length: 15, default: '' }) video_isrc!: string;
  @Column({ type: 'varchar', length: 500, default: '' }) actor!: string;
  @Column({ type: 'varchar', length: 500, default: '' }) actress!: string;
  @Column({ type: 'varchar', length: 16, default: 'in_review' }) status!: VideoStatus;
  /** audio_id while in_review or approved, else null: unique, so a track has at most one active video. */
  @Column({ type: 'integer', nullable: true }) active_audio_id!: number | null;
  @Column({ type: 'varchar', length: 1000, default: '' }) reason!: string;
  @Column({ type: 'varchar', length: 1600, default: '' }) search_text!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}
