import { DataSource } from 'typeorm';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { MONEY_TRUST_MESSAGES as M, type EarningLine, type EarningsSummary, type HoldDeskDetail, type HoldView, type MonthlyStatement } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createStaff } from '../helpers/staff';
import { outboxTo, pdfBytes, SupportClient } from '../helpers/support-client';
import { approvedRelease, as, balanceCents, newArtist, runImport, statementText, type ApprovedRelease } from '../helpers/royalties-fixtures';
import { MonthlyStatementsService } from '../../src/royalties/statements-monthly/monthly-statements.service';

const month = (offset = 0) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};
const HEADER = ['Month', 'Store', 'Country', 'ISRC', 'Units', 'Amount', 'Flag'];
const MAPPING = { sale_month: 'Month', store: 'Store', country: 'Country', isrc: 'ISRC', quantity: 'Units', amount: 'Amount', flag: 'Flag' };
type Row = [string, string, string, string, number, string, string];

/**
 * Explained holds, splits under holds, clawbacks and monthly statements (docs/decisions/039, issue 35),
 * on each engine. Thresholds are set small for the test: spike K 10 with a floor of 100 units,
 * concentration 80 % of more than 100 units, rate outlier 20×, four-eyes above 20 USD.
 */
describe.each(ENGINES)('explained holds and monthly statements on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let finance2: Awaited<ReturnType<typeof createStaff>>;
  let owner: Awaited<ReturnType<typeof newArtist>>;
  let collaborator: Awaited<ReturnType<typeof newArtist>>;
  let stranger: Awaited<ReturnType<typeof newArtist>>;
  let album: ApprovedRelease; // 5 tracks: T1 spike (30 % split), T2 concentration, T3 below it, T4 rate, T5 store flag
  let importId = 0;
  let historyId = 0;
  const isrc = (i: number) => album.tracks[i].isrc;
  const holdsOf = async (token: string) => (await as(t, token).get('getHolds')).body.body as HoldView[];

  beforeAll(async () => {
    t = await bootTestApp(engine, {
      HOLD_SPIKE_FACTOR: '10',
      HOLD_SPIKE_FLOOR_UNITS: '100',
      HOLD_CONCENTRATION_PERCENT: '80',
      HOLD_CONCENTRATION_MIN_UNITS: '100',
      HOLD_RATE_FACTOR: '20',
      HOLD_RATE_MIN_UNITS: '10',
      HOLD_FORFEIT_FOUR_EYES_CENTS: '2000',
    });
    finance = await createStaff(t, 'finance');
    finance2 = await createStaff(t, 'finance');
    const reviewer = await createStaff(t, 'reviewer');
    owner = await newArtist(t);
    collaborator = await newArtist(t);
    stranger = await newArtist(t);
    album = await approvedRelease(t, owner, reviewer.token, 5, 'Monsoon Walk');
    // T1 shared 30 % with the collaborator from this month on.
    const saved = await as(t, owner.token).post('setTrackSplits', { track_id: album.tracks[0].id, shares: [{ email: collaborator.email, percent: 30 }] });
    expect(saved.body.status).toBe(200);
    const inv = (await as(t, collaborator.token).get('getSplitInvitations')).body.body as Array<{ split_id: number }>;
    expect((await as(t, collaborator.token).post('respondSplit', { split_id: inv[0].split_id, accept: true })).body.status).toBe(200);
  }, 180_000);
  afterAll(async () => t?.close());

  const importRows = async (rows: Row[], name: string, m: string) => {
    const r = await runImport(t, finance.token, statementText(HEADER, rows), name, { format: 'generic', mapping: MAPPING, month: m, confirmed: true });
    expect(r.row?.status).toBe('applied');
    return r.row!.import_id;
  };

  it('history before the month under test: three months of T1 in Spotify/BR and Apple/BR, T2 and T3 in India; nothing held', async () => {
    const rows: Row[] = [];
    for (const m of [month(-3), month(-2), month(-1)]) {
      rows.push([m, 'Spotify', 'BR', isrc(0), 100, '1.00', '']);
      rows.push([m, 'Apple Music', 'BR', isrc(0), 100, '1.00', '']);
    }
    rows.push([month(-1), 'Spotify', 'IN', isrc(1), 200, '2.00', '']);
    rows.push([month(-1), 'Spotify', 'IN', isrc(2), 200, '2.00', '']);
    historyId = await importRows(rows, 'history.csv', month(-1));
    expect(await balanceCents(t, owner.id)).toBe(1000);
    expect(await holdsOf(owner.token)).toEqual([]);
  });

  it('each rule holds only the rows past its threshold, with its figure and baseline; the rest is credited; a negative row debits owner and collaborator below zero', async () => {
    const m = month();
    importId = await importRows(
      [
        [m, 'Spotify', 'BR', isrc(0), 1200, '12.00', ''], // spike: 1200 > 10 × 100
        [m, 'Apple Music', 'BR', isrc(0), 999, '10.00', ''], // not a spike: 999 ≤ 10 × 100
        [m, 'Spotify', 'BR', isrc(1), 900, '9.00', ''], // concentration: 90 % from Brazil, never sold there
        [m, 'Spotify', 'IN', isrc(1), 100, '1.00', ''],
        [m, 'Spotify', 'BR', isrc(2), 700, '7.00', ''], // 70 %: below the concentration threshold
        [m, 'Spotify', 'IN', isrc(2), 300, '3.00', ''],
        [m, 'Deezer', 'US', isrc(3), 100, '1.00', ''],
        [m, 'Deezer', 'GB', isrc(3), 100, '1.10', ''],
        [m, 'Deezer', 'DE', isrc(3), 100, '0.90', ''],
        [m, 'Deezer', 'JP', isrc(3), 100, '15.00', ''], // 0.15 a unit: under 20 × the store's median (0.011)
        [m, 'Deezer', 'FR', isrc(3), 100, '30.00', ''], // 0.30 a unit: over 20 × → rate outlier
        [m, 'Spotify', 'US', isrc(4), 50, '5.00', 'Suspected fraud'], // the store's own flag
        [m, 'Spotify', 'US', isrc(4), 50, '5.00', ''], // same group, not flagged: credited
        [m, 'YouTube Music', 'IN', isrc(0), -10, '-20.00', ''], // clawback, split 70/30
      ],
      'month.csv',
      m,
    );
    const mine = await holdsOf(owner.token);
    const byRule = new Map(mine.map((h) => [h.rule, h]));
    expect([...byRule.keys()].sort()).toEqual(['clawback', 'concentration', 'rate', 'spike', 'store_flag']);
    expect(byRule.get('spike')).toMatchObject({ status: 'held', store: 'Spotify', country: 'BR', observed: 1200, baseline: 100, my_micros: 8_400_000, share: 'owner' });
    expect(byRule.get('spike')!.reason).toContain('on Spotify in BR in ' + m + ' were 12 times its usual');
    expect(byRule.get('concentration')).toMatchObject({ status: 'held', country: 'BR', observed: 900, baseline: 800, my_micros: 9_000_000 });
    expect(byRule.get('concentration')!.reason).toContain('90 % of the units');
    expect(byRule.get('rate')).toMatchObject({ status: 'held', store: 'Deezer', country: 'FR', observed: 300_000, baseline: 11_000, my_micros: 30_000_000 });
    expect(byRule.get('store_flag')).toMatchObject({ status: 'held', my_micros: 5_000_000, observed: 1 });
    expect(byRule.get('store_flag')!.reason).toContain('Suspected fraud');
    expect(byRule.get('clawback')).toMatchObject({ status: 'debited', my_micros: -14_000_000 });
    expect(byRule.get('clawback')!.reason).toContain('took back $20');
    // Only unflagged money reached the ledger: 7 + 1 + 10 + 18 + 5 − 14 = 27 USD on top of the history's 10.
    expect(await balanceCents(t, owner.id)).toBe(3700);
    // The collaborator: 3.00 of Apple/BR credited, 6.00 clawed back → below zero.
    expect(await balanceCents(t, collaborator.id)).toBe(-300);
  });

  const earnings = async (token: string) => {
    const m = month();
    const summary = (await as(t, token).get('getEarnings', { from: m, to: m })).body.body as EarningsSummary;
    const lines = (await as(t, token).get('getEarningLines', { from: m, to: m, limit: 100 })).body.body as EarningLine[];
    return { summary, lines };
  };

  it('the earnings totals count earned lines only: held money is shown as held, apart, and a clawback counts', async () => {
    const { summary, lines } = await earnings(owner.token);
    // Earned: 7 + 1 + 7 + 3 + 1 + 1.10 + 0.90 + 15 + 5 − 14 = 27 USD; held: 8.40 + 9 + 30 + 5 = 52.40 USD.
    expect(summary).toMatchObject({ confirmed_micros: 27_000_000, estimated_micros: 0, held_micros: 52_400_000, balance_cents: 3700 });
    expect(summary.by_month.reduce((a, r) => a + r.confirmed_micros, 0)).toBe(27_000_000);
    expect(summary.by_store.reduce((a, r) => a + r.confirmed_micros, 0)).toBe(27_000_000);
    expect(summary.by_track.reduce((a, r) => a + r.confirmed_micros, 0)).toBe(27_000_000);
    expect(summary.by_country.find((r) => r.key === 'FR')).toBeUndefined();
    const held = lines.filter((l) => l.hold === 'held');
    expect(held.map((l) => l.amount_micros).sort((a, b) => a - b)).toEqual([5_000_000, 8_400_000, 9_000_000, 30_000_000]);
    expect(lines.filter((l) => l.hold === null).reduce((a, l) => a + l.amount_micros, 0)).toBe(27_000_000);
    const theirs = await earnings(collaborator.token);
    // The collaborator: 3.00 of Apple/BR earned, 6.00 clawed back; their 3.60 of the spike held.
    expect(theirs.summary).toMatchObject({ confirmed_micros: -3_000_000, held_micros: 3_600_000 });
  });

  it('splits see holds: the collaborator sees their part and the reason of the spike hold and their clawback, never the owner’s other holds; only the owner appeals', async () => {
    const theirs = await holdsOf(collaborator.token);
    expect(theirs.map((h) => [h.rule, h.status, h.my_micros, h.share]).sort()).toEqual([
      ['clawback', 'debited', -6_000_000, 'split'],
      ['spike', 'held', 3_600_000, 'split'],
    ]);
    expect(theirs.find((h) => h.rule === 'spike')!.reason).toContain('12 times its usual');
    expect(await holdsOf(stranger.token)).toEqual([]);
    const spike = theirs.find((h) => h.rule === 'spike')!;
    const refused = await as(t, collaborator.token).post('appealHold', { hold_id: spike.hold_id, text: 'Mine too' });
    expect([refused.status, refused.body.code]).toEqual([403, 'appeal_owner_only']);
    expect((await as(t, stranger.token).post('appealHold', { hold_id: spike.hold_id, text: 'Not mine' })).status).toBe(404);
    expect((await as(t, owner.token).post('appealHold', { hold_id: spike.hold_id })).status).toBe(400);
  });

  it('the owner appeals with an attachment: a ticket bound to the hold, shown with its thread on the desk', async () => {
    const spike = (await holdsOf(owner.token)).find((h) => h.rule === 'spike')!;
    const file = await new SupportClient(t, owner.token).file(pdfBytes(), 'campaign-receipt.pdf');
    const res = await as(t, owner.token).post('appealHold', { hold_id: spike.hold_id, text: 'We ran a paid campaign in Brazil.', attachement: [file] });
    expect([res.status, res.body.message]).toEqual([200, M.appealOpened]);
    const ticketId = res.body.body.appeal_ticket_id as number;
    expect(ticketId).toBeGreaterThan(0);
    const again = await as(t, owner.token).post('appealHold', { hold_id: spike.hold_id, text: 'Again' });
    expect([again.status, again.body.code]).toEqual([409, 'already_appealed']);
    const ticket = await as(t, owner.token).get('getTicketById', { ticket_id: ticketId });
    expect(ticket.body.body.reply).toContain('We ran a paid campaign in Brazil.');
    const detail = (await as(t, finance.token).get('ops/holds/detail', { hold_id: spike.hold_id })).body.body as HoldDeskDetail;
    expect(detail.thread[0]).toMatchObject({ sent_by: 'user' });
    expect(detail.thread[0].attachments).toHaveLength(1);
    expect(detail.evidence).toEqual([expect.objectContaining({ store: 'Spotify', country: 'BR', quantity: 1200, amount_micros: 12_000_000 })]);
    expect(detail.parts.map((p) => [p.user_id, p.share, p.micros])).toEqual([
      [owner.id, 'owner', 8_400_000],
      [collaborator.id, 'split', 3_600_000],
    ]);
  });

  it('finance answers the appeal from the holds desk: a Support Team reply on the appeal ticket the artist reads, audited; 403, 400, 404 and 409 otherwise', async () => {
    const mine = await holdsOf(owner.token);
    const spike = mine.find((h) => h.rule === 'spike')!;
    const rate = mine.find((h) => h.rule === 'rate')!;
    const text = 'Thanks: please send the campaign invoice for Brazil.';
    expect((await as(t, owner.token).post('ops/holds/reply', { hold_id: spike.hold_id, text })).status).toBe(403);
    expect((await as(t, finance.token).post('ops/holds/reply', { hold_id: spike.hold_id, text: '  ' })).body).toMatchObject({ status: 400, message: M.replyText });
    expect((await as(t, finance.token).post('ops/holds/reply', { hold_id: spike.hold_id, text: 'x'.repeat(5001) })).body).toMatchObject({ status: 400, message: M.replyTooLong });
    expect((await as(t, finance.token).post('ops/holds/reply', { hold_id: 999999, text })).status).toBe(404);
    const none = await as(t, finance.token).post('ops/holds/reply', { hold_id: rate.hold_id, text });
    expect([none.status, none.body.code, none.body.message]).toEqual([409, 'no_appeal', `Hold #${rate.hold_id} has no appeal to answer.`]);

    const res = await as(t, finance.token).post('ops/holds/reply', { hold_id: spike.hold_id, text });
    expect([res.status, res.body.message]).toEqual([200, `Answer sent on ticket #${spike.appeal_ticket_id}.`]);
    const detail = res.body.body as HoldDeskDetail;
    expect(detail.thread.map((m) => m.sent_by)).toEqual(['user', 'support']);
    expect(detail.thread[1].text).toBe(text);
    const ticket = (await as(t, owner.token).get('getTicketById', { ticket_id: spike.appeal_ticket_id })).body.body as { replies: Array<{ sent_by: string; reply: string }> };
    expect(ticket.replies.map((r) => [r.sent_by, r.reply])).toEqual([['support', text]]);
    const [audit] = (await t.app.get(DataSource).query("SELECT actor_email, object_id, after_json FROM ops_audit WHERE action = 'ticket.reply' ORDER BY id DESC LIMIT 1")) as Array<{ actor_email: string; object_id: string; after_json: string }>;
    expect([audit.actor_email, String(audit.object_id)]).toEqual([finance.email, String(spike.appeal_ticket_id)]);
    expect(JSON.parse(audit.after_json)).toMatchObject({ last_by: 'support', reply: text, hold_id: spike.hold_id });

    const support = await createStaff(t, 'support');
    expect((await as(t, support.token).post('ops/support/close', { ticket_id: spike.appeal_ticket_id })).status).toBe(200);
    const closed = await as(t, finance.token).post('ops/holds/reply', { hold_id: spike.hold_id, text });
    expect([closed.status, closed.body.code]).toEqual([409, 'ticket_closed']);
  });

  it('the desk: an artist gets 403, wrong bodies 400, unknown holds 404', async () => {
    expect((await as(t, owner.token).get('ops/holds')).status).toBe(403);
    const open = (await as(t, finance.token).get('ops/holds', { status: 'open' })).body;
    expect(open.total).toBe(4);
    const rate = (open.body as Array<{ rule: string; hold_id: number }>).find((h) => h.rule === 'rate')!;
    expect((await as(t, finance.token).post('ops/holds/forfeit', { hold_id: rate.hold_id })).status).toBe(400);
    expect((await as(t, finance.token).post('ops/holds/release', { hold_id: 999999 })).status).toBe(404);
    expect((await as(t, finance.token).post('ops/holds/release', { hold_id: 'x' })).status).toBe(404);
  });

  it('release credits each held part exactly (owner and collaborator); a forfeit credits nothing, with the reason the artist reads; above the limit it needs a second finance member', async () => {
    const mine = await holdsOf(owner.token);
    const spike = mine.find((h) => h.rule === 'spike')!;
    const released = await as(t, finance.token).post('ops/holds/release', { hold_id: spike.hold_id });
    expect([released.status, released.body.message]).toEqual([200, 'Hold #' + spike.hold_id + ' released: $12.00 credited.']);
    expect(await balanceCents(t, owner.id)).toBe(3700 + 840);
    expect(await balanceCents(t, collaborator.id)).toBe(-300 + 360);
    expect((await as(t, finance.token).post('ops/holds/release', { hold_id: spike.hold_id })).status).toBe(409);

    const conc = mine.find((h) => h.rule === 'concentration')!;
    const f = await as(t, finance.token).post('ops/holds/forfeit', { hold_id: conc.hold_id, reason: 'Streams from a bot farm confirmed by the store.' });
    expect([f.status, f.body.body.status]).toEqual([200, 'forfeited']);

    const rate = mine.find((h) => h.rule === 'rate')!;
    const asked = await as(t, finance.token).post('ops/holds/forfeit', { hold_id: rate.hold_id, reason: 'The store confirmed a data error.' });
    expect([asked.status, asked.body.body.status]).toEqual([200, 'forfeit_pending']);
    const self = await as(t, finance.token).post('ops/holds/forfeit/confirm', { hold_id: rate.hold_id });
    expect([self.status, self.body.code]).toEqual([403, 'four_eyes']);
    const second = await as(t, finance2.token).post('ops/holds/forfeit/confirm', { hold_id: rate.hold_id });
    expect([second.status, second.body.body.status]).toEqual([200, 'forfeited']);
    expect(await balanceCents(t, owner.id)).toBe(4540);

    const after = new Map((await holdsOf(owner.token)).map((h) => [h.rule, h]));
    expect(after.get('concentration')).toMatchObject({ status: 'forfeited', decision_reason: 'Streams from a bot farm confirmed by the store.' });
    expect(after.get('rate')).toMatchObject({ status: 'forfeited', decision_reason: 'The store confirmed a data error.' });
    expect(after.get('store_flag')!.status).toBe('held');
    // Released money counts as earned again; forfeited money never does; the store's flag is still held.
    expect((await earnings(owner.token)).summary).toMatchObject({ confirmed_micros: 35_400_000, held_micros: 5_000_000 });
    const ownerLines = (await earnings(owner.token)).lines;
    expect(ownerLines.filter((l) => l.hold === 'forfeited').map((l) => l.amount_micros).sort((a, b) => a - b)).toEqual([9_000_000, 30_000_000]);
    expect((await earnings(collaborator.token)).summary).toMatchObject({ confirmed_micros: 600_000, held_micros: 0 });
    const audit = (await t.app.get(DataSource).query("SELECT action FROM ops_audit WHERE object_type = 'royalty_hold' ORDER BY id")) as Array<{ action: string }>;
    expect(audit.map((a) => a.action)).toEqual(['hold.appeal', 'hold.release', 'hold.forfeit', 'hold.forfeit_request', 'hold.forfeit']);
  });

  it('the monthly statement reconciles with the ledger to the cent; CSV totals equal it; the PDF is a PDF; one mail per artist and month even when the job runs twice at once', async () => {
    const m = month();
    for (const who of [owner, collaborator]) {
      const s = (await as(t, who.token).get('getMonthlyStatement', { month: m })).body.body as MonthlyStatement;
      const sumLines = s.lines.reduce((a, l) => a + l.cents, 0);
      expect(s.opening_cents + sumLines).toBe(s.closing_cents);
      expect(s.closing_cents).toBe(await balanceCents(t, who.id));
      expect(s.royalty_cents + s.clawback_cents + s.holds_released_cents + s.other_credits_cents + s.payouts_cents).toBe(sumLines);
      expect(s.credits_by_store.reduce((a, r) => a + r.cents, 0)).toBe(s.royalty_cents);
      expect(s.credits_by_release.reduce((a, r) => a + r.cents, 0)).toBe(s.royalty_cents);
      const csv = (await as(t, who.token).get('monthlyStatementFile', { month: m, format: 'csv' })).body.body;
      const rows = parse(csv.content as string) as string[][];
      expect(rows[0]).toEqual(['section', 'label', 'date', 'amount_usd']);
      const usd = (label: string) => Math.round(Number(rows.find((r) => r[1] === label)![3]) * 100);
      expect(usd('Closing balance')).toBe(s.closing_cents);
      const ledgerRows = rows.filter((r) => r[0] === 'ledger').reduce((a, r) => a + Math.round(Number(r[3]) * 100), 0);
      expect(usd('Opening balance') + ledgerRows).toBe(usd('Closing balance'));
    }
    const owners = (await as(t, owner.token).get('getMonthlyStatement', { month: m })).body.body as MonthlyStatement;
    expect(owners).toMatchObject({ opening_cents: 0, royalty_cents: 5100, clawback_cents: -1400, holds_released_cents: 840, closing_cents: 4540, holds_forfeited_cents: 3900 });
    expect(owners.holds_placed_cents).toBe(840 + 900 + 3000 + 500);
    const collab = (await as(t, collaborator.token).get('getMonthlyStatement', { month: m })).body.body as MonthlyStatement;
    expect(collab).toMatchObject({ opening_cents: 0, royalty_cents: 300, split_cents: 300, clawback_cents: -600, holds_released_cents: 360, closing_cents: 60 });
    const pdf = (await as(t, owner.token).get('monthlyStatementFile', { month: m, format: 'pdf' })).body.body;
    const bytes = Buffer.from(pdf.content as string, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    if (engine === 'sqlite') {
      mkdirSync('/tmp/shots/money35', { recursive: true });
      writeFileSync('/tmp/shots/money35/statement.pdf', bytes);
    }
    expect((await as(t, owner.token).get('getMonthlyStatement', { month: '2026-13' })).status).toBe(400);
    expect((await as(t, owner.token).get('monthlyStatementFile', { month: m, format: 'xls' })).status).toBe(400);
    const months = (await as(t, owner.token).get('getMonthlyStatements')).body.body as Array<{ month: string; closing_cents: number }>;
    expect(months[0]).toEqual({ month: m, closing_cents: 4540 });

    const job = t.app.get(MonthlyStatementsService);
    const before = outboxTo(t, owner.email).filter((x) => x.subject === `Your statement for ${m}`).length;
    const runs = await Promise.all([job.mailMonth({ month: m }), job.mailMonth({ month: m })]);
    await job.mailMonth({ month: m });
    expect(runs.reduce((a, r) => a + r.mailed, 0)).toBe(2); // owner and collaborator, once each
    expect(outboxTo(t, owner.email).filter((x) => x.subject === `Your statement for ${m}`).length).toBe(before + 1);
    expect(outboxTo(t, collaborator.email).filter((x) => x.subject === `Your statement for ${m}`)).toHaveLength(1);
    // Not on another day of the month unless asked.
    expect(await job.mailMonth({}, new Date(Date.UTC(2030, 0, 15)))).toEqual({ month: '2029-12', mailed: 0 });
  });

  it('rolling back the import restores every balance exactly (released hold, clawback and credits), and its holds are gone from the artist’s list', async () => {
    const rolled = await as(t, finance.token).post('ops/statements/rollback', { import_id: importId });
    expect(rolled.body.body.status).toBe('rolled_back');
    expect(await balanceCents(t, owner.id)).toBe(1000);
    expect(await balanceCents(t, collaborator.id)).toBe(0);
    expect(await holdsOf(owner.token)).toEqual([]);
    expect(await holdsOf(collaborator.token)).toEqual([]);
    expect(historyId).toBeGreaterThan(0);
  });
});
