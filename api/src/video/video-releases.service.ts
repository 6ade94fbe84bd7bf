import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Not, Repository } from 'typeorm';
import {
  fillMessage,
  RELEASE_STATUS_LABEL,
  VIDEO_ELIGIBLE_RELEASE_STATUSES,
  VIDEO_MESSAGES as M,
  VIDEO_STATUSES,
  type AudioOption,
  type ReleaseOption,
  type VideoReleaseDto,
  type VideoStatus,
} from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { NotificationsService } from '../notifications/notifications.service';
import { ReleaseOptionsQuery } from '../releases/catalog/release-options.query';
import { ReleaseGateService } from '../releases/release-info/release-gate.service';
import { IdentifierRegistryService } from '../identifiers/identifier-registry.service';
import { VideoReleaseEntity } from './entities/video-release.entity';
import { ThumbnailsService } from './thumbnails.service';
import { Transactions } from '../database/transactions';

/** A video code that repeats (CLI `identifier-duplicates`): its holders, videos and audio releases or tracks. */
export type VideoIdentifierDuplicate = {
  kind: 'upc' | 'isrc';
  code: string;
  holders: Array<{ holder: 'video' | 'release' | 'track'; id: number; user_id: number; status: string }>;
};

/** Statuses of a video that block another video for the same audio. */
const ACTIVE: VideoStatus[] = ['in_review', 'approved'];

/**
 * Music video releases (areas §2 /create_video_releases, §3, §4, §5). Every read and write is scoped by
 * the caller's id: another user's release, audio or video answers 404 exactly like a missing one.
 */
@Injectable()
export class VideoReleasesService {
  constructor(
    @InjectRepository(VideoReleaseEntity) private readonly videos: Repository<VideoReleaseEntity>,
    private readonly catalog: ReleaseOptionsQuery,
    private readonly gate: ReleaseGateService,
    private readonly thumbnails: ThumbnailsService,
    private readonly notifications: NotificationsService,
    private readonly identifiers: IdentifierRegistryService,
    private readonly transactions: Transactions,
  ) {}

  /** GET getReleaseTitlesForVRelease: the caller's releases in review or approved, newest first. */
  async releaseOptions(userId: number): Promise<ReleaseOption[]> {
    return this.catalog.ofStatuses(userId, VIDEO_ELIGIBLE_RELEASE_STATUSES);
  }

  /** GET getAudioTitles?release_id: the tracks of one of the caller's releases, in track order. Errors: 404 releaseNotFound. */
  async audioOptions(userId: number, releaseId: number): Promise<AudioOption[]> {
    if (!(await this.catalog.ownedRelease(userId, releaseId))) throw DomainError.notFound(M.releaseNotFound);
    return this.catalog.tracksOfOwned(userId, releaseId);
  }

  /**
   * POST submitVideoRelease with a payload validated by videoReleaseSchema → the new video's id, status
   * in_review. Checks, in order: away / revoked (403); the release is the caller's (404 releaseNotFound)
   * and submitted or approved (409 releaseNotEligible); the audio is a track of that release (404
   * audioNotFound); the thumbnail is the caller's upload (400 thumbnailUnknown); no video of that audio
   * is in review or approved (409 videoExists). Titles come from the stored release and track.
   * The video UPC and ISRC (format and GS1 check digit checked by videoReleaseSchema) are claimed in
   * the identifier registry in the transaction that inserts the video (docs/decisions/016): 400
   * upcInUse when any other release or video carries the UPC (the same video submitted again after a
   * rejection keeps it), 400 isrcInUse when another account owns the ISRC; nothing is saved then.
   */
  async submit(userId: number, dto: VideoReleaseDto): Promise<{ video_id: number }> {
    await this.gate.assertCanCreate(userId);
    const release = await this.catalog.ownedRelease(userId, dto.release_id);
    if (!release) throw DomainError.notFound(M.releaseNotFound);
    if (!(VIDEO_ELIGIBLE_RELEASE_STATUSES as readonly string[]).includes(release.status)) throw DomainError.conflict(M.releaseNotEligible);
    const track = await this.catalog.ownedTrack(userId, release.id, dto.audio_id);
    if (!track) throw DomainError.notFound(M.audioNotFound);
    const thumbnail = await this.thumbnails.assertOwned(userId, dto.thumbnail);
    if (await this.videos.exists({ where: { user_id: userId, audio_id: track.id, status: In(ACTIVE) } })) throw DomainError.conflict(M.videoExists);

    const search_text = [release.release_title, track.title, dto.actor, dto.actress].join(' ').toLowerCase().slice(0, 1600);
    const row = this.videos.create({
      user_id: userId,
      release_id: release.id,
      audio_id: track.id,
      release_title: release.release_title,
      audio_title: track.title,
      download_link: dto.download_link,
      thumbnail,
      release_date: dto.release_date,
      video_upc: dto.video_upc ?? '',
      video_isrc: dto.video_isrc ?? '',
      actor: dto.actor ?? '',
      actress: dto.actress ?? '',
      status: 'in_review',
      active_audio_id: track.id,
      reason: '',
      search_text,
    });
    try {
      return await this.transactions.run(async (m) => {
        const saved = await m.save(row);
        if (saved.video_upc) {
          await this.identifiers.claimVideoUpc(m, saved.video_upc, userId, saved.id, async (heldVideoId) =>
            m.exists(VideoReleaseEntity, { where: { id: heldVideoId, user_id: userId, audio_id: track.id } }),
          );
        }
        if (saved.video_isrc) await this.identifiers.claimVideoIsrc(m, saved.video_isrc, userId, saved.id);
        return { video_id: saved.id };
      });
    } catch (e) {
      if (e instanceof DomainError) throw e;
      // A concurrent submit for the same track won the unique active_audio_id.
      if (await this.videos.exists({ where: { user_id: userId, audio_id: track.id, status: In(ACTIVE) } })) throw DomainError.conflict(M.videoExists);
      throw e;
    }
  }

