import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import {
  centsToUsd,
  fillMessage,
  HOLD_REASONS,
  microsToUsd,
  MONEY_TRUST_MESSAGES as M,
  NOTIFICATION_LINKS,
  type HoldDeskDetail,
  type HoldDeskRow,
  type HoldRule,
  type HoldStatus,
  type HoldView,
} from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/domain-error';
import { Transactions } from '../../database/transactions';
import { AuditService, type Actor } from '../../audit/audit.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { UsersService } from '../../users/users.service';
import { RoyaltyLedger, type RoyaltyPosting } from '../../support/money/ledger.service';
import { TicketsService } from '../../support/tickets/tickets.service';
import { SupportDeskService } from '../../support/tickets/support-desk.service';
import { CatalogCodes } from '../../releases/catalog/catalog-codes';
import { microsToCents } from '../shared/money-math';
import { StatementImportEntity } from '../shared/royalty.entities';
import type { CreditLine } from '../matching/credit-builder';
import { royaltiesSettings } from '../royalties.settings';
import { concentrationTracks, evaluateRules, groupKey, monthsBefore, type History, type SaleGroup, type SaleGroupSums } from './hold-rules';
import { RoyaltyHoldEntity } from './hold.entities';

/** The ledger note of a clawback's debit and of a released hold's credit (the monthly statement reads these prefixes). */
export const CLAWBACK_NOTE = 'Clawback #';
export const RELEASE_NOTE = 'Hold #';
const OPEN: HoldStatus[] = ['held', 'forfeit_pending'];

/** One statement row the import set apart while staging: negative (a clawback) or marked by the store. */
type SpecialKey = { track_id: number; user_id: number; store: string; country: string; sale_month: string; flag: string; rule: 'clawback' | 'store_flag'; lines: Set<number> };

/**
 * The rows of an import that are not plain credits, gathered while staging (docs/decisions/039): a
 * negative row is a clawback, a row the statement flagged (the `flag` column) is held. Grouped by
 * track, store, country, sale month (and flag); only their line numbers are kept, so memory follows
 * the number of such rows, not the file's.
 */
export class SpecialRows {
  readonly groups = new Map<string, SpecialKey>();

  /** Add a batch's credit lines; `flags` is line number → the store's flag for flagged rows. */
  add(credits: CreditLine[], flags: Map<number, string>): void {
    for (const c of credits) {
      if (c.share !== 'owner') continue;
      const flag = flags.get(c.line_no);
      const rule = c.amount_micros < 0 ? 'clawback' : flag ? 'store_flag' : null;
      if (!rule) continue;
      const key = `${rule}|${c.track_id}|${c.store}|${c.country}|${c.sale_month}|${rule === 'store_flag' ? flag : ''}`;
      let g = this.groups.get(key);
      if (!g) this.groups.set(key, (g = { track_id: c.track_id, user_id: c.user_id, store: c.store, country: c.country, sale_month: c.sale_month, flag: rule === 'store_flag' ? flag! : '', rule, lines: new Set() }));
      g.lines.add(c.line_no);
    }
  }
}

type HoldRow = RoyaltyHoldEntity;

/**
 * Explained holds and clawbacks (docs/decisions/039-explained-holds.md, issue 35 §1-§3).
 *
 * At import (inside the job's last transaction): `detect` reads the import's groups and their history with
 * set-based queries (no query per row), runs the rules of hold-rules.ts, records one hold per flagged
 * group (rule, observed figure, baseline) and marks its credit lines (`hold_id`) — the owner's and the
 * collaborators' lines of the same rows, so splits are held with it. Negative rows become `debited`
 * clawback records. `post` then writes the ledger: one entry per user of the lines not held (as before),
 * one debit per user and clawback, and the credits of holds already released.
 * Later: the artist (and collaborators) read their part (`forUser`), the owner appeals (a support ticket
 * bound to the hold), finance releases (ledger credit per user, one transaction) or forfeits (reason the
 * artist reads; above HOLD_FORFEIT_FOUR_EYES_CENTS a second finance member confirms). All audited.
 */
