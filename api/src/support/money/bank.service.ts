import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fillMessage, maskAccountNumber, MASKED_ACCOUNT, SUPPORT_MESSAGES as M, type BankDetails, type BankDetailsDto } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { MailService } from '../../mail/mail.service';
import { UsersService } from '../../users/users.service';
import { SupportConfig } from '../shared/support-config';
import { BankDetailsEntity } from './money.entities';

const FIELDS = ['bank_name', 'holder_name', 'account_number', 'ifsc_code', 'branch_name', 'pan', 'other_details'] as const;

/** The wire shape: account number masked but for its last 4 digits. */
export const toBankDetails = (b: BankDetailsEntity): BankDetails => ({
  bank_name: b.bank_name,
  holder_name: b.holder_name,
  account_number: maskAccountNumber(b.account_number),
  ifsc_code: b.ifsc_code,
  branch_name: b.branch_name,
  pan: b.pan,
  other_details: b.other_details,
  updated_at: b.updated_at.getTime(),
});

/** Whether a payout may go to these details (areas §5: every field but other_details filled). */
export const bankComplete = (b: BankDetailsEntity | null): b is BankDetailsEntity =>
  !!b && [b.bank_name, b.holder_name, b.account_number, b.ifsc_code, b.branch_name, b.pan].every((v) => v.trim() !== '');

/** Bank details for payouts (areas §2 "Profile and withdrawal", §3, §6: the user's own only). */
@Injectable()
export class BankService {
  constructor(
    @InjectRepository(BankDetailsEntity) private readonly rows: Repository<BankDetailsEntity>,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly config: SupportConfig,
  ) {}

  /** The caller's details (masked), or null when none are saved. */
  async get(userId: number): Promise<BankDetails | null> {
    const row = await this.rows.findOne({ where: { user_id: userId } });
    return row ? toBankDetails(row) : null;
  }

  /** The stored row (full account number), for the payout service. */
  row(userId: number): Promise<BankDetailsEntity | null> {
    return this.rows.findOne({ where: { user_id: userId } });
  }

  /**
   * Save the caller's details. The masked number answered by `get` keeps the saved account; a masked
   * number without saved details (or not matching them) is refused. A change e-mails the user.
   * Errors: 400 accountInvalid.
   */
  async save(userId: number, dto: BankDetailsDto): Promise<BankDetails> {
    const existing = await this.rows.findOne({ where: { user_id: userId } });
    let account = dto.account_number;
    if (MASKED_ACCOUNT.test(account)) {
      if (!existing || maskAccountNumber(existing.account_number) !== account) throw DomainError.badRequest(M.accountInvalid);
      account = existing.account_number;
    }
    const next = { bank_name: dto.bank_name, holder_name: dto.holder_name, account_number: account, ifsc_code: dto.ifsc_code, branch_name: dto.branch_name, pan: dto.pan, other_details: dto.other_details ?? '' };
    const changed = !existing || FIELDS.some((f) => existing[f] !== next[f]);
    if (existing) await this.rows.update({ user_id: userId }, next);
    else await this.rows.insert({ user_id: userId, ...next });
    const saved = await this.rows.findOneOrFail({ where: { user_id: userId } });
    if (changed) {
      const user = await this.users.getById(userId);
      const values = { name: user.name, date: new Date().toISOString().slice(0, 16).replace('T', ' '), bank: saved.bank_name, last4: saved.account_number.slice(-4), support: this.config.supportEmail };
      await this.mail.send({ to: user.email, subject: M.bankMailSubject, text: fillMessage(M.bankMailText, values) });
    }
    return toBankDetails(saved);
  }
}
