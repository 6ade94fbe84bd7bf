import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ArtistType } from '@portal/contracts';

/** An artist of a user's pickers (core §3 Artist). `name_key` (lowercase name) keeps names unique per user and type. */
@Entity('artists')
export class ArtistEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 16 }) artist_type!: ArtistType;
  @Column({ type: 'varchar', length: 255 }) artist_name!: string;
  @Column({ type: 'varchar', length: 255 }) name_key!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) apple_id!: string;
  @Column({ type: 'varchar', length: 255, default: '' }) spotify_id!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
