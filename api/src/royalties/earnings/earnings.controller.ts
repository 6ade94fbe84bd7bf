import { Controller } from '@nestjs/common';
import { pageOffset, ROYALTY_ENDPOINTS as E, ROYALTY_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok, okList } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { SplitsService } from '../splits/splits.service';
import { EarningsService } from './earnings.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** The artist's earnings and splits (docs/decisions/019-money-engine.md): the caller's own data only. */
@Controller()
export class EarningsController {
  constructor(
    private readonly earnings: EarningsService,
    private readonly splits: SplitsService,
  ) {}

  /** GET /api/getEarnings?from&to (YYYY-MM) → EarningsSummary (micro-USD; balance in cents). Errors: 400 monthInvalid. */
  @Endpoint(E.getEarnings)
  async summary(@CurrentUser() user: AuthUser, @ValidQuery(E.getEarnings) q: R<'getEarnings'>) {
    return ok(M.earnings, { body: await this.earnings.summary(user.id, q.from, q.to) });
  }

  /** GET /api/getEarningLines?from&to&limit&page → EarningLine[], total. */
  @Endpoint(E.getEarningLines)
  async lines(@CurrentUser() user: AuthUser, @ValidQuery(E.getEarningLines) q: R<'getEarningLines'>) {
    const { rows, total } = await this.earnings.lines(user.id, q.from, q.to, q.limit, pageOffset(q));
    return ok(M.earningLines, { body: rows, total });
  }

  /** GET /api/getSplitTracks → SplitTrack[] (the caller's earning tracks). */
  @Endpoint(E.getSplitTracks)
  async splitTracks(@CurrentUser() user: AuthUser) {
    return okList(M.splits, await this.splits.tracks(user.id));
  }

  /** GET /api/getTrackSplits?track_id → TrackSplit[] (open shares). Errors: 404 (another user's track). */
  @Endpoint(E.getTrackSplits)
  async trackSplits(@CurrentUser() user: AuthUser, @ValidQuery(E.getTrackSplits) q: R<'getTrackSplits'>) {
    return okList(M.splits, await this.splits.forTrack(user.id, q.track_id));
  }

  /** POST /api/setTrackSplits { track_id, shares: [{ email, percent }] } → TrackSplit[]. Errors: 400, 404. */
  @Endpoint(E.setTrackSplits)
  async setSplits(@CurrentUser() user: AuthUser, @ValidBody(E.setTrackSplits) b: R<'setTrackSplits'>) {
    return okList(M.splitsSaved, await this.splits.replace(user.id, b.track_id, (b.shares ?? []) as Array<{ email: string; percent: number }>));
  }

  /** GET /api/getSplitInvitations → SplitInvitation[]. */
  @Endpoint(E.getSplitInvitations)
  async invitations(@CurrentUser() user: AuthUser) {
    return okList(M.splits, await this.splits.invitations(user.id));
  }

  /** POST /api/respondSplit { split_id, accept } → SplitInvitation. Errors: 404, 409. */
  @Endpoint(E.respondSplit)
  async respond(@CurrentUser() user: AuthUser, @ValidBody(E.respondSplit) b: R<'respondSplit'>) {
    return ok(b.accept ? M.splitAccepted : M.splitDeclined, { body: await this.splits.respond(user.id, b.split_id, b.accept) });
  }
}
