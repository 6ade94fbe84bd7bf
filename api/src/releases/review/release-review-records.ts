import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { TRACK_STATUS } from '@portal/contracts';
import { ReleaseEntity } from '../entities/release.entity';
import { ReleaseReviewEntity } from '../entities/release-review.entity';
import { TrackEntity } from '../entities/track.entity';

/** A release row as the review reads it (the releases module's entity; other modules only read it). */
export type ReleaseRecord = ReleaseEntity;
/** A track row as the review reads it. */
export type TrackRecord = TrackEntity;

/**
 * The release and track rows the operations console's review reads and changes, owned by the releases
 * module (ops reads none of its tables itself). Methods taking `m` run inside the caller's transaction,
 * so an approval's status change, UPC/ISRC assignment, review history and audit row commit together
 * (docs/decisions/011, 016).
 */
@Injectable()
export class ReleaseReviewRecords {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** `in_review` releases, oldest submission first, `limit` from `offset`, with the total. */
  inReview(limit: number, offset: number): Promise<[ReleaseRecord[], number]> {
    return this.db.getRepository(ReleaseEntity).findAndCount({ where: { status: 'in_review' }, order: { submitted_at: 'ASC', id: 'ASC' }, take: limit, skip: offset });
  }

  /** The release `id`, or null. */
  find(id: number, m: EntityManager = this.db.manager): Promise<ReleaseRecord | null> {
    return m.findOne(ReleaseEntity, { where: { id } });
  }

  /** The release's tracks in track order. */
  tracks(releaseId: number, m: EntityManager = this.db.manager): Promise<TrackRecord[]> {
    return m.find(TrackEntity, { where: { release_id: releaseId }, order: { id: 'ASC' } });
  }

  /** One track of any release, or null. */
  track(trackId: number): Promise<TrackRecord | null> {
    return this.db.getRepository(TrackEntity).findOne({ where: { id: trackId } });
  }

  /** A user's newest releases (id, title, status), at most `take`. */
  titlesOf(userId: number, take: number): Promise<Pick<ReleaseRecord, 'id' | 'release_title' | 'status'>[]> {
    return this.db.getRepository(ReleaseEntity).find({ select: { id: true, release_title: true, status: true }, where: { user_id: userId }, order: { id: 'DESC' }, take });
  }

  /** The conditional status change: true when the row was still in one of `from` and now has `set`. */
  async move(m: EntityManager, releaseId: number, from: string[], set: { status: ReleaseRecord['status']; reason: string }): Promise<boolean> {
    const res = await m.createQueryBuilder().update(ReleaseEntity).set(set).where('id = :id AND status IN (:...from)', { id: releaseId, from }).execute();
    return Boolean(res.affected);
  }

  /** Store the UPC assigned at approval. */
  async setUpc(m: EntityManager, releaseId: number, upc: string): Promise<void> {
    await m.update(ReleaseEntity, { id: releaseId }, { upc_ean: upc });
  }

  /** A track approved with its ISRC (entered or assigned). */
  async approveTrack(m: EntityManager, trackId: number, isrc: string): Promise<void> {
    await m.update(TrackEntity, { id: trackId }, { isrc, status: TRACK_STATUS.approved });
  }

  /** Every track of a taken-down release marked taken down. */
  async takeDownTracks(m: EntityManager, releaseId: number): Promise<void> {
    await m.update(TrackEntity, { release_id: releaseId }, { status: TRACK_STATUS.takendown });
  }

  /** One row of the release's review history (reasons: catalogue codes; note ≤ 1,000 characters). */
  async recordReview(m: EntityManager, releaseId: number, outcome: string, reasons: string[], note: string, reviewer: string): Promise<void> {
    await m.insert(ReleaseReviewEntity, { release_id: releaseId, outcome, reasons: reasons.join(','), note: note.trim().slice(0, 1000), reviewer, created_at: new Date() });
  }
}