  /** Video releases in review, oldest first, `limit` from `offset`, with the total (the console's video queue). */
  inReview(limit: number, offset: number): Promise<[VideoReleaseEntity[], number]> {
    return this.videos.findAndCount({ where: { status: 'in_review' }, order: { id: 'ASC' }, take: limit, skip: offset });
  }

  /** Any video release by id, or null (the console reads it before a review outcome). */
  find(videoId: number): Promise<VideoReleaseEntity | null> {
    return this.videos.findOne({ where: { id: videoId } });
  }

  /**
   * Video codes held more than once (CLI `identifier-duplicates`, docs/decisions/016), left from before
   * the registry: a video UPC on another video (not the same video submitted again) or on an audio
   * release; a video ISRC on videos or
   * tracks of more than one owner. Listed with their holders, never changed.
   */
  async duplicateIdentifiers(): Promise<VideoIdentifierDuplicate[]> {
    const out: VideoIdentifierDuplicate[] = [];
    const codes = async (column: 'video_upc' | 'video_isrc') =>
      (await this.videos.createQueryBuilder('v').select(`v.${column}`, 'code').where(`v.${column} <> ''`).groupBy(`v.${column}`).orderBy(`v.${column}`).getRawMany<{ code: string }>()).map((r) => r.code);
    for (const code of await codes('video_upc')) {
      const videos = await this.videos.find({ select: { id: true, user_id: true, audio_id: true, status: true }, where: { video_upc: code }, order: { id: 'ASC' } });
      const releases = await this.catalog.releasesWithUpc(code);
      // The owner's videos of one audio are one video submitted again (after a rejection): not a duplicate.
      if (new Set(videos.map((v) => `${v.user_id}:${v.audio_id}`)).size + releases.length < 2) continue;
      out.push({
        kind: 'upc',
        code,
        holders: [...videos.map((v) => ({ holder: 'video' as const, id: v.id, user_id: v.user_id, status: v.status })), ...releases.map((r) => ({ holder: 'release' as const, id: r.id, user_id: r.user_id, status: r.status }))],
      });
    }
    for (const code of await codes('video_isrc')) {
      const videos = await this.videos.find({ select: { id: true, user_id: true, status: true }, where: { video_isrc: code }, order: { id: 'ASC' } });
      const tracks = await this.catalog.tracksWithIsrc(code);
      if (new Set([...videos, ...tracks].map((h) => h.user_id)).size < 2) continue;
      out.push({
        kind: 'isrc',
        code,
        holders: [...videos.map((v) => ({ holder: 'video' as const, id: v.id, user_id: v.user_id, status: v.status })), ...tracks.map((t) => ({ holder: 'track' as const, id: t.id, user_id: t.user_id, status: `release ${t.release_id}` }))],
      });
    }
    return out;
  }

  /**
   * Operator command `video-status` (areas §4: how a status changes is ours): set any of in_review,
   * approved, rejected, takendown (a reason is required for rejected, kept for takendown) and notify the
   * artist's bell. Throws Error with a message for the operator.
   */
  async setStatus(videoId: number, status: string, reason = ''): Promise<VideoReleaseEntity> {
    if (!(VIDEO_STATUSES as readonly string[]).includes(status)) throw new Error(`status must be one of ${VIDEO_STATUSES.join(', ')}`);
    if (status === 'rejected' && !reason.trim()) throw new Error('a rejection needs a reason');
    const video = await this.videos.findOne({ where: { id: videoId } });
    if (!video) throw new Error(`no video release ${videoId}`);
    const kept = status === 'rejected' || status === 'takendown' ? reason.trim().slice(0, 1000) : '';
    const active = ACTIVE.includes(status as VideoStatus) ? video.audio_id : null;
    try {
      await this.videos.update({ id: video.id }, { status: status as VideoStatus, reason: kept, active_audio_id: active });
    } catch (e) {
      if (active !== null && (await this.videos.exists({ where: { id: Not(video.id), active_audio_id: video.audio_id } }))) {
        throw new Error(`audio ${video.audio_id} already has a video in review or approved`);
      }
      throw e;
    }
    await this.notifications.notify(
      video.user_id,
      fillMessage(M.statusNotification, { title: video.release_title, status: RELEASE_STATUS_LABEL[status as VideoStatus], reason: kept ? ` ${kept}` : '' }),
      '/video-catalog',
    );
    return this.videos.findOneOrFail({ where: { id: video.id } });
  }
}
