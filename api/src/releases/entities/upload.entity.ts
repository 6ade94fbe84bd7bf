import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { numeric } from '../../database/transformers';

export type UploadKind = 'artwork' | 'audio';

/**
 * A stored upload and its owner, so the server knows which files a user may reference and read.
 * `filename` is random (never the user's file name) and is what the wire carries; `storage_key` names
 * the bytes in the FileStorage.
 */
@Entity('uploads')
export class UploadEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 16 }) kind!: UploadKind;
  @Column({ type: 'varchar', length: 64 }) filename!: string;
  @Column({ type: 'varchar', length: 64 }) storage_key!: string;
  @Column({ type: 'varchar', length: 64 }) mime!: string;
  /** Bytes. */
  @Column({ type: 'bigint', transformer: numeric }) size!: number;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
