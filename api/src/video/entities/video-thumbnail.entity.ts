import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numeric } from '../../database/transformers';

/**
 * An uploaded video thumbnail and its owner. Kept apart from the audio area's `uploads` so that the
 * audio clean-up (`purge-uploads`, which only knows releases and tracks) never deletes a thumbnail
 * a video release uses. `filename` (random) is what the wire carries; `storage_key` names the bytes.
 */
@Entity('video_thumbnails')
export class VideoThumbnailEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 64 }) filename!: string;
  @Column({ type: 'varchar', length: 64 }) storage_key!: string;
  @Column({ type: 'varchar', length: 64 }) mime!: string;
  /** Bytes. */
  @Column({ type: 'bigint', transformer: numeric }) size!: number;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
