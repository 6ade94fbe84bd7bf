import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numeric } from '../../database/transformers';

/**
 * A promotion an operator ran for a user's song (areas §3 Promotion). `image` is the public filename
 * (served under /api/files/promotion/), `image_key` the bytes in the FileStorage; `search_text` is the
 * lowercase song, platform, type and playlist name for the history search.
 */
@Entity('promotions')
export class PromotionEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 255 }) song!: string;
  @Column({ type: 'varchar', length: 100 }) platform!: string;
  @Column({ type: 'varchar', length: 100 }) type!: string;
  @Column({ type: 'varchar', length: 255 }) playlist_name!: string;
  @Column({ type: 'varchar', length: 1000 }) playlist_link!: string;
  @Column({ type: 'varchar', length: 64 }) image!: string;
  @Column({ type: 'varchar', length: 64 }) image_key!: string;
  @Column({ type: 'varchar', length: 32 }) image_mime!: string;
  @Column({ type: 'varchar', length: 800 }) search_text!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}

/**
 * A promotion image uploaded from the console and not yet used by a promotion (`filename` is what add
 * or edit names; the row goes when a promotion takes it). `uploaded_by`: the staff e-mail or `cli`.
 */
@Entity('promotion_images')
export class PromotionImageEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'varchar', length: 64 }) filename!: string;
  @Column({ type: 'varchar', length: 64 }) storage_key!: string;
  @Column({ type: 'varchar', length: 32 }) mime!: string;
  @Column({ type: 'bigint', transformer: numeric }) size!: number;
  @Column({ type: 'varchar', length: 254 }) uploaded_by!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
}
