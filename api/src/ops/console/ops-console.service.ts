import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { OPS_MESSAGES as M, type OpsUserDetail, type OpsUserRow, type PlatformState, type VideoQueueRow } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { PlatformStatusService } from '../../platform-status/platform-status.service';
import { ReleaseReviewRecords } from '../../releases/review/release-review-records';
import { ledgerBalanceCents } from '../../support/money/ledger.query';
import { TicketsService } from '../../support/tickets/tickets.service';
import type { User } from '../../users/user';
import { UsersService } from '../../users/users.service';
import type { VideoReleaseEntity } from '../../video/entities/video-release.entity';
import { VideoReleasesService } from '../../video/video-releases.service';
import { AuditService, type Actor } from '../../audit/audit.service';
import { StaffService } from '../../staff/staff.service';

const userRow = (u: User): OpsUserRow => ({ user_id: u.id, name: u.name, email: u.email, revoked: u.revoked === 1, created_at: new Date(u.created_at).toISOString() });

/**
 * Video review, platform (away mode) and users of the operations console (docs/decisions/008), through the same
 * services as the CLI (`video-status`, `away`, `revoke`), each action audited.
 */
@Injectable()
export class OpsConsoleService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly videos: VideoReleasesService,
    private readonly platform: PlatformStatusService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly staff: StaffService,
    private readonly releases: ReleaseReviewRecords,
    private readonly tickets: TicketsService,
  ) {}

  async videoQueue(limit: number, offset: number): Promise<{ rows: VideoQueueRow[]; total: number }> {
    const [rows, total] = await this.videos.inReview(limit, offset);
    return { rows: rows.map((v) => this.videoRow(v)), total };
  }

  /** approved / rejected (reason) / takendown (reason) of a video in review (takedown also of an approved one). 404, 403 ownVideo, 409, 400. */
  async reviewVideo(videoId: number, outcome: 'approved' | 'rejected' | 'takendown', reason: string, actor: Actor): Promise<VideoQueueRow> {
    const before = await this.videos.find(videoId);
    if (!before) throw DomainError.notFound(M.videoNotFound);
    // Four-eyes (docs/decisions/016): never on a video of the reviewer's own account.
    if (actor.userId !== null && before.user_id === actor.userId) throw new DomainError(403, M.ownVideo, { code: 'four_eyes' });
    const allowed = outcome === 'takendown' ? ['in_review', 'approved'] : ['in_review'];
    if (!allowed.includes(before.status)) throw DomainError.conflict(M.videoNotReviewable, 'not_reviewable');
    if (outcome !== 'approved' && !reason.trim()) throw DomainError.badRequest(M.videoReasonRequired);
    let after: VideoReleaseEntity;
    try {
      after = await this.videos.setStatus(videoId, outcome, reason);
    } catch (e) {
      throw e instanceof DomainError ? e : DomainError.conflict(M.videoNotReviewable, 'not_reviewable');
    }
    await this.audit.record(actor, `video.${outcome}`, 'video', videoId, { status: before.status, reason: before.reason }, { status: after.status, reason: after.reason });
    return this.videoRow(after);
  }

  async platformState(): Promise<PlatformState> {
    const a = await this.platform.away();
    return { away: a.status === 'yes', text: a.text };
  }

  async setAway(on: boolean, text: string, actor: Actor): Promise<PlatformState> {
    if (on && !text.trim()) throw DomainError.badRequest(M.awayTextRequired);
    const before = await this.platformState();
    await this.platform.setAway(on, on ? text.trim() : '');
    const after = await this.platformState();
    await this.audit.record(actor, on ? 'platform.away_on' : 'platform.away_off', 'platform', 'away', before, after);
    return after;
  }

  async searchUsers(q: string, limit: number, offset: number): Promise<{ rows: OpsUserRow[]; total: number }> {
    const { rows, total } = await this.users.search(q, limit, offset);
    return { rows: rows.map(userRow), total };
  }

  async userDetail(userId: number): Promise<OpsUserDetail> {
    const u = await this.users.findById(userId);
    if (!u) throw DomainError.notFound(M.userNotFound);
    const releases = await this.releases.titlesOf(userId, 50);
    const tickets = await this.tickets.countOf(userId);
    return {
      ...userRow(u),
      balance_usd: (await ledgerBalanceCents(this.db.manager, userId)) / 100,
      releases: releases.map((r) => ({ release_id: r.id, release_title: r.release_title, status: r.status })),
      tickets,
    };
  }

  /**
   * Revoke (1) or restore (0), console and CLI `revoke` alike. The release gates refuse a revoked
   * artist's writes (core §6); for staff, revoking ends every console session at once (their passed
   * second factors are deleted) and StaffService.allows refuses every ops call while revoked; after a
   * restore they pass TOTP again (docs/decisions/016). 404 userNotFound; 403 staffSelf (own account).
   */
  async setRevoked(userId: number, revoked: boolean, actor: Actor): Promise<OpsUserRow> {
    const u = await this.users.findById(userId);
    if (!u) throw DomainError.notFound(M.userNotFound);
    this.staff.assertNotSelf(userId, actor);
    await this.users.update(userId, { revoked: revoked ? 1 : 0 });
    const ended = revoked ? await this.staff.endConsoleSessions(userId) : 0;
    await this.audit.record(actor, revoked ? 'user.revoke' : 'user.restore', 'user', userId, { revoked: u.revoked === 1 }, revoked ? { revoked, console_sessions_ended: ended } : { revoked });
    return userRow(await this.users.getById(userId));
  }

  private videoRow(v: VideoReleaseEntity): VideoQueueRow {
    return { video_id: v.id, release_title: v.release_title, user_id: v.user_id, status: v.status, created_at: new Date(v.created_at).toISOString() };
  }
}
