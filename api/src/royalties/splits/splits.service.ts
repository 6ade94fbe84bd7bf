import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import { fillMessage, NOTIFICATION_LINKS, ROYALTY_MESSAGES as M, type SplitInvitation, type SplitTrack, type TrackSplit } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { MailService } from '../../mail/mail.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { Transactions } from '../../database/transactions';
import { SupportConfig } from '../../support/shared/support-config';
import { UsersService } from '../../users/users.service';
import { CatalogCodes } from '../../releases/catalog/catalog-codes';
import { TrackSplitEntity } from '../shared/royalty.entities';

/** The current month, YYYY-MM (UTC). */
export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);
/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const percentOf = (bp: number) => bp / 100;
const toSplit = (s: TrackSplitEntity): TrackSplit => ({ split_id: s.id, track_id: s.track_id, email: s.email, percent: percentOf(s.basis_points), status: s.status, from_month: s.from_month, to_month: s.to_month });

/**
 * Track splits (docs/decisions/019-money-engine.md, "Splits"): the owner of a track shares its
 * earnings with collaborators by e-mail and percentage (at most 100 % in all; the owner keeps the
 * rest). A share counts once the collaborator accepted it in their own account, for the sale months
 * from its `from_month` until the owner replaces the shares (`to_month`). Free of charge.
 */
@Injectable()
export class SplitsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tx: Transactions,
    private readonly codes: CatalogCodes,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly notifications: NotificationsService,
    private readonly config: SupportConfig,
  ) {}

  private get rows() {
    return this.db.getRepository(TrackSplitEntity);
  }

  /** The owner's earning tracks (the split editor's choices). */
  async tracks(ownerId: number): Promise<SplitTrack[]> {
    return (await this.codes.tracksOf(this.db.manager, ownerId)).map((t) => ({ track_id: t.track_id, title: t.title, release: t.release_title, isrc: t.isrc }));
  }

  /** The current (open) shares of one of the owner's tracks. Errors: 404 trackNotFound (another user's). */
  async forTrack(ownerId: number, trackId: number): Promise<TrackSplit[]> {
    if (!(await this.codes.ownTrack(this.db.manager, ownerId, trackId))) throw DomainError.notFound(M.trackNotFound);
    const rows = await this.rows.find({ where: { track_id: trackId, owner_user_id: ownerId, to_month: IsNull() }, order: { id: 'ASC' } });
    return rows.map(toSplit);
  }

  /**
   * Replace the shares of one of the owner's tracks from `fromMonth` (default: this month) on, in one
   * transaction: open shares end with the month before; the new ones start. A collaborator who had
   * accepted a share of this track keeps their acceptance; others are invited (bell when they have an
   * account, else an invite e-mail with the sign-up link). Errors: 400 splitSelf, splitsTooMuch; 404.
   */
  async replace(ownerId: number, trackId: number, shares: Array<{ email: string; percent: number }>, fromMonth = currentMonth()): Promise<TrackSplit[]> {
    const owner = await this.users.getById(ownerId);
    const track = await this.codes.ownTrack(this.db.manager, ownerId, trackId);
    if (!track) throw DomainError.notFound(M.trackNotFound);
    const wanted = shares.map((s) => ({ email: s.email.trim().toLowerCase(), bp: Math.round(s.percent * 100) }));
    if (wanted.some((s) => s.email === owner.email.toLowerCase())) throw DomainError.badRequest(M.splitSelf);
    if (wanted.reduce((a, s) => a + s.bp, 0) > 10_000) throw DomainError.badRequest(M.splitsTooMuch);
    const invited: TrackSplitEntity[] = [];
    await this.tx.run(async (m) => {
      const open = await m.find(TrackSplitEntity, { where: { track_id: trackId, to_month: IsNull() } });
      const acceptedBefore = new Map(open.filter((s) => Number(s.accepted)).map((s) => [s.email, s.collaborator_user_id]));
      const end = previousMonth(fromMonth);
      for (const s of open) await m.update(TrackSplitEntity, { id: s.id }, { to_month: end, status: 'ended' });
      for (const w of wanted) {
        const keep = acceptedBefore.get(w.email);
        const row = m.create(TrackSplitEntity, {
          track_id: trackId,
          owner_user_id: ownerId,
          email: w.email,
          basis_points: w.bp,
          collaborator_user_id: keep ?? null,
          accepted: keep ? 1 : 0,
          status: keep ? 'accepted' : 'invited',
          from_month: fromMonth,
          to_month: null,
          created_at: new Date(),
          responded_at: keep ? new Date() : null,
        });
        const saved = await m.save(row);
        if (!keep) invited.push(saved);
      }
    });
    for (const s of invited) {
      const values = { owner: owner.name, percent: percentOf(s.basis_points), track: track.title, link: this.config.link('/signup', { name: '' }) };
      const user = await this.users.findByEmail(s.email);
      if (user) await this.notifications.notify(user.id, fillMessage(M.splitInviteNotification, values), NOTIFICATION_LINKS.earnings);
      await this.mail.send({ to: s.email, subject: M.splitInviteMailSubject, text: fillMessage(M.splitInviteMailText, values) });
    }
    return this.forTrack(ownerId, trackId);
  }

  /** Shares offered to the caller's e-mail (open ones) and those they accepted, newest first. */
  async invitations(userId: number): Promise<SplitInvitation[]> {
    const me = await this.users.getById(userId);
    const rows = await this.rows.find({ where: [{ email: me.email.toLowerCase(), to_month: IsNull() }, { collaborator_user_id: userId }], order: { id: 'DESC' } });
    const ownerName = await this.users.namesById(rows.map((r) => r.owner_user_id));
    const { tracks, releases } = await this.codes.titles(this.db.manager, [...new Set(rows.map((r) => r.track_id))], []);
    const releaseOf = new Map<number, number>();
    for (const r of rows) {
      const t = await this.codes.track(this.db.manager, r.track_id);
      if (t) releaseOf.set(r.track_id, t.release_id);
    }
    const rel = await this.codes.titles(this.db.manager, [], [...new Set(releaseOf.values())]);
    void releases;
    return rows.map((r) => ({
      split_id: r.id,
      track_id: r.track_id,
      track: tracks.get(r.track_id) ?? '',
      release: rel.releases.get(releaseOf.get(r.track_id) ?? 0) ?? '',
      owner_name: ownerName.get(r.owner_user_id) ?? '',
      percent: percentOf(r.basis_points),
      status: r.status,
      from_month: r.from_month,
    }));
  }

  /**
   * Accept or decline a share offered to the caller's e-mail. Errors: 404 splitNotFound (another
   * address's); 409 splitAnswered (already answered or ended).
   */
  async respond(userId: number, splitId: number, accept: boolean): Promise<SplitInvitation> {
    const me = await this.users.getById(userId);
    const row = await this.rows.findOne({ where: { id: splitId, email: me.email.toLowerCase() } });
    if (!row) throw DomainError.notFound(M.splitNotFound);
    const r = await this.rows.update(
      { id: splitId, status: 'invited', to_month: IsNull() },
      accept ? { status: 'accepted', accepted: 1, collaborator_user_id: userId, responded_at: new Date() } : { status: 'declined', responded_at: new Date() },
    );
    if (!r.affected) throw DomainError.conflict(M.splitAnswered);
    const mine = await this.invitations(userId);
    return mine.find((s) => s.split_id === splitId)!;
  }

  /** Splits by id (for earnings labels). */
  byIds(ids: number[]): Promise<TrackSplitEntity[]> {
    return ids.length ? this.rows.find({ where: { id: In(ids) } }) : Promise.resolve([]);
  }
}
