import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One review outcome of a release (docs/decisions/008), with the structured reasons (comma-separated catalogue codes). */
@Entity('release_reviews')
export class ReleaseReviewEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'varchar', length: 16 }) outcome!: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) reasons!: string;
  @Column({ type: 'varchar', length: 1000, default: '' }) note!: string;
  @Column({ type: 'varchar', length: 254 }) reviewer!: string;
  @Column({ type: 'datetime' }) created_at!: Date;
}
