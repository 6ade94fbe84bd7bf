import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { In, Repository, type EntityManager } from 'typeorm';
import {
  fillMessage,
  isValidIban,
  maskAccountNumber,
  maskEmail,
  maskIban,
  PAYOUT_DESK_LIMITS as L,
  PAYOUT_DESK_MESSAGES as M,
  type BankFile,
  type BankFileFormat,
  type PaymentRunRow,
  type PayoutDeskDetail,
  type PayoutDeskFilter,
  type PayoutDeskRow,
} from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/domain-error';
import { UsersService } from '../../users/users.service';
import { Transactions } from '../../database/transactions';
import { bankComplete, payoutDestination } from './bank.service';
import { bankCsv, bankPain001, bankTransfersOnly, sepaPain001, sepaTransfers, usdCentsToEurCents, type BankTransfer } from './bank-file';
import { ledgerBalanceCents } from './ledger.query';
import { BankDetailsEntity, LedgerEntryEntity, PaymentRunEntity, PaymentRunTransferEntity, PayoutEntity } from './money.entities';
import { supportSettings } from '../support.settings';

/**
 * The account a pain.001 pays from (PAYOUT_DEBTOR_NAME, _ACCOUNT, _BIC). Outside production an unset
 * one keeps its placeholder (NOTPROVIDED), so dev and test files build; in production a file naming no
 * real debtor would be refused by the bank, so it is not built. Errors: 409 debtorMissing naming the
 * unset variables.
 */
export function pain001Debtor(config: Pick<AppConfig, 'nodeEnv' | 'modules'>): { name: string; account: string; bic: string } {
  const d = supportSettings.of(config).payoutDebtor;
  if (config.nodeEnv === 'production' && d.missing.length) throw DomainError.conflict(fillMessage(M.debtorMissing, { names: d.missing.join(', ') }), 'debtor_missing');
  return { name: d.name, account: d.account, bic: d.bic };
}

/** Who acts on the desk: the staff account (null for the CLI) and its e-mail. */
export type DeskActor = { userId: number | null; email: string };

/**
 * The money side of the console's payout desk (docs/decisions/023-staff-desks.md), owned by the support
 * area so the ops module never reads its tables (docs/decisions/024): payouts by status with paging, one payout's
 * detail (masked bank details, balance history, earlier payouts), bank runs (requested → in_payment in
 * one transaction, a snapshot of what each transfer pays to) and their files (CSV, pain.001.001.09).
 * Marking paid and rejecting stay in PayoutsService.
 */
