import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { QcStatus } from '@portal/contracts';

/**
 * The store QC of one upload (docs/decisions/020), keyed by its server-given filename. Audio rows start
 * `checking` and are filled by the QC job; measurements and problems are JSON text (engine-neutral).
 * `md5` (hex) of the stored bytes is kept for the DDEX message's HashSum.
 */
@Entity('upload_qc')
export class UploadQcEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 64 }) filename!: string;
  @Column({ type: 'varchar', length: 16 }) kind!: 'artwork' | 'audio';
  @Column({ type: 'varchar', length: 16 }) status!: QcStatus;
  @Column({ type: 'text' }) measurements!: string;
  @Column({ type: 'text' }) problems!: string;
  @Column({ type: 'varchar', length: 32, default: '' }) md5!: string;
  @Column({ type: 'integer', default: 0 }) attempts!: number;
  @Column({ type: 'datetime', nullable: true }) checked_at!: Date | null;
  @Column({ type: 'datetime' }) created_at!: Date;
}