@Injectable()
export class HoldsService {
  private readonly logger = new Logger(HoldsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) readonly appConfig: AppConfig,
    private readonly tx: Transactions,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly users: UsersService,
    private readonly tickets: TicketsService,
    private readonly codes: CatalogCodes,
    private readonly supportDesk: SupportDeskService,
  ) {}

  private get settings() {
    return royaltiesSettings.of(this.appConfig);
  }

  /** Whether the rules run at import (HOLD_DETECTION); clawbacks and store flags apply either way. */
  get detecting(): boolean {
    return this.settings.detection;
  }

  /**
   * Check an import's matched rows and record its holds and clawbacks, in the caller's transaction `m`.
   * Answers the holds created (status `held` or `debited`).
   */
  async detect(m: EntityManager, imp: Pick<StatementImportEntity, 'id'>, special: SpecialRows, sales: SaleGroupSums): Promise<HoldRow[]> {
    const created: HoldRow[] = [];
    const now = new Date();
    const mark = async (h: Partial<HoldRow>, where: string, params: unknown[]) => {
      const saved = await m.save(m.create(RoyaltyHoldEntity, { ...h, import_id: imp.id, created_at: now }));
      await m.query(`UPDATE royalty_credits SET hold_id = ? WHERE import_id = ? AND track_id = ? AND store = ? AND country = ? AND sale_month = ? AND hold_id IS NULL AND ${where}`, [
        saved.id,
        imp.id,
        h.track_id,
        h.store,
        h.country,
        h.sale_month,
        ...params,
      ]);
      created.push(saved);
    };
    for (const g of special.groups.values()) {
      const lines = [...g.lines];
      const status: HoldStatus = g.rule === 'clawback' ? 'debited' : 'held';
      const base = { user_id: g.user_id, track_id: g.track_id, rule: g.rule, status, store: g.store, country: g.country, sale_month: g.sale_month, flag: g.flag };
      // Line numbers in chunks: a statement rarely flags many rows, but a correction file may.
      for (let i = 0; i < lines.length; i += 500) {
        const chunk = lines.slice(i, i + 500);
        const where = `${g.rule === 'clawback' ? 'amount_micros < 0' : 'amount_micros >= 0'} AND line_no IN (${chunk.map(() => '?').join(',')})`;
        if (i === 0) await mark(base, where, chunk);
        else await m.query(`UPDATE royalty_credits SET hold_id = ? WHERE import_id = ? AND hold_id IS NULL AND ${where}`, [created[created.length - 1].id, imp.id, ...chunk]);
      }
    }
    if (this.settings.detection) {
      // The groups were summed while staging (SaleGroupSums): no read of the import's lines here.
      const groups = sales.list();
      if (groups.length) {
        const flags = evaluateRules(groups, await this.history(m, imp.id, groups), this.settings);
        for (const f of flags) {
          const g = f.group;
          await mark({ user_id: g.user_id, track_id: g.track_id, rule: f.rule, status: 'held', store: g.store, country: g.country, sale_month: g.sale_month, flag: f.place ?? '', observed: f.observed, baseline: f.baseline }, 'amount_micros >= 0', []);
        }
      }
    }
    if (!created.length) return created;
    // Each hold's money and rows, by one grouped read of the marked lines.
    const sums = (await m.query(
      `SELECT hold_id, SUM(amount_micros) AS micros, COUNT(DISTINCT line_no) AS n FROM royalty_credits WHERE hold_id IN (SELECT id FROM royalty_holds WHERE import_id = ?) GROUP BY hold_id`,
      [imp.id],
    )) as Array<{ hold_id: number; micros: string | number; n: string | number }>;
    const byId = new Map(sums.map((s) => [Number(s.hold_id), s]));
    for (const h of created) {
      const s = byId.get(h.id);
      h.held_micros = Number(s?.micros ?? 0);
      h.rows_held = Number(s?.n ?? 0);
      if (h.rule === 'clawback' || h.rule === 'store_flag') h.observed = h.rows_held;
      await m.update(RoyaltyHoldEntity, { id: h.id }, { held_micros: h.held_micros, rows_held: h.rows_held, observed: h.observed });
    }
    return created;
  }

  /**
   * What the rules compare with, from applied imports only, in grouped queries by the import's tracks
   * (500 a query): the units of the import's tracks in the three months before each of its sale months,
   * and every place (country, store) each track the concentration rule judges sold in before. They go
   * through the (track, month) index, never through all applied imports' lines; this import's own lines
   * (not applied yet) are skipped in the index by their id range when it holds no other import's lines.
   * With no applied import at all there is no history to read.
   */
  private async history(m: EntityManager, importId: number, groups: SaleGroup[]): Promise<History> {
    const h: History = { units: new Map(), tracks: new Set(), places: new Set() };
    if (!((await m.query("SELECT id FROM statement_imports WHERE status = 'applied' LIMIT 1")) as unknown[]).length) return h;
    const months = [...new Set(groups.map((g) => g.sale_month))].sort();
    const from = monthsBefore(months[0], 3)[2];
    const to = months[months.length - 1];
    const [span] = (await m.query('SELECT MIN(id) AS lo, MAX(id) AS hi, COUNT(*) AS n FROM royalty_credits WHERE import_id = ?', [importId])) as Array<Record<string, string | number | null>>;
    const lo = Number(span?.lo ?? 0);
    const hi = Number(span?.hi ?? 0);
    const own = Number(span?.n ?? 0) > 0 && hi - lo + 1 === Number(span?.n) ? { sql: ' AND c.id NOT BETWEEN ? AND ?', params: [lo, hi] } : { sql: '', params: [] };
    // `+c.import_id`: the applied imports filter the lines found by track; they must not lead the plan (SQLite has no statistics).
    const applied = "+c.import_id IN (SELECT id FROM statement_imports WHERE status = 'applied')";
    const chunks = (ids: number[]) => Array.from({ length: Math.ceil(ids.length / 500) }, (_, i) => ids.slice(i * 500, i * 500 + 500));
    for (const chunk of chunks([...new Set(groups.map((g) => g.track_id))].sort((a, b) => a - b))) {
      const recent = (await m.query(
        `SELECT c.track_id, c.store, c.country, c.sale_month, SUM(c.quantity) AS units FROM royalty_credits c
         WHERE c.track_id IN (${chunk.map(() => '?').join(',')}) AND c.sale_month >= ? AND c.sale_month < ? AND c.share = 'owner' AND c.amount_micros >= 0 AND ${applied}${own.sql}
         GROUP BY c.track_id, c.store, c.country, c.sale_month`,
        [...chunk, from, to, ...own.params],
      )) as Array<Record<string, string | number>>;
      for (const r of recent) h.units.set(groupKey({ track_id: Number(r.track_id), store: String(r.store), country: String(r.country), sale_month: String(r.sale_month) }), Number(r.units));
    }
    for (const chunk of chunks(concentrationTracks(groups, this.settings).sort((a, b) => a - b))) {
      const places = (await m.query(
        `SELECT c.track_id, c.store, c.country FROM royalty_credits c
         WHERE c.track_id IN (${chunk.map(() => '?').join(',')}) AND c.share = 'owner' AND ${applied}${own.sql}
         GROUP BY c.track_id, c.store, c.country`,
        [...chunk, ...own.params],
      )) as Array<Record<string, string | number>>;
      for (const r of places) {
        h.tracks.add(Number(r.track_id));
        h.places.add(`${Number(r.track_id)}|${String(r.country)}`);
        h.places.add(`${Number(r.track_id)}|${String(r.store)}`);
      }
    }
    return h;
  }

  /** Micro-USD of each user's lines under a hold or clawback of the import (any status). */
  async markedByUser(m: EntityManager, importId: number): Promise<Map<number, number>> {
    const rows = (await m.query(
      `SELECT user_id, SUM(amount_micros) AS micros FROM royalty_credits WHERE hold_id IN (SELECT id FROM royalty_holds WHERE import_id = ?) GROUP BY user_id`,
      [importId],
    )) as Array<{ user_id: number; micros: string | number }>;
    return new Map(rows.map((r) => [Number(r.user_id), Number(r.micros)]));
  }

  /** Micro-USD of each user's lines that are neither held nor a clawback (the confirm path: read from the lines). */
  async plainByUser(m: EntityManager, importId: number): Promise<Map<number, number>> {
    const rows = (await m.query(`SELECT user_id, SUM(amount_micros) AS micros FROM royalty_credits WHERE import_id = ? AND hold_id IS NULL GROUP BY user_id`, [importId])) as Array<{ user_id: number; micros: string | number }>;
    return new Map(rows.map((r) => [Number(r.user_id), Number(r.micros)]));
  }

  /**
   * The ledger entries of a confirmed import, in `m`: one `royalty` entry per user of `plain` (micro-USD
   * of lines not held, rounded to cents), a debit per user and clawback, and the credit per user of each
   * hold already released. Answers the cents posted in all and the plain postings (for the bell).
   */
  async post(m: EntityManager, imp: Pick<StatementImportEntity, 'id'>, note: string, plain: Map<number, number>): Promise<{ credited: number; postings: RoyaltyPosting[] }> {
    const postings = [...plain].sort((a, b) => a[0] - b[0]).map(([user_id, micros]) => ({ user_id, cents: microsToCents(micros) }));
    let credited = await RoyaltyLedger.post(m, imp.id, postings, note);
    const holds = await m.find(RoyaltyHoldEntity, { where: { import_id: imp.id, status: In(['debited', 'released']) }, order: { id: 'ASC' } });
    if (!holds.length) return { credited, postings };
    // Every hold's parts in one grouped read and the tracks' titles in one (a correction file may bring many clawbacks).
    const parts = await this.partsOfImport(m, imp.id, ['debited', 'released']);
    const titles = (await this.codes.titles(m, [...new Set(holds.map((h) => h.track_id))], [])).tracks;
    for (const h of holds) credited += await RoyaltyLedger.post(m, imp.id, parts.get(h.id) ?? [], await this.ledgerNoteOf(m, h, titles));
    return { credited, postings };
  }

  /** Each user's part of a hold in cents (their lines' micro-USD rounded), user id order. */
  private async parts(m: EntityManager, holdId: number): Promise<RoyaltyPosting[]> {
    const rows = (await m.query('SELECT user_id, SUM(amount_micros) AS micros FROM royalty_credits WHERE hold_id = ? GROUP BY user_id ORDER BY user_id', [holdId])) as Array<{ user_id: number; micros: string | number }>;
    return rows.map((r) => ({ user_id: Number(r.user_id), cents: microsToCents(Number(r.micros)) }));
  }

  /** The parts (as `parts`) of every hold of an import in `statuses`, by hold id, in one grouped read. */
  private async partsOfImport(m: EntityManager, importId: number, statuses: HoldStatus[]): Promise<Map<number, RoyaltyPosting[]>> {
    const rows = (await m.query(
      `SELECT hold_id, user_id, SUM(amount_micros) AS micros FROM royalty_credits
       WHERE hold_id IN (SELECT id FROM royalty_holds WHERE import_id = ? AND status IN (${statuses.map(() => '?').join(',')})) GROUP BY hold_id, user_id ORDER BY hold_id, user_id`,
      [importId, ...statuses],
    )) as Array<{ hold_id: number; user_id: number; micros: string | number }>;
    const out = new Map<number, RoyaltyPosting[]>();
    for (const r of rows) {
      const list = out.get(Number(r.hold_id));
      const part = { user_id: Number(r.user_id), cents: microsToCents(Number(r.micros)) };
      if (list) list.push(part);
      else out.set(Number(r.hold_id), [part]);
    }
    return out;
  }

  private async ledgerNoteOf(m: EntityManager, h: HoldRow, titles?: Map<number, string>): Promise<string> {
    if (h.rule === 'clawback') return `${CLAWBACK_NOTE}${h.id}: ${(await this.reasonOf(m, h, titles)).slice(0, 400)}`;
    return `${RELEASE_NOTE}${h.id} released (statement #${h.import_id})`;
  }

  /** The plain-words reason of a hold (contracts' HOLD_REASONS filled with its figures and the track's title). */
  async reasonOf(m: EntityManager, h: HoldRow, titles?: Map<number, string>): Promise<string> {
    const track = titles?.get(h.track_id) ?? (await this.codes.titles(m, [h.track_id], [])).tracks.get(h.track_id) ?? `#${h.track_id}`;
    const values: Record<string, string | number> = { track, store: h.store || '—', country: h.country || '—', month: h.sale_month, flag: h.flag, amount: microsToUsd(Math.abs(h.held_micros)) };
    if (h.rule === 'spike') Object.assign(values, { times: h.baseline > 0 ? Math.round(h.observed / h.baseline) : 'many', units: h.observed.toLocaleString('en-US'), baseline: h.baseline.toLocaleString('en-US') });
    if (h.rule === 'concentration') Object.assign(values, { share: (h.observed / 10).toFixed(0), place: h.flag || h.country });
    if (h.rule === 'rate') Object.assign(values, { rate: microsToUsd(h.observed), typical: microsToUsd(h.baseline), times: h.baseline > 0 ? Math.max(Math.round(h.observed / h.baseline), Math.round(h.baseline / Math.max(1, h.observed))) : 'many' });
    return fillMessage(HOLD_REASONS[h.rule as HoldRule], values);
  }

  /** Tell each user with money held by the import's new holds (after the commit). */
  async tellPlaced(importId: number, month: string): Promise<void> {
    const holds = await this.db.getRepository(RoyaltyHoldEntity).find({ where: { import_id: importId, status: 'held' } });
    if (!holds.length) return;
    const titles = (await this.codes.titles(this.db.manager, [...new Set(holds.map((h) => h.track_id))], [])).tracks;
    const parts = await this.partsOfImport(this.db.manager, importId, ['held']);
    for (const h of holds) {
      const reason = await this.reasonOf(this.db.manager, h, titles);
      for (const p of parts.get(h.id) ?? []) if (p.cents > 0) await this.notifications.notify(p.user_id, fillMessage(M.holdPlacedNotification, { amount: centsToUsd(p.cents), month, reason: reason.replace(/\.$/, '') }), NOTIFICATION_LINKS.earnings);
    }
  }

  /** Mark the holds of a rolled-back import `void` (in the rollback's transaction). */
  async voidImport(m: EntityManager, importId: number): Promise<void> {
    await m.update(RoyaltyHoldEntity, { import_id: importId }, { status: 'void' });
  }

  /**
   * GET getHolds: the caller's holds and clawbacks of applied imports — as the track's owner or as a
   * collaborator (their split lines only: never the owner's other figures) — newest first, with their
   * part, the reason and the decision. `status` filters ('open': held or awaiting the second member).
   */
  async forUser(userId: number, status: string, limit: number, offset: number): Promise<{ rows: HoldView[]; total: number }> {
    const statuses = status === 'open' ? OPEN : status ? [status] : null;
    const filter = statuses ? ` AND h.status IN (${statuses.map(() => '?').join(',')})` : '';
    const mine = (await this.db.query(
      `SELECT c.hold_id, SUM(c.amount_micros) AS micros, MIN(c.share) AS share
       FROM royalty_credits c JOIN royalty_holds h ON h.id = c.hold_id JOIN statement_imports i ON i.id = h.import_id AND i.status = 'applied'
       WHERE c.user_id = ?${filter} GROUP BY c.hold_id ORDER BY c.hold_id DESC`,
      [userId, ...(statuses ?? [])],
    )) as Array<{ hold_id: number; micros: string | number; share: string }>;
    const page = mine.slice(offset, offset + limit);
    const holds = page.length ? await this.db.getRepository(RoyaltyHoldEntity).find({ where: { id: In(page.map((p) => Number(p.hold_id))) } }) : [];
    const byId = new Map(holds.map((h) => [h.id, h]));
    const titles = (await this.codes.titles(this.db.manager, [...new Set(holds.map((h) => h.track_id))], [])).tracks;
    const rows: HoldView[] = [];
    for (const p of page) {
      const h = byId.get(Number(p.hold_id))!;
      rows.push({
        ...this.viewBase(h, titles),
        reason: await this.reasonOf(this.db.manager, h, titles),
        my_micros: Number(p.micros),
        share: h.user_id === userId ? 'owner' : 'split',
      });
    }
    return { rows, total: mine.length };
  }

  private viewBase(h: HoldRow, titles: Map<number, string>) {
    return {
      hold_id: h.id,
      import_id: h.import_id,
      rule: h.rule,
      status: h.status,
      track_id: h.track_id,
      track: titles.get(h.track_id) ?? `#${h.track_id}`,
      store: h.store,
      country: h.country,
      sale_month: h.sale_month,
      observed: h.observed,
      baseline: h.baseline,
      decision_reason: h.decision_reason,
      appeal_ticket_id: h.appeal_ticket_id,
      created_at: h.created_at.getTime(),
      decided_at: h.decided_at ? h.decided_at.getTime() : null,
    };
  }

  /**
   * POST appealHold: the owner's appeal opens a support ticket (reason "Others", the hold's reason and
   * the artist's text, the uploaded attachments) bound to the hold. Errors: 404 holdNotFound (another
   * user's, or of an import not applied); 403 appealOwnerOnly (a collaborator); 409 alreadyAppealed, holdNotOpen.
   */
  async appeal(userId: number, holdId: number, text: string, attachments: string[]): Promise<HoldView> {
    const h = await this.visible(userId, holdId);
    if (h.user_id !== userId) throw new DomainError(403, M.appealOwnerOnly, { code: 'appeal_owner_only' });
    if (h.appeal_ticket_id) throw DomainError.conflict(fillMessage(M.alreadyAppealed, { id: h.appeal_ticket_id }), 'already_appealed');
    if (!OPEN.includes(h.status)) throw DomainError.conflict(fillMessage(M.holdNotOpen, { id: h.id, status: h.status }), 'hold_not_open');
    const reason = await this.reasonOf(this.db.manager, h);
    const ticket = await this.tickets.create(userId, { reason: M.appealTicketReason, reply: fillMessage(M.appealTicketText, { id: h.id, reason, text }).slice(0, 10_000), attachement: attachments });
    await this.db.query('UPDATE royalty_holds SET appeal_ticket_id = ? WHERE id = ? AND appeal_ticket_id IS NULL', [ticket.ticket_id, h.id]);
    const user = await this.users.getById(userId);
    await this.audit.record({ userId, email: user.email }, 'hold.appeal', 'royalty_hold', h.id, { appeal_ticket_id: null }, { appeal_ticket_id: ticket.ticket_id, attachments: attachments.length });
    const { rows } = await this.forUser(userId, '', 1_000_000, 0);
    return rows.find((v) => v.hold_id === h.id)!;
  }

  /** A hold the user has lines in, of an applied import, else 404. */
  private async visible(userId: number, holdId: number): Promise<HoldRow> {
    const rows = (await this.db.query(
      `SELECT h.id FROM royalty_holds h JOIN statement_imports i ON i.id = h.import_id AND i.status = 'applied' WHERE h.id = ? AND EXISTS (SELECT 1 FROM royalty_credits c WHERE c.hold_id = h.id AND c.user_id = ?)`,
      [holdId, userId],
    )) as Array<{ id: number }>;
    if (!rows.length) throw DomainError.notFound(M.holdNotFound);
    return this.db.getRepository(RoyaltyHoldEntity).findOneByOrFail({ id: holdId });
  }

  /**
   * GET ops/holds: holds of applied imports; open ones appealed first (the artist waits on a reply),
   * then oldest first; others newest first. One import per hold: the join never repeats a row, so
   * plain LIMIT/OFFSET pages it.
   */
  async desk(status: string, limit: number, offset: number): Promise<{ rows: HoldDeskRow[]; total: number }> {
    const statuses = status === 'open' ? OPEN : status ? [status] : null;
    const qb = this.db.getRepository(RoyaltyHoldEntity).createQueryBuilder('h').innerJoin(StatementImportEntity, 'i', "i.id = h.import_id AND i.status = 'applied'");
    if (status === 'open') qb.orderBy('(CASE WHEN h.appeal_ticket_id IS NULL THEN 1 ELSE 0 END)', 'ASC').addOrderBy('h.id', 'ASC');
    else qb.orderBy('h.id', 'DESC');
    qb.limit(limit).offset(offset);
    if (statuses) qb.where('h.status IN (:...statuses)', { statuses });
    const [holds, total] = await qb.getManyAndCount();
    return { rows: await this.deskRows(holds), total };
  }

  /**
   * The console home's holds queue (docs/decisions/040): open holds of applied imports (held, or a
   * forfeit waiting for its second finance member), appealed or not, and when the oldest was placed.
   */
  async waiting(): Promise<{ count: number; oldest: Date | null }> {
    const qb = this.db
      .getRepository(RoyaltyHoldEntity)
      .createQueryBuilder('h')
      .innerJoin(StatementImportEntity, 'i', "i.id = h.import_id AND i.status = 'applied'")
      .where('h.status IN (:...statuses)', { statuses: OPEN });
    const count = await qb.getCount();
    const oldest = count ? await qb.orderBy('h.created_at', 'ASC').addOrderBy('h.id', 'ASC').limit(1).getOne() : null;
    return { count, oldest: oldest?.created_at ?? null };
  }

  private async deskRows(holds: HoldRow[]): Promise<HoldDeskRow[]> {
    const titles = (await this.codes.titles(this.db.manager, [...new Set(holds.map((h) => h.track_id))], [])).tracks;
    const names = await this.users.namesById([...new Set(holds.map((h) => h.user_id))]);
    const imports = holds.length ? await this.db.getRepository(StatementImportEntity).find({ where: { id: In([...new Set(holds.map((h) => h.import_id))]) }, select: { id: true, source: true } }) : [];
    const sources = new Map(imports.map((i) => [i.id, i.source]));
    const out: HoldDeskRow[] = [];
    for (const h of holds) {
      out.push({
        hold_id: h.id,
        import_id: h.import_id,
        source: sources.get(h.import_id) ?? '',
        rule: h.rule,
        status: h.status,
        user_id: h.user_id,
        artist: names.get(h.user_id) ?? `#${h.user_id}`,
        track: titles.get(h.track_id) ?? `#${h.track_id}`,
        store: h.store,
        country: h.country,
        sale_month: h.sale_month,
        observed: h.observed,
        baseline: h.baseline,
        reason: await this.reasonOf(this.db.manager, h, titles),
        held_micros: h.held_micros,
        rows: h.rows_held,
        appeal_ticket_id: h.appeal_ticket_id,
        forfeit_requested_by: h.forfeit_requested_by,
        created_at: h.created_at.getTime(),
      });
    }
    return out;
  }

  /** GET ops/holds/detail: the hold, its evidence rows (the owner's lines), each user's part and the appeal thread. Errors: 404. */
  async detail(holdId: number): Promise<HoldDeskDetail> {
    const h = await this.deskHold(holdId);
    const [row] = await this.deskRows([h]);
    const parts = (await this.db.query('SELECT user_id, MIN(share) AS share, SUM(amount_micros) AS micros FROM royalty_credits WHERE hold_id = ? GROUP BY user_id ORDER BY user_id', [h.id])) as Array<Record<string, string | number>>;
    const names = await this.users.namesById(parts.map((p) => Number(p.user_id)));
    const evidence = (await this.db.query(
      "SELECT line_no, store, country, sale_month, MAX(quantity) AS quantity, SUM(amount_micros) AS amount_micros FROM royalty_credits WHERE hold_id = ? GROUP BY line_no, store, country, sale_month ORDER BY line_no LIMIT 200",
      [h.id],
    )) as Array<Record<string, string | number>>;
    const thread: HoldDeskDetail['thread'] = [];
    if (h.appeal_ticket_id) {
      const t = await this.tickets.detail(h.user_id, h.appeal_ticket_id).catch(() => null);
      if (t) {
        thread.push({ sent_by: 'user', text: t.reply, created_at: t.created_at, attachments: t.attachments });
        for (const r of t.replies) thread.push({ sent_by: r.sent_by, text: r.reply, created_at: r.created_at, attachments: r.attachments });
      }
    }
    return {
      ...row,
      decision_reason: h.decision_reason,
      decided_by: h.decided_by,
      parts: parts.map((p) => ({ user_id: Number(p.user_id), name: names.get(Number(p.user_id)) ?? '', share: String(p.share) === 'split' ? 'split' : 'owner', micros: Number(p.micros) })),
      evidence: evidence.map((e) => ({ line_no: Number(e.line_no), store: String(e.store), country: String(e.country), sale_month: String(e.sale_month), quantity: Number(e.quantity), amount_micros: Number(e.amount_micros) })),
      thread,
    };
  }

  private async deskHold(holdId: number): Promise<HoldRow> {
    const h = await this.db.getRepository(RoyaltyHoldEntity).findOneBy({ id: holdId });
    if (!h) throw DomainError.notFound(M.holdNotFound);
    return h;
  }

  /**
   * POST ops/holds/reply: finance answers the hold's appeal thread from the desk, through the support
   * area's desk reply (SupportDeskService.reply: a Support Team message on the appeal ticket, the
   * artist's bell and e-mail), audited `ticket.reply` in the reply's transaction as the support desk's
   * replies are (with the hold's id). Errors: 404 holdNotFound; 409 no_appeal, ticket_closed.
   */
  async reply(holdId: number, text: string, actor: Actor): Promise<{ ticketId: number; detail: HoldDeskDetail }> {
    const h = await this.deskHold(holdId);
    const ticketId = h.appeal_ticket_id;
    if (!ticketId) throw DomainError.conflict(fillMessage(M.noAppeal, { id: h.id }), 'no_appeal');
    await this.supportDesk.reply(ticketId, actor.userId ?? 0, text, [], (m, before) =>
      this.audit.record(actor, 'ticket.reply', 'ticket', ticketId, { last_by: before.last_by, messages: before.messages }, { last_by: 'support', reply: text.trim().slice(0, 500), attachments: [], hold_id: h.id }, m),
    );
    return { ticketId, detail: await this.detail(holdId) };
  }

  /** Four-eyes: nobody decides a hold on money of their own. */
  private async refuseOwn(m: EntityManager, h: HoldRow, actor: Actor): Promise<void> {
    if (actor.userId === null) return;
    const rows = (await m.query('SELECT 1 AS x FROM royalty_credits WHERE hold_id = ? AND user_id = ? LIMIT 1', [h.id, actor.userId])) as unknown[];
    if (rows.length) throw new DomainError(403, M.ownHold, { code: 'four_eyes' });
  }

  /**
   * POST ops/holds/release: in one transaction, the hold becomes `released` and, when its import is
   * confirmed, each user's part (their lines' micro-USD rounded to cents) is credited to the ledger with
   * the import's id (a rollback reverses it). Audited; each user's bell. Errors: 404; 403 four_eyes; 409 holdNotOpen.
   */
  async release(holdId: number, actor: Actor): Promise<HoldDeskDetail> {
    const parts = await this.tx.run(async (m) => {
      const h = await m.findOneBy(RoyaltyHoldEntity, { id: holdId });
      if (!h) throw DomainError.notFound(M.holdNotFound);
      if (!OPEN.includes(h.status)) throw DomainError.conflict(fillMessage(M.holdNotOpen, { id: h.id, status: h.status }), 'hold_not_open');
      await this.refuseOwn(m, h, actor);
      const imp = await m.findOneByOrFail(StatementImportEntity, { id: h.import_id });
      const p = await this.parts(m, h.id);
      if (this.tx.isMysql) await this.users.lockForUpdate(m, p.map((x) => x.user_id));
      const r = await m.update(RoyaltyHoldEntity, { id: h.id, status: In(OPEN) }, { status: 'released', decided_by: actor.email, decided_at: new Date() });
      if (!r.affected) throw DomainError.conflict(fillMessage(M.holdNotOpen, { id: h.id, status: 'decided' }), 'hold_not_open');
      const credited = imp.status === 'applied' && Number(imp.confirmed) ? await RoyaltyLedger.post(m, imp.id, p, `${RELEASE_NOTE}${h.id} released (statement #${imp.id})`) : 0;
      await this.audit.record(actor, 'hold.release', 'royalty_hold', h.id, { status: h.status }, { status: 'released', credited_cents: credited, parts: p }, m);
      return imp.status === 'applied' && Number(imp.confirmed) ? p : [];
    });
    for (const p of parts) if (p.cents > 0) await this.notifications.notify(p.user_id, fillMessage(M.holdReleasedNotification, { id: holdId, amount: centsToUsd(p.cents) }), NOTIFICATION_LINKS.earnings);
    return this.detail(holdId);
  }

  /**
   * POST ops/holds/forfeit: with a reason the artist reads. Up to HOLD_FORFEIT_FOUR_EYES_CENTS the hold
   * is `forfeited` at once; above, it becomes `forfeit_pending` until another finance member confirms
   * (`confirmForfeit`). Nothing reaches the ledger. Audited. Errors: 404; 403 four_eyes; 409 holdNotOpen.
   */
  async forfeit(holdId: number, reason: string, actor: Actor): Promise<{ detail: HoldDeskDetail; pending: boolean }> {
    const limit = this.settings.forfeitFourEyesCents;
    const outcome = await this.tx.run(async (m) => {
      const h = await m.findOneBy(RoyaltyHoldEntity, { id: holdId });
      if (!h) throw DomainError.notFound(M.holdNotFound);
      if (h.status !== 'held') throw DomainError.conflict(fillMessage(M.holdNotOpen, { id: h.id, status: h.status }), 'hold_not_open');
      await this.refuseOwn(m, h, actor);
      const pending = microsToCents(h.held_micros) > limit;
      const next: Partial<HoldRow> = pending
        ? { status: 'forfeit_pending', decision_reason: reason, forfeit_requested_by: actor.email, forfeit_requested_by_id: actor.userId }
        : { status: 'forfeited', decision_reason: reason, forfeit_requested_by: actor.email, forfeit_requested_by_id: actor.userId, decided_by: actor.email, decided_at: new Date() };
      const r = await m.update(RoyaltyHoldEntity, { id: h.id, status: 'held' }, next);
      if (!r.affected) throw DomainError.conflict(fillMessage(M.holdNotOpen, { id: h.id, status: 'decided' }), 'hold_not_open');
      await this.audit.record(actor, pending ? 'hold.forfeit_request' : 'hold.forfeit', 'royalty_hold', h.id, { status: h.status }, { status: next.status, reason }, m);
      return { pending, h };
    });
    if (!outcome.pending) await this.tellForfeited(outcome.h, reason);
    return { detail: await this.detail(holdId), pending: outcome.pending };
  }

  /** POST ops/holds/forfeit/confirm: a second finance member (not the requester) confirms a pending forfeit. Errors: 404; 403 four_eyes; 409. */
  async confirmForfeit(holdId: number, actor: Actor): Promise<HoldDeskDetail> {
    const h = await this.tx.run(async (m) => {
      const hold = await m.findOneBy(RoyaltyHoldEntity, { id: holdId });
      if (!hold) throw DomainError.notFound(M.holdNotFound);
      if (hold.status !== 'forfeit_pending') throw DomainError.conflict(fillMessage(M.holdNotOpen, { id: hold.id, status: hold.status }), 'hold_not_open');
      if ((actor.userId !== null && hold.forfeit_requested_by_id === actor.userId) || hold.forfeit_requested_by === actor.email) throw new DomainError(403, M.sameFinanceMember, { code: 'four_eyes' });
      await this.refuseOwn(m, hold, actor);
      const r = await m.update(RoyaltyHoldEntity, { id: hold.id, status: 'forfeit_pending' }, { status: 'forfeited', decided_by: actor.email, decided_at: new Date() });
      if (!r.affected) throw DomainError.conflict(fillMessage(M.holdNotOpen, { id: hold.id, status: 'decided' }), 'hold_not_open');
      await this.audit.record(actor, 'hold.forfeit', 'royalty_hold', hold.id, { status: 'forfeit_pending', requested_by: hold.forfeit_requested_by }, { status: 'forfeited', reason: hold.decision_reason }, m);
      return hold;
    });
    await this.tellForfeited(h, h.decision_reason);
    return this.detail(holdId);
  }

  private async tellForfeited(h: HoldRow, reason: string): Promise<void> {
    for (const p of await this.parts(this.db.manager, h.id)) await this.notifications.notify(p.user_id, fillMessage(M.holdForfeitedNotification, { id: h.id, reason }), NOTIFICATION_LINKS.earnings);
  }

  /** A message for a decision's answer. */
  static releasedMessage(d: HoldDeskDetail): string {
    const cents = d.parts.reduce((s, p) => s + microsToCents(p.micros), 0);
    return fillMessage(M.released, { id: d.hold_id, amount: centsToUsd(cents) });
  }

  /** A user's part (own or split lines) of holds placed in [from, to) and of holds released or forfeited in [from, to), in cents (the monthly statement). */
  async statementFigures(userId: number, from: Date, to: Date): Promise<{ placed: number; released: number; forfeited: number }> {
    const mine = (await this.db.query(
      `SELECT c.hold_id, SUM(c.amount_micros) AS micros FROM royalty_credits c JOIN royalty_holds h ON h.id = c.hold_id AND h.rule <> 'clawback'
       JOIN statement_imports i ON i.id = h.import_id AND i.status = 'applied' WHERE c.user_id = ? GROUP BY c.hold_id`,
      [userId],
    )) as Array<{ hold_id: number; micros: string | number }>;
    const holds = mine.length ? await this.db.getRepository(RoyaltyHoldEntity).find({ where: { id: In(mine.map((x) => Number(x.hold_id))) } }) : [];
    const byId = new Map(holds.map((h) => [h.id, h]));
    const inWindow = (d: Date | null) => d !== null && d >= from && d < to;
    const out = { placed: 0, released: 0, forfeited: 0 };
    for (const r of mine) {
      const h = byId.get(Number(r.hold_id));
      if (!h) continue;
      const cents = microsToCents(Number(r.micros));
      if (inWindow(h.created_at)) out.placed += cents;
      if (h.status === 'released' && inWindow(h.decided_at)) out.released += cents;
      if (h.status === 'forfeited' && inWindow(h.decided_at)) out.forfeited += cents;
    }
    return out;
  }
}
