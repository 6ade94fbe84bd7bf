import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PDFDocument from 'pdfkit';
import { DataSource, In } from 'typeorm';
import { centsToUsd, fillMessage, MONEY_TRUST_MESSAGES as M, MONTHLY_STATEMENT_CSV_COLUMNS, type MonthlyStatement, type MonthlyStatementFile } from '@portal/contracts';
import { csvDocument, type CsvColumn } from '../../common/csv/csv-writer';
import { JobsService } from '../../jobs/jobs.service';
import { MailService } from '../../mail/mail.service';
import { UsersService } from '../../users/users.service';
import { LedgerService } from '../../support/money/ledger.service';
import type { LedgerEntryEntity } from '../../support/money/money.entities';
import { SupportConfig } from '../../support/shared/support-config';
import { CatalogCodes } from '../../releases/catalog/catalog-codes';
import { microsToCents } from '../shared/money-math';
import { previousMonth } from '../splits/splits.service';
import { CLAWBACK_NOTE, HoldsService, RELEASE_NOTE } from '../holds/holds.service';
import { MonthlyStatementMailEntity } from '../holds/hold.entities';
import { isUniqueViolation } from '../import/statement-import.job';

/** The scheduled job that mails last month's statements (runs hourly; acts on the 1st, UTC). */
export const MONTHLY_STATEMENTS_JOB = 'statements.monthly';
declare module '../../jobs/job-map' {
  interface JobMap {
    'statements.monthly': { data: { month?: string; force?: boolean }; result: { month: string; mailed: number } };
  }
}
/** How often the job looks at the date. */
const EVERY_MS = 60 * 60_000;

const CSV: CsvColumn[] = MONTHLY_STATEMENT_CSV_COLUMNS.map((name) => ({ name, kind: name === 'amount_usd' ? 'number' : 'text' }));
const monthStart = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
const nextMonth = (month: string) => {
  const d = monthStart(month);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
};
const signedUsd = (cents: number) => `${cents < 0 ? '-' : ''}${centsToUsd(Math.abs(cents))}`;
/** Cents as the PDF shows them: $12.50, -$3.00. */
const money = (cents: number) => `${cents < 0 ? '-' : ''}$${centsToUsd(Math.abs(cents))}`;

type Kind = 'royalty' | 'clawback' | 'released' | 'payout' | 'other';
/** What a ledger entry is on a statement: its kind and, for royalties, its import. */
function kindOf(e: Pick<LedgerEntryEntity, 'kind' | 'note'>): Kind {
  if (e.kind === 'payout' || e.kind === 'payout_reversal') return 'payout';
  if (e.kind === 'royalty' && e.note.startsWith(CLAWBACK_NOTE)) return 'clawback';
  if (e.kind === 'royalty' && e.note.startsWith(RELEASE_NOTE)) return 'released';
  if (e.kind === 'royalty' || e.kind === 'royalty_reversal') return 'royalty';
  return 'other';
}

/**
 * Monthly statements per artist (issue 35 §4, docs/decisions/039): opening balance, credits by store and
 * by release, split credits, clawbacks, holds placed/released/forfeited, payouts and the closing balance,
 * built from the ledger (LedgerService, support's exported service) so it reconciles to the cent:
 * opening + every entry of the month = closing. Breakdowns by store and release come from the credit
 * lines of the month's royalty entries, with a rounding row so they sum to the entries. As PDF (pdfkit)
 * and CSV (the one CSV writer), and mailed by the `statements.monthly` job on the 1st, once per artist
 * and month across instances (the unique row of monthly_statement_mails is claimed before sending).
 */
@Injectable()
export class MonthlyStatementsService {
  private readonly logger = new Logger(MonthlyStatementsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly holds: HoldsService,
    private readonly codes: CatalogCodes,
    private readonly mail: MailService,
    private readonly links: SupportConfig,
    jobs: JobsService,
  ) {
    jobs.register(MONTHLY_STATEMENTS_JOB, (data) => this.mailMonth(data), { attempts: 3 });
    jobs.repeat(MONTHLY_STATEMENTS_JOB, EVERY_MS, {});
  }

  /** The months with a statement (the first ledger entry's month to this month), newest first, with the closing balance in cents. */
  async months(userId: number, now = new Date()): Promise<Array<{ month: string; closing_cents: number }>> {
    const entries = await this.ledger.entries(userId);
    if (!entries.length) return [];
    const last = now.toISOString().slice(0, 7);
    const out: Array<{ month: string; closing_cents: number }> = [];
    let i = 0;
    let balance = 0;
    for (let month = entries[0].created_at.toISOString().slice(0, 7); month <= last; month = nextMonth(month)) {
      const end = monthStart(nextMonth(month));
      while (i < entries.length && entries[i].created_at < end) balance += Number(entries[i++].amount_cents);
      out.push({ month, closing_cents: balance });
    }
    return out.reverse();
  }

