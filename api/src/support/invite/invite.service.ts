import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { fillMessage, inviteQuery, SUPPORT_LIMITS, SUPPORT_MESSAGES as M, type InviteDto } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { MailService } from '../../mail/mail.service';
import { UsersService } from '../../users/users.service';
import { SupportConfig } from '../shared/support-config';
import { InviteEntity } from './invite.entity';

/**
 * Invites (areas §2 "Invite", §5). The e-mail names the inviter and carries an absolute sign-up link
 * `PORTAL_URL/signup?name=<invited name>&from=<inviter>` (core §2: /signup prefills the name; its
 * Welcome banner names the inviter, docs/decisions/017). At
 * most 10 a user per UTC day. The answer is the same whether or not the address has an account; an
 * existing account gets no invite mail.
 */
@Injectable()
export class InviteService {
  private readonly logger = new Logger(InviteService.name);

  constructor(
    @InjectRepository(InviteEntity) private readonly invites: Repository<InviteEntity>,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly config: SupportConfig,
  ) {}

  /** Send one invite. Errors: 429 inviteDailyLimit. */
  async send(userId: number, dto: InviteDto): Promise<string> {
    const now = new Date();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const sentToday = await this.invites.count({ where: { user_id: userId, created_at: MoreThanOrEqual(dayStart) } });
    if (sentToday >= SUPPORT_LIMITS.inviteDailyLimit) {
      throw DomainError.tooMany(fillMessage(M.inviteDailyLimit, { limit: SUPPORT_LIMITS.inviteDailyLimit }), 'invite_daily_limit');
    }
    await this.invites.insert({ user_id: userId, email: dto.email, name: dto.name });
    const [inviter, existing] = await Promise.all([this.users.getById(userId), this.users.findByEmail(dto.email)]);
    if (existing) {
      this.logger.log({ msg: 'invite to an existing account not mailed', user_id: userId });
      return M.inviteSent;
    }
    const values = { inviter: inviter.name, name: dto.name, link: this.config.link('/signup', inviteQuery(dto.name, inviter.name)) };
    await this.mail.send({ to: dto.email, subject: fillMessage(M.inviteMailSubject, values), text: fillMessage(M.inviteMailText, values), meta: { signup_link: values.link } });
    return M.inviteSent;
  }
}