@Injectable()
export class PayoutDeskService {
  constructor(
    @InjectRepository(PayoutEntity) private readonly payouts: Repository<PayoutEntity>,
    @InjectRepository(PaymentRunEntity) private readonly runs: Repository<PaymentRunEntity>,
    @InjectRepository(PaymentRunTransferEntity) private readonly transfers: Repository<PaymentRunTransferEntity>,
    @InjectRepository(BankDetailsEntity) private readonly banks: Repository<BankDetailsEntity>,
    private readonly tx: Transactions,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Payouts of one status (or all): requested and in_payment oldest first (the work queue), the others
   * newest first (history). Answers one page and the total.
   */
  async list(filter: PayoutDeskFilter, limit: number, offset: number): Promise<{ rows: PayoutDeskRow[]; total: number }> {
    const queue = filter === 'requested' || filter === 'in_payment';
    const [rows, total] = await this.payouts.findAndCount({ where: filter === 'all' ? {} : { status: filter }, order: { id: queue ? 'ASC' : 'DESC' }, take: limit, skip: offset });
    return { rows: await this.toRows(rows), total };
  }

  /** The desk's row of one payout. Errors: 404 payoutNotFound. */
  async row(payoutId: number): Promise<PayoutDeskRow> {
    const p = await this.payouts.findOne({ where: { id: payoutId } });
    if (!p) throw DomainError.notFound(M.payoutNotFound);
    return (await this.toRows([p]))[0];
  }

  /** The account a payout belongs to, or null for an unknown id (the four-eyes check). */
  async ownerOf(payoutId: number): Promise<number | null> {
    const p = await this.payouts.findOne({ select: { id: true, user_id: true }, where: { id: payoutId } });
    return p ? p.user_id : null;
  }

  /**
   * One payout with the artist's masked bank details (null when none), balance in cents, the last
   * `historyEntries` ledger entries (newest first) and up to `previousPayouts` earlier payouts of the
   * same artist (newest first). Errors: 404 payoutNotFound.
   */
  async detail(payoutId: number): Promise<PayoutDeskDetail> {
    const p = await this.payouts.findOne({ where: { id: payoutId } });
    if (!p) throw DomainError.notFound(M.payoutNotFound);
    const [bank, balance, history, previous] = await Promise.all([
      this.banks.findOne({ where: { user_id: p.user_id } }),
      ledgerBalanceCents(this.payouts.manager, p.user_id),
      this.payouts.manager.find(LedgerEntryEntity, { where: { user_id: p.user_id }, order: { id: 'DESC' }, take: L.historyEntries }),
      this.payouts.createQueryBuilder('p').where('p.user_id = :u AND p.id < :id', { u: p.user_id, id: p.id }).orderBy('p.id', 'DESC').take(L.previousPayouts).getMany(),
    ]);
    const [row, ...earlier] = await this.toRows([p, ...previous]);
    return {
      payout: row,
      bank: bank
        ? {
            holder_name: bank.holder_name,
            bank_name: bank.bank_name,
            account_masked: bank.account_number ? maskAccountNumber(bank.account_number) : '',
            ifsc_code: bank.ifsc_code,
            branch_name: bank.branch_name,
            pan_masked: bank.pan ? maskAccountNumber(bank.pan) : '',
            country: bank.country,
            payout_method: bank.payout_method,
            iban_masked: bank.iban ? maskIban(bank.iban) : '',
            bic: bank.bic,
            paypal_masked: maskEmail(bank.paypal_email),
          }
        : null,
      balance_cents: balance,
      history: history.map((e) => ({ id: e.id, kind: e.kind, note: e.note, amount_cents: e.amount_cents, created_at: new Date(e.created_at).toISOString() })),
      previous: earlier,
    };
  }

  /**
   * A new bank run of the selected payouts, in one transaction: each must exist (404), not be the
   * actor's own (403, four-eyes), be requested (409 notRequested) and still go to the account it was
   * requested to, with complete bank details (409 bankMissing / bankChanged). They become `in_payment`
   * with the run's id (a conditional UPDATE, so a concurrent run or decision makes this one fail), and
   * what each pays to is copied into the run. `inTx` runs last in the same transaction (the audit row).
   */
  async createRun(payoutIds: number[], actor: DeskActor, inTx: (m: EntityManager, run: PaymentRunRow) => Promise<void>): Promise<PaymentRunRow> {
    const ids = [...new Set(payoutIds)].sort((a, b) => a - b);
    return this.tx.run(async (m) => {
      const rows = await m.find(PayoutEntity, { where: { id: In(ids) }, order: { id: 'ASC' } });
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing !== undefined) throw DomainError.notFound(M.payoutNotFound);
      const banks = new Map((await m.find(BankDetailsEntity, { where: { user_id: In([...new Set(rows.map((r) => r.user_id))]) } })).map((b) => [b.user_id, b]));
      const transfers: Omit<PaymentRunTransferEntity, 'id' | 'run_id'>[] = [];
      for (const p of rows) {
        if (actor.userId !== null && p.user_id === actor.userId) throw new DomainError(403, fillMessage(M.ownPayoutInRun, { id: p.id }), { code: 'four_eyes' });
        if (p.status !== 'requested') throw DomainError.conflict(fillMessage(M.notRequested, { id: p.id, status: p.status }), 'not_requested');
        const bank = banks.get(p.user_id) ?? null;
        if (!bankComplete(bank)) throw DomainError.conflict(fillMessage(M.bankMissing, { id: p.id }), 'bank_missing');
        if (p.account_last4 && payoutDestination(bank).slice(-4) !== p.account_last4) throw DomainError.conflict(fillMessage(M.bankChanged, { id: p.id, last4: p.account_last4 }), 'bank_changed');
        transfers.push({
          payout_id: p.id,
          amount_cents: p.amount_cents,
          holder_name: bank.holder_name,
          account_number: bank.account_number,
          ifsc_code: bank.ifsc_code.toUpperCase(),
          bank_name: bank.bank_name,
          branch_name: bank.branch_name,
          country: bank.country,
          payout_method: bank.payout_method,
          iban: bank.iban,
          bic: bank.bic.toUpperCase(),
          paypal_email: bank.paypal_email,
        });
      }
      const total = rows.reduce((s, r) => s + r.amount_cents, 0);
      const run = await m.save(
        m.create(PaymentRunEntity, { message_id: `PORTAL-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(6).toString('hex').toUpperCase()}`, created_by_user_id: actor.userId, created_by_email: actor.email, payout_count: rows.length, total_cents: total, paypal_count: transfers.filter((t) => t.payout_method === 'paypal').length }),
      );
      const moved = await m.update(PayoutEntity, { id: In(ids), status: 'requested' }, { status: 'in_payment', run_id: run.id });
      if (moved.affected !== undefined && moved.affected !== ids.length) throw DomainError.conflict(fillMessage(M.notRequested, { id: ids[0], status: 'changed' }), 'not_requested');
      for (let i = 0; i < transfers.length; i += 100) await m.insert(PaymentRunTransferEntity, transfers.slice(i, i + 100).map((t) => ({ ...t, run_id: run.id })));
      const saved = await m.findOneOrFail(PaymentRunEntity, { where: { id: run.id } });
      const answer = this.runRow(saved, transfers);
      await inTx(m, answer);
      return answer;
    });
  }

