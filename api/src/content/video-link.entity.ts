import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A dashboard update video (areas §3 Video link): a YouTube video id and an optional title for its box. */
@Entity('video_links')
export class VideoLinkEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 16 }) video_link!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) title!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
