import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { AudioSubmissionColumns } from '../shared/submission.columns';

/** A lyrics submission (areas §3). `lrc_link` is the filename of the caller's LRC upload, '' when none. */
@Entity('lyrics_submissions')
export class LyricsEntity extends AudioSubmissionColumns {
  @Column({ type: 'varchar', length: 16 }) lyrics_language!: string;
  @Column({ type: 'varchar', length: 32 }) p_rights!: string;
  @Column({ type: 'varchar', length: 15, default: '' }) iswc!: string;
  @Column({ type: 'varchar', length: 64, default: '' }) lrc_link!: string;
  @Column({ type: 'text' }) lyrics!: string;
}

/** An LRC file a user uploaded (POST /api/videoUpload), checked line by line before it was stored. */
@Entity('lrc_uploads')
export class LrcUploadEntity {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 64 }) filename!: string;
  @Column({ type: 'varchar', length: 64 }) storage_key!: string;
  /** Bytes. */
  @Column({ type: 'integer' }) size!: number;
  /** Timed lines found. */
  @Column({ type: 'integer' }) lines!: number;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
}
