import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
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

  /**
   * The review queue's releases (issue 38 item 11): `status`, release date within [`fromMs`, `toMs`]
   * (epoch ms, either null for no bound), artist names or label containing `q` (case-insensitive),
   * ordered by submission (`oldest` or `newest`, then id). `page` null answers every match (the caller
   * filters by store readiness and pages itself); otherwise `limit` from `offset`. Each row carries its
   * tracks' audio file names in track order (for the store-ready check). Answers the rows and the total.
   */
  async reviewQueue(
    filter: { status: string; fromMs: number | null; toMs: number | null; q: string; order: 'oldest' | 'newest' },
    page: { limit: number; offset: number } | null,
  ): Promise<{ rows: Array<ReleaseRecord & { audios: string[] }>; total: number }> {
    const qb = this.db.getRepository(ReleaseEntity).createQueryBuilder('r').where('r.status = :status', { status: filter.status });
    if (filter.fromMs !== null) qb.andWhere('r.release_date >= :from', { from: filter.fromMs });
    if (filter.toMs !== null) qb.andWhere('r.release_date <= :to', { to: filter.toMs });
    if (filter.q) {
      // '!' escapes the wildcards: one escape character both engines read alike (a backslash is not).
      const like = `%${filter.q.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
      qb.andWhere("(LOWER(r.artist_name) LIKE :like ESCAPE '!' OR LOWER(r.lable_name) LIKE :like ESCAPE '!')", { like });
    }
    const dir = filter.order === 'newest' ? 'DESC' : 'ASC';
    qb.orderBy('r.submitted_at', dir).addOrderBy('r.id', dir);
    if (page) qb.take(page.limit).skip(page.offset);
    const [rows, total] = await qb.getManyAndCount();
    const audios = new Map<number, string[]>();
    if (rows.length) {
      const tracks = await this.db.getRepository(TrackEntity).find({ select: { id: true, release_id: true, audio_track: true }, where: { release_id: In(rows.map((r) => r.id)) }, order: { id: 'ASC' } });
      for (const t of tracks) audios.set(t.release_id, [...(audios.get(t.release_id) ?? []), t.audio_track]);
    }
    return { rows: rows.map((r) => ({ ...r, audios: audios.get(r.id) ?? [] })), total };
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
