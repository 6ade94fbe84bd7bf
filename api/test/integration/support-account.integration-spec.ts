import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ReportsService } from '../../src/support/reports/reports.service';
import { REPORT_CSV_COLUMNS, SUPPORT_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { outboxTo, SupportClient } from '../helpers/support-client';
import { runCommand } from '../helpers/cli';

const cli = (t: TestApp, name: string, ...args: string[]) => runCommand(t.app, name, args);
const month = (y: number, m: number) => Date.UTC(y, m - 1, 1);

/** Reports, profile edits and invites (areas §2, §5, §7), on each engine. */
describe.each(ENGINES)('support reports, profile and invite on %s', (engine) => {
  let t: TestApp;
  let a: SupportClient;
  let b: SupportClient;
  let aUser: Awaited<ReturnType<typeof createVerifiedUser>>;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    aUser = await createVerifiedUser(t);
    a = new SupportClient(t, aUser.token, aUser.email);
    b = new SupportClient(t, (await createVerifiedUser(t)).token);
  });
  afterAll(async () => t?.close());

  describe('reports (areas §2 Reports, §5)', () => {
    const now = new Date();
    const thisMonth = month(now.getUTCFullYear(), now.getUTCMonth() + 1);
    const lastYear = month(now.getUTCFullYear() - 1, 1);

    it.each([
      ['no store', {}, M.storeRequired],
      ['an unknown store', { store: 'Napster', start_date: lastYear, end_date: lastYear }, M.storeUnknown],
      ['no start month', { store: 'Spotify' }, M.startRequired],
      ['no end month', { store: 'Spotify', start_date: lastYear }, M.endRequired],
      ['start after end', { store: 'Spotify', start_date: thisMonth, end_date: lastYear }, M.startAfterEnd],
      ['a future end month', { store: 'Spotify', start_date: lastYear, end_date: Date.UTC(now.getUTCFullYear() + 1, 0, 1) }, M.futureMonth],
      ['a future start month', { store: 'Spotify', start_date: Date.UTC(now.getUTCFullYear() + 2, 0, 1), end_date: Date.UTC(now.getUTCFullYear() + 2, 0, 1) }, M.futureMonth],
    ])('refuses %s', async (_label, body, message) => {
      expect((await a.post('requestReport', body).expect(400)).body).toMatchObject({ status: 400, message });
    });

    it('records a request PENDING, lists it, and the operator’s CSV makes it RECEIVED for the owner only', async () => {
      const mid = Date.UTC(now.getUTCFullYear() - 1, 2, 17, 15); // a day in March: normalised to March 1st
      const res = await a.post('requestReport', { store: 'Spotify', start_date: String(mid), end_date: thisMonth, status: 1, user_id: 99 }).expect(200);
      expect(res.body.body).toMatchObject({ store: 'Spotify', start_date: Date.UTC(now.getUTCFullYear() - 1, 2, 1), end_date: thisMonth, status: 0, has_file: false });
      const id = res.body.body.report_id as number;
      const list = await a.get('getRequestedReports').expect(200);
      expect(list.body).toMatchObject({ total: 1, body: [expect.objectContaining({ report_id: id, status: 0 })] });
      expect((await b.get('getRequestedReports').expect(200)).body).toMatchObject({ total: 0, body: [] });

      expect((await a.get('downloadReport', { report_id: id }).expect(409)).body.message).toBe(M.reportNotReceived);
      const dir = mkdtempSync(join(tmpdir(), 'report-'));
      const bad = join(dir, 'bad.csv');
      writeFileSync(bad, 'month,amount\n2025-01,1\n');
      await expect(cli(t, 'report-attach', String(id), bad)).rejects.toThrow(/header/);
      const csv = join(dir, 'spotify.csv');
      writeFileSync(csv, `${REPORT_CSV_COLUMNS.join(',')}\n2025-03,2025-06-30,Spotify,IN,Asha Rao,Monsoon,Monsoon Nights,123456789012,INA012500001,stream,1200,3.60,USD\n`);
      // The operator command also checks the rows' codes against the artist's catalogue (decision 019,
      // tested in royalties-splits-earnings); this artist has no releases, so the file goes in through the service.
      await t.app.get(ReportsService).attach(id, csv);

      const row = (await a.get('getRequestedReports').expect(200)).body.body[0];
      expect(row).toMatchObject({ status: 1, has_file: true });
      // The row's signed link opens the CSV without a token; the login token in a URL opens nothing (docs/decisions/026).
      expect(row.download_url).not.toContain(a.token);
      await request(t.http).get(`/api/downloadReport?report_id=${id}&token=${encodeURIComponent(a.token)}`).expect(401);
      const tampered = row.download_url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`);
      await request(t.http).get(tampered).expect(404);
      const file = await request(t.http).get(row.download_url).expect(200);
      expect(file.headers['content-type']).toContain('text/csv');
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.text.split('\n')[0]).toBe(REPORT_CSV_COLUMNS.join(','));
      expect((await b.get('downloadReport', { report_id: id }).expect(404)).body.message).toBe(M.reportNotFound);
      expect((await request(t.http).get(`/api/downloadReport?report_id=${id}`).expect(401)).body.status).toBe(0);
      const bell = await a.get('getNotificationsForUser', { offset: 0 }).expect(200);
      expect(JSON.stringify(bell.body)).toContain('Spotify report');
    });
  });

  describe('updateUserProfile (areas §5 Profile, §6)', () => {
    it.each([
      ['a 9-digit phone', { phone: '987654321' }, M.phoneInvalid],
      ['an 11-digit phone', { phone: '98765432101' }, M.phoneInvalid],
      ['letters in the phone', { phone: '98765abcde' }, M.phoneInvalid],
      ['a blank address', { address: '   ' }, M.addressRequired],
      ['a 7-character password', { password: 'short12', confirmPassword: 'short12' }, M.passwordShort],
      ['a confirmation that differs', { password: 'longenough1', confirmPassword: 'longenough2' }, M.passwordMismatch],
      ['a password without confirmation', { password: 'longenough1' }, M.passwordMismatch],
      ['nothing to update (name and e-mail are not fields)', { name: 'New Name', email: 'new@example.com' }, M.nothingToUpdate],
    ])('refuses %s', async (_label, body, message) => {
      expect((await a.post('updateUserProfile', body).expect(400)).body).toMatchObject({ status: 400, message });
    });

    it('updates phone and address but never name or e-mail', async () => {
      const res = await a.post('updateUserProfile', { phone: '9123456780', name: 'Hacker', email: 'x@example.com', user_id: 1 }).expect(200);
      expect(res.body).toMatchObject({ message: M.profileUpdated, body: { phone: '9123456780', name: aUser.name, email: aUser.email } });
      await a.post('updateUserProfile', { address: '  7 Hill Road, Bandra  ' }).expect(200);
      expect((await a.get('getUserDetails').expect(200)).body.body).toMatchObject({ phone: '9123456780', address: '7 Hill Road, Bandra', name: aUser.name, email: aUser.email });
    });

    it('a password change ends the other sessions, gives the caller a new token and e-mails the user', async () => {
      const u = await createVerifiedUser(t);
      const other = await request(t.http).post('/api/login').send({ email: u.email, password: u.password }).expect(200);
      // Both sessions answered once, so the session cache (docs/decisions/010) holds them: the change must drop them.
      await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${other.body.token}`).expect(200);
      const res = await request(t.http).post('/api/updateUserProfile').set('Authorization', `Bearer ${u.token}`).send({ password: 'brand-new-pass', confirmPassword: 'brand-new-pass' }).expect(200);
      expect(res.body.message).toBe(M.passwordUpdated);
      expect(typeof res.body.token).toBe('string');
      for (const old of [u.token, other.body.token]) expect((await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${old}`).expect(401)).body.status).toBe(0);
      await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${res.body.token}`).expect(200);
      expect((await request(t.http).post('/api/login').send({ email: u.email, password: 'brand-new-pass' })).body.status).toBe(200);
      expect(outboxTo(t, u.email).some((m) => m.subject === M.passwordMailSubject)).toBe(true);
    });
  });

  describe('invite (areas §2 Invite, §5)', () => {
    it.each([
      ['no e-mail', { name: 'Ravi' }, M.inviteEmailInvalid],
      ['a bad e-mail', { email: 'ravi@', name: 'Ravi' }, M.inviteEmailInvalid],
      ['no name', { email: 'ravi@example.com', name: ' ' }, M.inviteNameRequired],
    ])('refuses %s', async (_label, body, message) => {
      expect((await b.post('sendInvite', body).expect(400)).body).toMatchObject({ status: 400, message });
    });

    it('mails an absolute /signup?name= link naming the inviter; same answer for an existing account; daily limit', async () => {
      const inviter = await createVerifiedUser(t);
      const c = new SupportClient(t, inviter.token);
      const res = await c.post('sendInvite', { email: 'Ravi.Kumar@Example.com', name: 'Ravi Kumar' }).expect(200);
      expect(res.body.message).toBe(M.inviteSent);
      const mail = outboxTo(t, 'ravi.kumar@example.com').at(-1)!;
      expect(mail.subject).toContain(inviter.name);
      expect(mail.text).toContain(inviter.name);
      expect(mail.text).toMatch(/https?:\/\/[^\s/]+(:\d+)?\/signup\?name=Ravi\+Kumar&from=/);
      // The link names the inviter in its own parameter, so the banner says who invited (docs/decisions/017).
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      expect(link.searchParams.get('from')).toBe(inviter.name);

      const existing = await c.post('sendInvite', { email: aUser.email, name: 'Someone' }).expect(200);
      expect(existing.body).toEqual({ ...res.body, request_id: existing.body.request_id });
      expect(outboxTo(t, aUser.email).some((m) => m.subject.includes('invited you'))).toBe(false);

      for (let i = 2; i < 10; i++) await c.post('sendInvite', { email: `friend${i}@example.com`, name: `Friend ${i}` }).expect(200);
      const limited = await c.post('sendInvite', { email: 'one.more@example.com', name: 'One More' }).expect(429);
      expect(limited.body.message).toBe(M.inviteDailyLimit.replace('{limit}', '10'));
      expect(outboxTo(t, 'one.more@example.com')).toHaveLength(0);
    });
  });

  it('documents the support endpoints in the OpenAPI document', async () => {
    const docs = await request(t.http).get('/api/docs-json').expect(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/api/createTicket', '/api/getTicketListForUser', '/api/getTicketById', '/api/replyTicket', '/api/withdrawMoney', '/api/addBankDetails', '/api/getUserBankDetails', '/api/updateUserProfile', '/api/sendInvite', '/api/requestReport']),
    );
  });
});
