import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, MoreThan, Repository } from 'typeorm';
import { TOOLS_MESSAGES as M, type AudioOption, type ReleaseOption, type ReleaseStatus, type UpcomingReleaseOption, upcForms } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { ReleaseEntity } from '../entities/release.entity';
import { TrackEntity } from '../entities/track.entity';

/**
 * Releases the tools and rights may name: submitted ones (in review or approved). A draft is not
 * distributed yet, and rejected or taken-down releases are not on the stores (docs/decisions/005).
 */
export const TOOL_RELEASE_STATUSES: ReleaseStatus[] = ['in_review', 'approved'];

/** The release and audio a submission is about, checked to be the caller's. */
export type OwnedAudio = { release: Pick<ReleaseEntity, 'id' | 'release_title' | 'release_date'>; audio: Pick<TrackEntity, 'id' | 'title'> };

/**
 * Read-only queries on the releases area's tables for the pickers and the ownership checks of the
 * tools and rights, exported by ReleasesModule so that module reads no release table itself (areas §2 Select Release / Select Audio; DESIGN "Data": every query is scoped by
 * the caller's id, so another user's release answers 404 like a missing one).
 */
@Injectable()
export class ReleaseOptionsQuery {
  constructor(
    @InjectRepository(ReleaseEntity) private readonly releases: Repository<ReleaseEntity>,
    @InjectRepository(TrackEntity) private readonly tracks: Repository<TrackEntity>,
  ) {}

  /** The caller's submitted releases, newest first (GET getReleaseTitles). */
  async submitted(userId: number): Promise<ReleaseOption[]> {
    const rows = await this.releases.find({ select: { id: true, release_title: true }, where: { user_id: userId, status: In(TOOL_RELEASE_STATUSES) }, order: { id: 'DESC' } });
    return rows.map((r) => ({ release_id: r.id, release_title: r.release_title }));
  }

  /** The caller's submitted releases whose release date (epoch ms) is after `now`, soonest first (GET getReleaseTitlesPlaylist). */
  async upcoming(userId: number, now: number): Promise<UpcomingReleaseOption[]> {
    const rows = await this.releases.find({
      select: { id: true, release_title: true, release_date: true },
      where: { user_id: userId, status: In(TOOL_RELEASE_STATUSES), release_date: MoreThan(now) },
      order: { release_date: 'ASC', id: 'ASC' },
    });
    return rows.map((r) => ({ release_id: r.id, release_title: r.release_title, release_date: r.release_date }));
  }

  /** The audios of one of the caller's releases in track order (GET getReleaseAudioTitles). Errors: 404 releaseNotFound. */
  async audios(userId: number, releaseId: number): Promise<AudioOption[]> {
    await this.release(userId, releaseId);
    const rows = await this.tracks.find({ select: { id: true, title: true }, where: { user_id: userId, release_id: releaseId }, order: { id: 'ASC' } });
    return rows.map((t) => ({ audio_id: t.id, title: t.title }));
  }

  /** The caller's release and one of its audios. Errors: 404 releaseNotFound, 404 audioNotFound. */
  async ownedAudio(userId: number, releaseId: number, audioId: number): Promise<OwnedAudio> {
    const release = await this.release(userId, releaseId);
    const audio = await this.tracks.findOne({ select: { id: true, title: true }, where: { id: audioId, user_id: userId, release_id: releaseId } });
    if (!audio) throw DomainError.notFound(M.audioNotFound);
    return { release, audio };
  }

  /**
   * For the video form (areas §2 /create_video_releases): the caller's releases whose status is one of
   * `statuses`, newest first.
   */
  async ofStatuses(userId: number, statuses: readonly string[]): Promise<ReleaseOption[]> {
    const rows = await this.releases.find({ select: { id: true, release_title: true }, where: { user_id: userId, status: In([...statuses] as ReleaseStatus[]) }, order: { created_at: 'DESC', id: 'DESC' } });
    return rows.map((r) => ({ release_id: r.id, release_title: r.release_title }));
  }

  /** The caller's release `releaseId` in any status (id, title, status), or null: another user's is null too. */
  ownedRelease(userId: number, releaseId: number): Promise<Pick<ReleaseEntity, 'id' | 'release_title' | 'status'> | null> {
    return this.releases.findOne({ select: { id: true, release_title: true, status: true }, where: { id: releaseId, user_id: userId } });
  }

  /** The tracks (id, title) of the caller's release `releaseId` in track order; empty for another user's. */
  async tracksOfOwned(userId: number, releaseId: number): Promise<AudioOption[]> {
    const rows = await this.tracks.find({ select: { id: true, title: true }, where: { release_id: releaseId, user_id: userId }, order: { id: 'ASC' } });
    return rows.map((t) => ({ audio_id: t.id, title: t.title }));
  }

  /** One track (id, title) of the caller's release, or null. */
  ownedTrack(userId: number, releaseId: number, trackId: number): Promise<Pick<TrackEntity, 'id' | 'title'> | null> {
    return this.tracks.findOne({ select: { id: true, title: true }, where: { id: trackId, release_id: releaseId, user_id: userId } });
  }

  /** Every release carrying `upc` in any of its forms (UPC-A, EAN-13, GTIN-14; id, owner, status), oldest first: the `identifier-duplicates` listing of video codes. */
  releasesWithUpc(upc: string): Promise<Pick<ReleaseEntity, 'id' | 'user_id' | 'status'>[]> {
    return this.releases.find({ select: { id: true, user_id: true, status: true }, where: { upc_ean: In(upcForms(upc)) }, order: { id: 'ASC' } });
  }

  /** Every track carrying `isrc` (id, owner, release), oldest first: the `identifier-duplicates` listing of video codes. */
  tracksWithIsrc(isrc: string): Promise<Pick<TrackEntity, 'id' | 'user_id' | 'release_id'>[]> {
    return this.tracks.find({ select: { id: true, user_id: true, release_id: true }, where: { isrc }, order: { id: 'ASC' } });
  }

  private async release(userId: number, releaseId: number) {
    const release = await this.releases.findOne({ select: { id: true, release_title: true, release_date: true }, where: { id: releaseId, user_id: userId, status: In(TOOL_RELEASE_STATUSES) } });
    if (!release) throw DomainError.notFound(M.releaseNotFound);
    return release;
  }
}
