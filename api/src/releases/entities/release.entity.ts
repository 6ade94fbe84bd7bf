import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { ArtistSlotColumns } from './artist-slots.columns';
import type { ReleaseStatus } from '@portal/contracts';
import { numeric } from '../../database/transformers';

/**
 * An audio release (core §3 Release), owned by `user_id`. `artist_name` (display names of the primary
 * artists) and `search_text` (lowercase title, artist names and label) are denormalised when the info
 * is saved so the catalogue lists and searches one user's rows without joins.
 */
@Entity('releases')
export class ReleaseEntity extends ArtistSlotColumns {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 255, default: '' }) album_artwork!: string;
  @Column({ type: 'varchar', length: 16 }) release_type!: string;
  @Column({ type: 'varchar', length: 255 }) release_title!: string;
  @Column({ type: 'varchar', length: 255 }) genre!: string;
  @Column({ type: 'varchar', length: 255 }) sub_genre!: string;
  @Column({ type: 'varchar', length: 255 }) lable_name!: string;
  /** Epoch ms. */
  @Column({ type: 'bigint', transformer: numeric }) release_date!: number;
  @Column({ type: 'varchar', length: 255 }) p_line!: string;
  @Column({ type: 'varchar', length: 255 }) c_line!: string;
  @Column({ type: 'varchar', length: 13, default: '' }) upc_ean!: string;
  @Column({ type: 'integer', default: 0 }) number_of_tracks!: number;
  @Column({ type: 'varchar', length: 16, default: 'draft' }) status!: ReleaseStatus;
  @Column({ type: 'varchar', length: 1000, default: '' }) reason!: string;
  /** 'yes' | 'no', '' until the platforms are saved. */
  @Column({ type: 'varchar', length: 3, default: '' }) crbt!: '' | 'yes' | 'no';
  @Column({ type: 'varchar', length: 3, default: '' }) video_platforms!: '' | 'yes' | 'no';
  @Column({ type: 'varchar', length: 800, default: '' }) artist_name!: string;
  /** At most RELEASE_LIMITS.searchTextMax characters; bytewise collation on MariaDB (migration CatalogAtScale1764500000000). */
  @Column({ type: 'varchar', length: 700, default: '' }) search_text!: string;
  @Column({ type: 'datetime', nullable: true }) submitted_at!: Date | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}
