import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { fillMessage, maskAccountNumber, MASKED_ACCOUNT, MASKED_IBAN, MASKED_PAN, maskEmail, maskIban, SUPPORT_MESSAGES as M, type BankDetails, type BankDetailsDto, type PayoutMethod } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { MailService } from '../../mail/mail.service';
import { UsersService } from '../../users/users.service';
import { SupportConfig } from '../shared/support-config';
import { BankDetailsEntity } from './money.entities';

const FIELDS = ['bank_name', 'holder_name', 'account_number', 'ifsc_code', 'branch_name', 'pan', 'other_details', 'country', 'payout_method', 'iban', 'bic', 'paypal_email'] as const;

/**
 * The wire shape: account number, PAN and IBAN masked but for their last 4 characters (sealed at rest,
 * docs/decisions/032; only the bank files and the payout checks read them whole).
 */
export const toBankDetails = (b: BankDetailsEntity): BankDetails => ({
  bank_name: b.bank_name,
  holder_name: b.holder_name,
  account_number: maskAccountNumber(b.account_number),
  ifsc_code: b.ifsc_code,
  branch_name: b.branch_name,
  pan: b.pan ? maskAccountNumber(b.pan) : '',
  other_details: b.other_details,
  country: b.country,
  payout_method: b.payout_method,
  iban: b.iban ? maskIban(b.iban) : '',
  bic: b.bic,
  paypal_email: b.paypal_email,
  updated_at: b.updated_at.getTime(),
});

/**
 * What a payout is sent to (docs/decisions/027-international-payouts.md): the Indian account number,
 * the IBAN or the PayPal e-mail. Its last 4 characters are kept on the payout (`account_last4`), so a
 * bank run refuses a payout whose details changed since it was requested.
 */
export const payoutDestination = (b: Pick<BankDetailsEntity, 'payout_method' | 'account_number' | 'iban' | 'paypal_email'>): string =>
  b.payout_method === 'iban' ? b.iban : b.payout_method === 'paypal' ? b.paypal_email : b.account_number;

/** The fields a payout needs for each method (areas §5 for India: every field but other_details). */
const REQUIRED: Record<PayoutMethod, (keyof BankDetailsEntity)[]> = {
  bank_in: ['bank_name', 'holder_name', 'account_number', 'ifsc_code', 'branch_name', 'pan'],
  iban: ['bank_name', 'holder_name', 'iban', 'bic'],
  paypal: ['holder_name', 'paypal_email'],
};

/** Whether a payout may go to these details: every field its method needs is filled. */
export const bankComplete = (b: BankDetailsEntity | null): b is BankDetailsEntity =>
  !!b && (REQUIRED[b.payout_method] ?? REQUIRED.bank_in).every((f) => String(b[f] ?? '').trim() !== '');

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
   * Save the caller's details (the schema already checked the shape of their country and method,
   * docs/decisions/027). The masked number, PAN or IBAN answered by `get` keeps the saved one; a masked
   * value without saved details (or not matching them) is refused. A change e-mails the user.
   * Errors: 400 accountInvalid, panInvalid, ibanInvalid.
   */
  async save(userId: number, dto: BankDetailsDto): Promise<BankDetails> {
    const existing = await this.rows.findOne({ where: { user_id: userId } });
    // A masked number or IBAN sent back unchanged keeps the saved one; any other masked value is refused.
    let account = dto.account_number ?? '';
    if (MASKED_ACCOUNT.test(account)) {
      if (!existing || maskAccountNumber(existing.account_number) !== account) throw DomainError.badRequest(M.accountInvalid);
      account = existing.account_number;
    }
    let pan = dto.pan ?? '';
    if (MASKED_PAN.test(pan)) {
      if (!existing || !existing.pan || maskAccountNumber(existing.pan) !== pan) throw DomainError.badRequest(M.panInvalid);
      pan = existing.pan;
    }
    let iban = dto.iban ?? '';
    if (MASKED_IBAN.test(iban)) {
      if (!existing || !existing.iban || maskIban(existing.iban) !== iban) throw DomainError.badRequest(M.ibanInvalid);
      iban = existing.iban;
    }
    const next = {
      bank_name: dto.bank_name ?? '',
      holder_name: dto.holder_name,
      account_number: account,
      ifsc_code: dto.ifsc_code ?? '',
      branch_name: dto.branch_name ?? '',
      pan,
      other_details: dto.other_details ?? '',
      country: dto.country ?? 'IN',
      payout_method: (dto.payout_method ?? 'bank_in') as PayoutMethod,
      iban,
      bic: dto.bic ?? '',
      paypal_email: dto.paypal_email ?? '',
    };
    const changed = !existing || FIELDS.some((f) => existing[f] !== next[f]);
    if (existing) await this.rows.update({ user_id: userId }, next);
    else await this.rows.insert({ user_id: userId, ...next });
    const saved = await this.rows.findOneOrFail({ where: { user_id: userId } });
    if (changed) {
      const user = await this.users.getById(userId);
      const values = {
        name: user.name,
        date: new Date().toISOString().slice(0, 16).replace('T', ' '),
        bank: saved.bank_name,
        last4: payoutDestination(saved).slice(-4),
        paypal: maskEmail(saved.paypal_email),
        support: this.config.supportEmail,
      };
      const text = saved.payout_method === 'paypal' ? M.bankMailTextPaypal : M.bankMailText;
      await this.mail.send({ to: user.email, subject: M.bankMailSubject, text: fillMessage(text, values) });
    }
    return toBankDetails(saved);
  }
}
