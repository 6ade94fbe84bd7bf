import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ArtistSlotColumns } from './artist-slots.columns';

/** A track of a release (core §3 Track). `user_id` repeats the release owner so every query is scoped by user. */
@Entity('tracks')
export class TrackEntity extends ArtistSlotColumns {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 255 }) audio_track!: string;
  @Column({ type: 'varchar', length: 16 }) track_version!: string;
  @Column({ type: 'varchar', length: 3 }) instrumental!: string;
  @Column({ type: 'varchar', length: 255 }) title!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) version_subtitle!: string;
  @Column({ type: 'varchar', length: 255 }) author1!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) author2!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) author3!: string;
  @Column({ type: 'varchar', length: 255 }) composer1!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) composer2!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) composer3!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) producer!: string;
  @Column({ type: 'varchar', length: 255 }) p_line!: string;
  @Column({ type: 'integer' }) production_year!: number;
  @Column({ type: 'varchar', length: 255, default: '' }) publisher!: string;
  @Column({ type: 'varchar', length: 3 }) isrc_yes_no!: string;
  @Column({ type: 'varchar', length: 15, default: '' }) isrc!: string;
  @Column({ type: 'varchar', length: 255 }) genre!: string;
  @Column({ type: 'varchar', length: 255 }) subgenre!: string;
  @Column({ type: 'varchar', length: 16 }) price_tier!: string;
  @Column({ type: 'varchar', length: 8 }) explicit_version!: string;
  @Column({ type: 'varchar', length: 255 }) track_title_language!: string;
  @Column({ type: 'varchar', length: 255 }) lyrics_language!: string;
  @Column({ type: 'text' }) lyrics!: string;
  /** HH:MM:SS or ''. */
  @Column({ type: 'varchar', length: 8, default: '' }) caller_tune!: string;
  @Column({ type: 'varchar', length: 3, default: 'No' }) destribute_music!: string;
  @Column({ type: 'varchar', length: 15, default: '' }) video_isrc!: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) download_video_link!: string;
  /** 1 approved, 2 rejected, 3 takendown, anything else In-Review (core §4). */
  @Column({ type: 'integer', default: 0 }) status!: number;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}
