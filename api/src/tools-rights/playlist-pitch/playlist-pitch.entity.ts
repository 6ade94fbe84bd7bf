import { Column, Entity } from 'typeorm';
import { AudioSubmissionColumns, jsonList } from '../shared/submission.columns';

/** A playlist pitch (areas §3). Lists (press_release, social_media, moods) are JSON text. */
@Entity('playlist_pitches')
export class PlaylistPitchEntity extends AudioSubmissionColumns {
  @Column({ type: 'text', transformer: jsonList }) press_release!: string[];
  @Column({ type: 'text', transformer: jsonList }) social_media!: string[];
  @Column({ type: 'varchar', length: 500, default: '' }) artwork_asset!: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) additional_assets!: string;
  @Column({ type: 'varchar', length: 255, transformer: jsonList }) moods!: string[];
  @Column({ type: 'varchar', length: 500 }) why_pitch!: string;
  @Column({ type: 'varchar', length: 100 }) quick_pitch!: string;
  @Column({ type: 'varchar', length: 250, default: '' }) additional_info!: string;
}