  /** Bank runs, newest first, one page and the total. */
  async listRuns(limit: number, offset: number): Promise<{ rows: PaymentRunRow[]; total: number }> {
    const [rows, total] = await this.runs.findAndCount({ order: { id: 'DESC' }, take: limit, skip: offset });
    return { rows: await this.runRows(rows), total };
  }

  /** One run's row (404 runNotFound). */
  async runById(runId: number, m: EntityManager = this.runs.manager): Promise<PaymentRunRow> {
    const run = await m.findOne(PaymentRunEntity, { where: { id: runId } });
    if (!run) throw DomainError.notFound(M.runNotFound);
    return (await this.runRows([run], m))[0];
  }

  /**
   * Set the USD→EUR rate (EUR per 1 USD, decimal text validated by paymentRunRateSchema) of a run's
   * SEPA file (docs/decisions/031), in one transaction with `inTx` (the audit row, given the rate before
   * and after). Refused once the SEPA file was built: that file is the same bytes every time. Errors:
   * 404 runNotFound; 409 rateFixed.
   */
  async setEurRate(runId: number, eurRate: string, inTx: (m: EntityManager, before: string, run: PaymentRunRow) => Promise<void>): Promise<PaymentRunRow> {
    return this.tx.run(async (m) => {
      const run = await m.findOne(PaymentRunEntity, { where: { id: runId } });
      if (!run) throw DomainError.notFound(M.runNotFound);
      const fixed = () => DomainError.conflict(fillMessage(M.rateFixed, { run: runId, rate: run.eur_rate }), 'rate_fixed');
      if (run.sepa_built_at) throw fixed();
      const r = await m.createQueryBuilder().update(PaymentRunEntity).set({ eur_rate: eurRate }).where('id = :id AND sepa_built_at IS NULL', { id: runId }).execute();
      if (!r.affected) throw fixed();
      const row = await this.runById(runId, m);
      await inTx(m, run.eur_rate, row);
      return row;
    });
  }

  /**
   * The bank file of a run, rebuilt from the run's snapshot (the same bytes every time): `csv`
   * (BANK_CSV_COLUMNS + BANK_CSV_INTL_COLUMNS, every payout), `sepa` (EPC SCT pain.001.001.09: IBAN
   * payees of SEPA countries in EUR at the run's rate, docs/decisions/031) or `pain001` (generic ISO
   * 20022 pain.001.001.09 in USD: the other bank transfers; PayPal payouts left out, docs/decisions/027).
   * Errors: 404 runNotFound; 409 pain001Empty / sepaEmpty (nothing for that file), sepaRateMissing,
   * sepaDebtorIban (PAYOUT_DEBTOR_ACCOUNT is not an IBAN); 409 debtorMissing when NODE_ENV=production
   * and the paying account (PAYOUT_DEBTOR_*) is not configured.
   */
  async file(runId: number, format: BankFileFormat): Promise<BankFile> {
    const run = await this.runs.findOne({ where: { id: runId } });
    if (!run) throw DomainError.notFound(M.runNotFound);
    const rows: BankTransfer[] = await this.transfers.find({ where: { run_id: runId }, order: { payout_id: 'ASC' } });
    if (format === 'csv') return { run_id: runId, format, file_name: `bank-run-${runId}.csv`, content_type: 'text/csv', content: bankCsv(runId, rows) };
    const debtor = pain001Debtor(this.config);
    if (format === 'sepa') {
      if (!sepaTransfers(rows).length) throw DomainError.conflict(fillMessage(M.sepaEmpty, { run: runId }), 'sepa_empty');
      if (!run.eur_rate) throw DomainError.conflict(fillMessage(M.sepaRateMissing, { run: runId }), 'sepa_rate_missing');
      if (!isValidIban(debtor.account)) throw DomainError.conflict(M.sepaDebtorIban, 'sepa_debtor_iban');
      // From the first build on the rate is fixed (setEurRate refuses), so this file never changes.
      if (!run.sepa_built_at) await this.runs.createQueryBuilder().update(PaymentRunEntity).set({ sepa_built_at: new Date() }).where('id = :id AND sepa_built_at IS NULL', { id: runId }).execute();
      const content = sepaPain001({ run_id: runId, message_id: run.message_id, created_at: new Date(run.created_at), debtor }, rows, run.eur_rate);
      return { run_id: runId, format, file_name: `bank-run-${runId}.sepa.pain.001.xml`, content_type: 'application/xml', content, eur_rate: run.eur_rate };
    }
    if (!bankTransfersOnly(rows).length) throw DomainError.conflict(fillMessage(M.pain001Empty, { run: runId }), 'pain001_empty');
    const content = bankPain001({ run_id: runId, message_id: run.message_id, created_at: new Date(run.created_at), debtor }, rows);
    return { run_id: runId, format, file_name: `bank-run-${runId}.pain.001.xml`, content_type: 'application/xml', content };
  }

