import { Injectable } from '@nestjs/common';
import { OPS_MESSAGES as M, hasStaffRole, type ConsoleHome, type ConsoleQueue, type ConsoleQueueId, type StaffRole } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import type { AuthUser } from '../../common/request-context';
import { DeliveryDeskService } from '../../distribution/desk/delivery-desk.service';
import { JobsService } from '../../jobs/jobs.service';
import { ReleaseReviewRecords } from '../../releases/review/release-review-records';
import { HoldsService } from '../../royalties/holds/holds.service';
import { StatementImportsService } from '../../royalties/import/statement-imports.service';
import { StaffService } from '../../staff/staff.service';
import { LedgerService } from '../../support/money/ledger.service';
import { PayoutDeskService } from '../../support/money/payout-desk.service';
import { ReportsService } from '../../support/reports/reports.service';
import { TicketsService } from '../../support/tickets/tickets.service';
import { SubmissionReviewService } from '../../tools-rights/shared/submission-review.service';
import { VideoReleasesService } from '../../video/video-releases.service';
import { ReleaseReviewService } from '../review/release-review.service';

/** A queue's size and the time its oldest item entered it (null when empty). */
type Waiting = { count: number; oldest: Date | string | number | null };

/** Statement imports that wait for finance: uploaded but not started, or failed (docs/decisions/031). */
const STATEMENT_WAITING = ['uploaded', 'failed'] as const;

/**
 * The console home and the drawer's counts (docs/decisions/040-console-navigation.md): per queue, the
 * work waiting and its oldest item, read through the owning modules' exported services (their own
 * desk lists, asked for one row: each lists its queue oldest first and answers the total), never their
 * tables. Each queue is answered only to staff holding its role (admin holds every role).
 */
@Injectable()
export class ConsoleHomeService {
  constructor(
    private readonly staff: StaffService,
    private readonly review: ReleaseReviewService,
    private readonly releases: ReleaseReviewRecords,
    private readonly videos: VideoReleasesService,
    private readonly statements: StatementImportsService,
    private readonly payouts: PayoutDeskService,
    private readonly tickets: TicketsService,
    private readonly submissions: SubmissionReviewService,
    private readonly jobs: JobsService,
    private readonly ledger: LedgerService,
    private readonly reports: ReportsService,
    private readonly deliveries: DeliveryDeskService,
    private readonly holds: HoldsService,
  ) {}

  /** Which role each queue needs, and how it is counted. */
  private readonly queues: Record<ConsoleQueueId, { role: StaffRole; waiting: () => Promise<Waiting> }> = {
    review: {
      role: 'reviewer',
      waiting: async () => {
        const { rows, total } = await this.review.queue(1, 0);
        return { count: total, oldest: rows[0]?.submitted_at ?? null };
      },
    },
    videos: {
      role: 'reviewer',
      waiting: async () => {
        const [rows, total] = await this.videos.inReview(1, 0);
        return { count: total, oldest: rows[0]?.created_at ?? null };
      },
    },
    // Failed and refused deliveries (issue 38 item 12): the delivery desk's own count, oldest first.
    deliveries: { role: 'reviewer', waiting: () => this.deliveries.waiting() },
    statements: {
      role: 'finance',
      waiting: async () => {
        // The imports list is newest first: a status's oldest import is its last row.
        const parts = await Promise.all(
          STATEMENT_WAITING.map(async (status) => {
            const { total } = await this.statements.list(status, 1, 0);
            const oldest = total ? (await this.statements.list(status, 1, total - 1)).rows[0]?.created_at ?? null : null;
            return { count: total, oldest };
          }),
        );
        return parts.reduce<Waiting>((sum, p) => ({ count: sum.count + p.count, oldest: earliest(sum.oldest, p.oldest) }), { count: 0, oldest: null });
      },
    },
    payouts: {
      role: 'finance',
      waiting: async () => {
        const { rows, total } = await this.payouts.list('requested', 1, 0);
        return { count: total, oldest: rows[0]?.created_at ?? null };
      },
    },
    reports: {
      role: 'finance',
      waiting: async () => {
        const { rows, total } = await this.reports.pending(1, 0);
        return { count: total, oldest: rows[0]?.created_at ?? null };
      },
    },
    // Open holds waiting for finance's decision (the desk lists the appealed ones first), oldest placed.
    holds: { role: 'finance', waiting: () => this.holds.waiting() },
    support: {
      role: 'support',
      waiting: async () => {
        const { rows, total } = await this.tickets.openForDesk(1, 0);
        return { count: total, oldest: rows[0]?.created_at ?? null };
      },
    },
    rights: {
      role: 'support',
      waiting: async () => {
        const { rows, total } = await this.submissions.deskList('all', 'in_review', 1, 0);
        return { count: total, oldest: rows[0]?.created_at ?? null };
      },
    },
    jobs: {
      role: 'admin',
      waiting: async () => {
        const failed = await this.jobs.failed();
        return { count: failed.length, oldest: failed.reduce<number | null>((min, j) => (j.failedAt !== null && (min === null || j.failedAt < min) ? j.failedAt : min), null) };
      },
    },
  };

  /**
   * GET ops/console/home for `user`: the queues their roles open, in CONSOLE_QUEUES order, and whether
   * the account also works as an artist (releases of its own, or ledger entries as a collaborator).
   * Errors: 403 forbidden (no staff role, revoked, or the session has not passed TOTP), the console's one 403.
   */
  async home(user: AuthUser, now = Date.now()): Promise<ConsoleHome> {
    const roles = await this.staff.rolesOf(user.id);
    if (!roles.length || !(await this.staff.allows(user, roles[0]!))) throw new DomainError(403, M.forbidden, { code: 'forbidden' });
    const open = (Object.keys(this.queues) as ConsoleQueueId[]).filter((id) => hasStaffRole(roles, this.queues[id].role));
    const queues = await Promise.all(open.map(async (id): Promise<ConsoleQueue> => queueOf(id, await this.queues[id].waiting(), now)));
    return { queues, artist_use: await this.artistUse(user.id) };
  }

  private async artistUse(userId: number): Promise<boolean> {
    if ((await this.releases.titlesOf(userId, 1)).length > 0) return true;
    return (await this.ledger.entries(userId)).length > 0;
  }
}

const time = (value: Date | string | number) => new Date(value).getTime();

function earliest(a: Waiting['oldest'], b: Waiting['oldest']): Waiting['oldest'] {
  if (a === null) return b;
  if (b === null) return a;
  return time(a) <= time(b) ? a : b;
}

function queueOf(queue: ConsoleQueueId, { count, oldest }: Waiting, now: number): ConsoleQueue {
  if (!count || oldest === null) return { queue, count, oldest_at: null, oldest_age_minutes: null };
  const at = time(oldest);
  return { queue, count, oldest_at: new Date(at).toISOString(), oldest_age_minutes: Math.max(0, Math.floor((now - at) / 60_000)) };
}
