import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn, type ValueTransformer } from 'typeorm';
import type { SubmissionStatus } from '@portal/contracts';

/** A string list stored as JSON text (URLs, moods); a damaged value reads as an empty list. */
export const jsonList: ValueTransformer = {
  to: (v: string[] | undefined) => JSON.stringify(v ?? []),
  from: (v: string | null) => {
    try {
      const parsed: unknown = JSON.parse(v ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  },
};

/** Columns every tools and rights submission has: owner, status (areas §4) and the operator's reason. */
export abstract class SubmissionColumns {
  @PrimaryGeneratedColumn() id!: number;
  @Column({ type: 'integer' }) user_id!: number;
  @Column({ type: 'varchar', length: 16, default: 'in_review' }) status!: SubmissionStatus;
  @Column({ type: 'varchar', length: 1000, default: '' }) reason!: string;
  @CreateDateColumn({ type: 'datetime' }) created_at!: Date;
  @UpdateDateColumn({ type: 'datetime' }) updated_at!: Date;
}

/** A submission about one audio of one release, with the titles as they were when it was sent. */
export abstract class AudioSubmissionColumns extends SubmissionColumns {
  @Column({ type: 'integer' }) release_id!: number;
  @Column({ type: 'integer' }) audio_id!: number;
  @Column({ type: 'varchar', length: 255 }) release_title!: string;
  @Column({ type: 'varchar', length: 255 }) audio_title!: string;
}

/** The wire fields of any submission row (areas §3): `date` is created_at in epoch ms. */
export const baseRow = (e: SubmissionColumns) => ({ id: e.id, status: e.status, reason: e.reason, date: e.created_at.getTime() });
/** The wire fields of an audio submission row. */
export const audioRow = (e: AudioSubmissionColumns) => ({ ...baseRow(e), release_id: e.release_id, release_title: e.release_title, audio_id: e.audio_id, audio_title: e.audio_title });

/**
 * The owner and audio columns of a new audio submission: the caller's id, the ids and the titles the
 * server holds for them (the payload's titles are never trusted), status in_review by default.
 */
export const audioColumns = (userId: number, release: { id: number; release_title: string }, audio: { id: number; title: string }) => ({
  user_id: userId,
  release_id: release.id,
  audio_id: audio.id,
  release_title: release.release_title,
  audio_title: audio.title,
});