  /** The statement of `month` (YYYY-MM) for a user, every figure in cents. */
  async statement(userId: number, month: string): Promise<MonthlyStatement> {
    const from = monthStart(month);
    const to = monthStart(nextMonth(month));
    const entries = await this.ledger.entries(userId);
    const opening = entries.filter((e) => e.created_at < from).reduce((s, e) => s + Number(e.amount_cents), 0);
    const inMonth = entries.filter((e) => e.created_at >= from && e.created_at < to);
    const sum = (k: Kind) => inMonth.filter((e) => kindOf(e) === k).reduce((s, e) => s + Number(e.amount_cents), 0);
    const royaltyEntries = inMonth.filter((e) => kindOf(e) === 'royalty');
    const royalty = sum('royalty');
    // The credit lines behind the month's royalty credits (lines not held), for the breakdowns.
    const importIds = [...new Set(royaltyEntries.filter((e) => e.kind === 'royalty' && e.statement_import_id).map((e) => Number(e.statement_import_id)))];
    const reversals = royaltyEntries.filter((e) => e.kind === 'royalty_reversal').reduce((s, e) => s + Number(e.amount_cents), 0);
    const lines = importIds.length
      ? ((await this.db.query(
          `SELECT store, release_id, share, SUM(amount_micros) AS micros FROM royalty_credits WHERE user_id = ? AND hold_id IS NULL AND import_id IN (${importIds.map(() => '?').join(',')}) GROUP BY store, release_id, share`,
          [userId, ...importIds],
        )) as Array<{ store: string; release_id: number; share: string; micros: string | number }>)
      : [];
    const releaseTitles = (await this.codes.titles(this.db.manager, [], [...new Set(lines.map((l) => Number(l.release_id)))])).releases;
    const breakdown = (label: (l: (typeof lines)[number]) => string) => {
      const micros = new Map<string, number>();
      for (const l of lines) micros.set(label(l), (micros.get(label(l)) ?? 0) + Number(l.micros));
      const rows = [...micros].map(([k, v]) => ({ label: k, cents: microsToCents(v) })).sort((a, b) => b.cents - a.cents);
      if (reversals) rows.push({ label: 'Rollbacks', cents: reversals });
      const rest = royalty - rows.reduce((s, r) => s + r.cents, 0);
      if (rest) rows.push({ label: 'Rounding', cents: rest });
      return rows;
    };
    const figures = await this.holds.statementFigures(userId, from, to);
    const user = await this.users.getById(userId);
    const closing = opening + inMonth.reduce((s, e) => s + Number(e.amount_cents), 0);
    return {
      month,
      artist: user.name,
      opening_cents: opening,
      credits_by_store: breakdown((l) => l.store || 'Unknown store'),
      credits_by_release: breakdown((l) => releaseTitles.get(Number(l.release_id)) ?? `Release ${l.release_id}`),
      royalty_cents: royalty,
      split_cents: microsToCents(lines.filter((l) => l.share === 'split').reduce((s, l) => s + Number(l.micros), 0)),
      clawback_cents: sum('clawback'),
      holds_placed_cents: figures.placed,
      holds_released_cents: sum('released'),
      holds_forfeited_cents: figures.forfeited,
      other_credits_cents: sum('other'),
      payouts_cents: sum('payout'),
      closing_cents: closing,
      lines: inMonth.map((e) => ({ date: e.created_at.toISOString().slice(0, 10), kind: kindOf(e), note: e.note, cents: Number(e.amount_cents) })),
    };
  }

  /** The statement as a file: CSV (the one CSV writer) or PDF (pdfkit, base64). */
  async file(userId: number, month: string, format: 'pdf' | 'csv'): Promise<MonthlyStatementFile> {
    const s = await this.statement(userId, month);
    if (format === 'csv') return { file_name: `statement-${month}.csv`, content_type: 'text/csv', encoding: 'utf8', content: statementCsv(s) };
    return { file_name: `statement-${month}.pdf`, content_type: 'application/pdf', encoding: 'base64', content: (await statementPdf(s)).toString('base64') };
  }

