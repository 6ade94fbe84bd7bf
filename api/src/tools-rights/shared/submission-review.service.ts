import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { fillMessage, SUBMISSION_KIND_LABEL, submissionStatusLabel, TOOLS_MESSAGES as M, type SubmissionKind, type SubmissionStatus } from '@portal/contracts';
import { NotificationsService } from '../../notifications/notifications.service';
import { LyricsEntity } from '../lyrics/lyrics.entity';
import { PlaylistPitchEntity } from '../playlist-pitch/playlist-pitch.entity';
import { ProfileLinkingEntity } from '../profile-linking/profile-linking.entity';
import { UgcClaimEntity } from '../ugc-claims/ugc-claim.entity';
import { WhitelistEntity } from '../whitelist/whitelist.entity';
import type { SubmissionColumns } from './submission.columns';

/** Outcomes an operator may set (areas §4: in_review, then approved or rejected). */
export type ReviewOutcome = Exclude<SubmissionStatus, 'in_review'> | 'in_review';
export type ReviewedSubmission = { kind: SubmissionKind; id: number; user_id: number; status: SubmissionStatus; reason: string; title: string };

/**
 * The review outcome of tools and rights submissions (areas §4 "set by the server"; operator CLI until
 * an admin area exists). Setting a status notifies the artist's bell.
 */
@Injectable()
export class SubmissionReviewService {
  private readonly repos: Record<SubmissionKind, Repository<SubmissionColumns>>;

  constructor(
    @InjectRepository(ProfileLinkingEntity) profile: Repository<ProfileLinkingEntity>,
    @InjectRepository(PlaylistPitchEntity) playlist: Repository<PlaylistPitchEntity>,
    @InjectRepository(LyricsEntity) lyrics: Repository<LyricsEntity>,
    @InjectRepository(UgcClaimEntity) ugc: Repository<UgcClaimEntity>,
    @InjectRepository(WhitelistEntity) whitelist: Repository<WhitelistEntity>,
    private readonly notifications: NotificationsService,
  ) {
    this.repos = { 'profile-linking': profile, playlist, lyrics, ugc, whitelist } as unknown as Record<SubmissionKind, Repository<SubmissionColumns>>;
  }

  /**
   * Set the status (and reason, kept only for a rejection unless given) of one submission and notify
   * its owner: "Your playlist pitch request for "Title" is Rejected. Reason". Throws Error for an
   * unknown kind, id or status.
   */
  async review(kind: SubmissionKind, id: number, status: ReviewOutcome, reason = ''): Promise<ReviewedSubmission> {
    const repo = this.repos[kind];
    if (!repo) throw new Error(`unknown kind ${kind}`);
    if (!['in_review', 'approved', 'rejected'].includes(status)) throw new Error('status must be approved, rejected or in_review');
    const row = await repo.findOne({ where: { id } });
    if (!row) throw new Error(`no ${kind} submission ${id}`);
    const text = reason.trim().slice(0, 1000);
    await repo.update({ id }, { status, reason: text });
    const title = titleOf(row);
    await this.notifications.notify(
      row.user_id,
      fillMessage(M.reviewNotification, { kind: SUBMISSION_KIND_LABEL[kind], title, status: submissionStatusLabel(status), reason: text ? ` ${text}` : '' }),
    );
    return { kind, id, user_id: row.user_id, status, reason: text, title };
  }

  /** Submissions still in review, oldest first (what an operator works through). */
  async pending(kind: SubmissionKind): Promise<Array<{ id: number; user_id: number; title: string; date: Date }>> {
    const rows = await this.repos[kind].find({ where: { status: 'in_review' }, order: { id: 'ASC' }, take: 200 });
    return rows.map((r) => ({ id: r.id, user_id: r.user_id, title: titleOf(r), date: r.created_at }));
  }
}

function titleOf(row: SubmissionColumns): string {
  const r = row as SubmissionColumns & { audio_title?: string; channel_name?: string };
  return r.audio_title ?? r.channel_name ?? `#${row.id}`;
}
