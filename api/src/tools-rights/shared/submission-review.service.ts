import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import {
  fillMessage,
  NOTIFICATION_LINKS,
  RIGHTS_DESK_LIMITS,
  RIGHTS_DESK_MESSAGES,
  SUBMISSION_KIND_LABEL,
  SUBMISSION_KINDS,
  submissionStatusLabel,
  TOOLS_MESSAGES as M,
  type RightsDecision,
  type RightsDeskKind,
  type RightsDeskStatus,
  type RightsDetail,
  type RightsDeskRow,
  type SubmissionKind,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { NotificationsService } from '../../notifications/notifications.service';
import { FileStorage } from '../../storage/file-storage';
import { LrcUploadEntity, LyricsEntity } from '../lyrics/lyrics.entity';
import { PlaylistPitchEntity } from '../playlist-pitch/playlist-pitch.entity';
import { ProfileLinkingEntity } from '../profile-linking/profile-linking.entity';
import { UgcClaimEntity } from '../ugc-claims/ugc-claim.entity';
import { WhitelistEntity } from '../whitelist/whitelist.entity';
import type { SubmissionColumns } from './submission.columns';
import { Transactions } from '../../database/transactions';


/** One request as the console's rights desk shows it: the contract's row without the e-mail, which the ops module adds. */
export type DeskSubmission = Omit<RightsDeskRow, 'user_email'>;

/**
 * The review outcome of tools and rights submissions (areas §4 "set by the server"): decided once, from
 * the console's rights desk or the operator CLI (both through OpsDeskService.decideRights); the
 * decision notifies the artist's bell.
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
    @InjectRepository(LrcUploadEntity) private readonly lrcUploads: Repository<LrcUploadEntity>,
    private readonly storage: FileStorage,
    private readonly notifications: NotificationsService,
    private readonly transactions: Transactions,
  ) {
    this.repos = { 'profile-linking': profile, playlist, lyrics, ugc, whitelist } as unknown as Record<SubmissionKind, Repository<SubmissionColumns>>;
  }

  /** Submissions still in review, oldest first (what an operator works through). */
  async pending(kind: SubmissionKind): Promise<Array<{ id: number; user_id: number; title: string; date: Date }>> {
    const rows = await this.repos[kind].find({ where: { status: 'in_review' }, order: { id: 'ASC' }, take: 200 });
    return rows.map((r) => ({ id: r.id, user_id: r.user_id, title: titleOf(r), date: r.created_at }));
  }

  /**
   * The console's rights desk list (docs/decisions/019): requests of one kind or all five, of one status,
   * `processed` (approved or rejected) or all; in_review oldest first, anything else newest first; one
   * page from `offset` and the total. Each row carries the submitted details (and the LRC file's text).
   */
  async deskList(kind: RightsDeskKind, status: RightsDeskStatus, limit: number, offset: number): Promise<{ rows: DeskSubmission[]; total: number }> {
    const kinds: SubmissionKind[] = kind === 'all' ? [...SUBMISSION_KINDS] : [kind];
    const where: FindOptionsWhere<SubmissionColumns> =
      status === 'all' ? {} : status === 'processed' ? { status: In(['approved', 'rejected']) } : { status };
    const dir = status === 'in_review' ? 'ASC' : 'DESC';
    // Each table gives its first offset+limit rows in the same order; merged, the page is exact.
    const parts = await Promise.all(
      kinds.map(async (k) => {
        const [rows, total] = await this.repos[k].findAndCount({ where, order: { created_at: dir, id: dir }, take: offset + limit });
        return { rows: rows.map((row) => ({ k, row })), total };
      }),
    );
    const sign = dir === 'ASC' ? 1 : -1;
    const merged = parts
      .flatMap((p) => p.rows)
      .sort((a, b) => sign * (a.row.created_at.getTime() - b.row.created_at.getTime() || a.row.id - b.row.id) || a.k.localeCompare(b.k))
      .slice(offset, offset + limit);
    return { rows: await Promise.all(merged.map(({ k, row }) => this.deskRow(k, row))), total: parts.reduce((n, p) => n + p.total, 0) };
  }

  /**
   * Approve or reject a request in review, once: a conditional UPDATE (`status = 'in_review'`) inside one
   * transaction, so of two concurrent decisions one wins and the other gets 409 alreadyDecided. In the
   * same transaction `after(m, row)` runs (the caller's audit) and the artist's bell is told the kind,
   * title, status and reason. Errors: 404 notFound, 409 alreadyDecided.
   */
  async decide(
    kind: SubmissionKind,
    id: number,
    decision: RightsDecision,
    reason: string,
    after: (m: EntityManager, row: DeskSubmission) => Promise<void>,
  ): Promise<DeskSubmission> {
    const repo = this.repos[kind];
    const text = reason.trim().slice(0, RIGHTS_DESK_LIMITS.reasonMax);
    const saved = await this.transactions.run(async (m) => {
      const target = repo.target;
      const found = await m.findOne<SubmissionColumns>(target, { where: { id } });
      if (!found) throw DomainError.notFound(RIGHTS_DESK_MESSAGES.notFound);
      const res = await m.createQueryBuilder().update(target).set({ status: decision, reason: text }).where('id = :id AND status = :open', { id, open: 'in_review' }).execute();
      if (!res.affected) {
        const now = await m.findOne<SubmissionColumns>(target, { where: { id } });
        throw new DomainError(409, fillMessage(RIGHTS_DESK_MESSAGES.alreadyDecided, { status: submissionStatusLabel(now?.status ?? found.status).toLowerCase() }), { code: 'already_decided' });
      }
      const row = await m.findOneOrFail<SubmissionColumns>(target, { where: { id } });
      const desk = await this.deskRow(kind, row);
      await after(m, desk);
      await this.notifications.notify(
        row.user_id,
        fillMessage(M.reviewNotification, { kind: SUBMISSION_KIND_LABEL[kind], title: desk.title, status: submissionStatusLabel(decision), reason: text ? ` ${text}` : '' }),
        NOTIFICATION_LINKS.submission[kind],
        m,
      );
      return desk;
    });
    return saved;
  }

  private async deskRow(kind: SubmissionKind, row: SubmissionColumns): Promise<DeskSubmission> {
    const r = row as SubmissionColumns & Partial<LyricsEntity & PlaylistPitchEntity & ProfileLinkingEntity & UgcClaimEntity & WhitelistEntity>;
    const text = (label: string, value: string | undefined): RightsDetail => ({ label, value: value ?? '', link: false });
    const link = (label: string, value: string | undefined): RightsDetail => ({ label, value: value ?? '', link: true });
    const links = (label: string, values: string[] | undefined): RightsDetail[] => (values ?? []).map((v) => link(label, v));
    const details: Record<SubmissionKind, () => RightsDetail[]> = {
      'profile-linking': () => [text('Artist', r.artist), link('Facebook', r.facebook_link), link('Instagram', r.instagram_link)],
      playlist: () => [
        text('Quick pitch', r.quick_pitch),
        text('Why pitch', r.why_pitch),
        text('Moods', (r.moods ?? []).join(', ')),
        ...links('Press release', r.press_release),
        ...links('Social media', r.social_media),
        text('Artwork asset', r.artwork_asset),
        text('Additional assets', r.additional_assets),
        text('Additional info', r.additional_info),
      ],
      lyrics: () => [text('Language', r.lyrics_language), text('P rights', r.p_rights), text('ISWC', r.iswc), text('LRC file', r.lrc_link)],
      ugc: () => [text('Platform', r.platform), text('Policy', r.policy), ...links('Video', r.url as string[] | undefined)],
      whitelist: () => [text('Platform', r.platform), text('Channel type', r.channel_type), text('Channel name', r.channel_name), link('Channel URL', r.url as string | undefined)],
    };
    return {
      kind,
      id: row.id,
      user_id: row.user_id,
      title: titleOf(row),
      release_title: r.release_title ?? '',
      status: row.status,
      reason: row.reason,
      created_at: row.created_at.toISOString(),
      details: details[kind]().filter((d) => d.value !== ''),
      lyrics: kind === 'lyrics' ? (r.lyrics ?? '') : '',
      lrc_text: kind === 'lyrics' && r.lrc_link ? await this.lrcText(row.user_id, r.lrc_link) : null,
    };
  }

  /** The text of the owner's LRC upload (first lrcPreviewMax characters), null when it is gone. */
  private async lrcText(userId: number, filename: string): Promise<string | null> {
    const up = await this.lrcUploads.findOne({ where: { user_id: userId, filename } });
    if (!up) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const c of await this.storage.open(up.storage_key)) chunks.push(Buffer.from(c as Buffer));
      return Buffer.concat(chunks).toString('utf8').slice(0, RIGHTS_DESK_LIMITS.lrcPreviewMax);
    } catch {
      return null;
    }
  }
}

function titleOf(row: SubmissionColumns): string {
  const r = row as SubmissionColumns & { audio_title?: string; channel_name?: string };
  return r.audio_title ?? r.channel_name ?? `#${row.id}`;
}