  /**
   * The job: on the 1st (UTC), or with `force`, mail last month's statement (or `month`'s) to every artist
   * with credit lines, once: the (user, month) row is inserted first and a second instance's insert
   * fails on the unique index, so it sends nothing. A failed send removes the claim (the retry sends).
   */
  async mailMonth(data: { month?: string; force?: boolean }, now = new Date()): Promise<{ month: string; mailed: number }> {
    const month = data.month ?? previousMonth(now.toISOString().slice(0, 7));
    if (!data.month && !data.force && now.getUTCDate() !== 1) return { month, mailed: 0 };
    const ids = ((await this.db.query("SELECT DISTINCT c.user_id FROM royalty_credits c JOIN statement_imports i ON i.id = c.import_id AND i.status = 'applied' ORDER BY c.user_id")) as Array<{ user_id: number }>).map((r) =>
      Number(r.user_id),
    );
    const claims = this.db.getRepository(MonthlyStatementMailEntity);
    const done = new Set((ids.length ? await claims.find({ where: { month, user_id: In(ids) }, select: { user_id: true } }) : []).map((c) => c.user_id));
    let mailed = 0;
    for (const userId of ids) {
      if (done.has(userId)) continue;
      try {
        await claims.insert({ user_id: userId, month, created_at: new Date(), sent_at: null });
      } catch (e) {
        if (isUniqueViolation(e)) continue;
        throw e;
      }
      try {
        const s = await this.statement(userId, month);
        const user = await this.users.getById(userId);
        const values = { name: user.name, month, opening: signedUsd(s.opening_cents), closing: signedUsd(s.closing_cents), link: this.links.link('/earnings') };
        await this.mail.send({ to: user.email, subject: fillMessage(M.statementMailSubject, values), text: fillMessage(M.statementMailText, values) });
        await claims.update({ user_id: userId, month }, { sent_at: new Date() });
        mailed += 1;
      } catch (e) {
        await claims.delete({ user_id: userId, month });
        throw e;
      }
    }
    if (mailed) this.logger.log({ msg: 'monthly statements mailed', month, mailed });
    return { month, mailed };
  }
}

/** The statement's CSV: section, label, date, amount in USD; every section's rows, then the balances. */
export function statementCsv(s: MonthlyStatement): string {
  const rows: string[][] = [['balance', 'Opening balance', `${s.month}-01`, signedUsd(s.opening_cents)]];
  for (const r of s.credits_by_store) rows.push(['credits_by_store', r.label, '', signedUsd(r.cents)]);
  for (const r of s.credits_by_release) rows.push(['credits_by_release', r.label, '', signedUsd(r.cents)]);
  rows.push(['summary', 'Royalties', '', signedUsd(s.royalty_cents)]);
  rows.push(['summary', 'of which split shares', '', signedUsd(s.split_cents)]);
  rows.push(['summary', 'Clawbacks', '', signedUsd(s.clawback_cents)]);
  rows.push(['summary', 'Holds placed (not in the balance)', '', signedUsd(s.holds_placed_cents)]);
  rows.push(['summary', 'Holds released', '', signedUsd(s.holds_released_cents)]);
  rows.push(['summary', 'Holds forfeited (never in the balance)', '', signedUsd(s.holds_forfeited_cents)]);
  rows.push(['summary', 'Other credits', '', signedUsd(s.other_credits_cents)]);
  rows.push(['summary', 'Payouts', '', signedUsd(s.payouts_cents)]);
  for (const l of s.lines) rows.push(['ledger', l.note || l.kind, l.date, signedUsd(l.cents)]);
  rows.push(['balance', 'Closing balance', '', signedUsd(s.closing_cents)]);
  return csvDocument(CSV, rows);
}

/** The statement as a one-or-more-page A4 PDF (pdfkit's built-in Helvetica). */
export function statementPdf(s: MonthlyStatement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Statement ${s.month}`, Author: 'Artist Distribution Portal' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 100;
    const row = (label: string, cents: number, bold = false) => {
      if (doc.y > doc.page.height - 80) doc.addPage();
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      doc.text(label, 50, y, { width: width - 110 });
      const after = doc.y;
      doc.text(money(cents), 50 + width - 100, y, { width: 100, align: 'right' });
      doc.y = Math.max(after, doc.y) + 2;
    };
    const heading = (text: string) => {
      doc.moveDown(0.6);
      doc.font('Helvetica-Bold').fontSize(12).text(text, 50);
      doc.moveTo(50, doc.y + 2).lineTo(50 + width, doc.y + 2).strokeColor('#cccccc').stroke();
      doc.moveDown(0.4);
    };
    doc.font('Helvetica-Bold').fontSize(18).text(`Statement for ${s.month}`);
    doc.font('Helvetica').fontSize(11).fillColor('#555555').text(s.artist).fillColor('#000000');
    doc.moveDown(0.5);
    row('Opening balance', s.opening_cents, true);
    heading('Credits by store');
    for (const r of s.credits_by_store) row(r.label, r.cents);
    if (!s.credits_by_store.length) row('No royalty credits this month', 0);
    heading('Credits by release');
    for (const r of s.credits_by_release) row(r.label, r.cents);
    heading('Summary');
    row('Royalties', s.royalty_cents);
    row('   of which split shares', s.split_cents);
    row('Clawbacks (store refunds and corrections)', s.clawback_cents);
    row('Holds released', s.holds_released_cents);
    row('Other credits', s.other_credits_cents);
    row('Payouts', s.payouts_cents);
    row('Closing balance', s.closing_cents, true);
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(9).fillColor('#555555');
    doc.text(`Held this month while checked (not in the balance): ${money(s.holds_placed_cents)}. Forfeited this month: ${money(s.holds_forfeited_cents)}.`, 50, doc.y, { width });
    doc.fillColor('#000000');
    heading('Ledger entries');
    for (const l of s.lines) row(`${l.date}  ${l.note || l.kind}`, l.cents);
    if (!s.lines.length) row('No movement this month', 0);
    doc.end();
  });
}
