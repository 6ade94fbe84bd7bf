import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numeric } from '../../database/transformers';

/** A report request (areas §3): store, start and end month (epoch ms, 1st of the month UTC), status 0/1. */
@Entity('report_requests')
export class ReportRequestEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 64 }) store!: string;
  @Column({ type: 'bigint', transformer: numeric }) start_date!: number;
  @Column({ type: 'bigint', transformer: numeric }) end_date!: number;
  @Column({ type: 'integer', default: 0 }) status!: number;
  /** The received CSV in the FileStorage, once the operator attached it. */
  @Column({ type: 'varchar', length: 64, nullable: true }) storage_key!: string | null;
  @Column({ type: 'bigint', nullable: true, transformer: numeric }) file_size!: number | null;
  @Column({ type: 'datetime', nullable: true }) received_at!: Date | null;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