  /** Rows of runs with their transfers' split between the files (read through the entity: IBANs are sealed at rest). */
  private async runRows(runs: PaymentRunEntity[], m: EntityManager = this.runs.manager): Promise<PaymentRunRow[]> {
    if (!runs.length) return [];
    const all = await m.find(PaymentRunTransferEntity, { select: { run_id: true, amount_cents: true, payout_method: true, iban: true }, where: { run_id: In(runs.map((r) => r.id)) } });
    return runs.map((r) => this.runRow(r, all.filter((t) => t.run_id === r.id)));
  }

  /**
   * A run as the desk shows it: counts per file and the note saying which file pays which payouts
   * (docs/decisions/031): the SEPA file (IBAN payees of SEPA countries, EUR at the run's rate, with its
   * EUR total), the generic pain.001 (other bank transfers, USD), PayPal (the CSV only).
   */
  private runRow(r: PaymentRunEntity, transfers: Array<Pick<BankTransfer, 'amount_cents' | 'payout_method' | 'iban'>>): PaymentRunRow {
    const paypal = r.paypal_count ?? 0;
    const sepa = sepaTransfers(transfers);
    const other = bankTransfersOnly(transfers).length;
    const rate = r.eur_rate ?? '';
    const notes = [
      sepa.length ? fillMessage(M.filesSepa, { count: sepa.length, rate: rate ? fillMessage(M.filesSepaRate, { rate }) : M.filesSepaNoRate }) : '',
      other ? fillMessage(M.filesPain001, { count: other }) : '',
      paypal ? fillMessage(M.paypalNote, { count: paypal }) : '',
    ];
    return {
      run_id: r.id,
      message_id: r.message_id,
      created_at: new Date(r.created_at).toISOString(),
      created_by_email: r.created_by_email,
      payout_count: r.payout_count,
      total_cents: r.total_cents,
      paypal_count: paypal,
      note: notes.filter(Boolean).join(' '),
      sepa_count: sepa.length,
      other_bank_count: other,
      eur_rate: rate,
      sepa_total_eur_cents: rate ? sepa.reduce((s, t) => s + usdCentsToEurCents(t.amount_cents, rate), 0) : null,
    };
  }

  /** Desk rows of payouts: the owner's e-mail and the masked account they go to. */
  async toRows(rows: PayoutEntity[]): Promise<PayoutDeskRow[]> {
    const emails = await this.users.emailsById(rows.map((p) => p.user_id));
    return rows.map((p) => ({
      payout_id: p.id,
      user_id: p.user_id,
      user_email: emails.get(p.user_id) ?? '',
      amount_cents: p.amount_cents,
      amount_usd: p.amount_cents / 100,
      status: p.status,
      account_masked: p.account_last4 ? `XXXX${p.account_last4}` : '',
      reference: p.reference,
      reason: p.reason,
      run_id: p.run_id ?? null,
      created_at: new Date(p.created_at).toISOString(),
      updated_at: new Date(p.updated_at).toISOString(),
    }));
  }
}
