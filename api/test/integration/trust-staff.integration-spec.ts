import request from 'supertest';
import { OPS_MESSAGES as O } from '@portal/contracts';
import { DataSource } from 'typeorm';
import { VideoReleaseEntity } from '../../src/video/entities/video-release.entity';
import { OpsAuditEntity } from '../../src/audit/audit.entity';
import { UsersService } from '../../src/users/users.service';
import { creditRevenue } from '../helpers/cli';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient } from '../helpers/releases-fixtures';
import { cli, createStaff, login, totpCode } from '../helpers/staff';
import { SupportClient } from '../helpers/support-client';

const BANK = { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: '50100012345678', ifsc_code: 'hdfc0001234', branch_name: 'Koregaon Park, Pune', pan: 'abcde1234f', other_details: '' };

/**
 * Staff powers that end and four-eyes (docs/decisions/016): revoking ends console sessions at once
 * and refuses every ops call; admins manage staff in the console, each action audited; nobody decides
 * on their own account's release, video or payout.
 */
describe.each(ENGINES)('staff trust on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  const idOf = async (email: string) => (await t.app.get(UsersService).findByEmail(email.toLowerCase()))!.id;
  const audit = (action: string, objectId: number) => t.app.get(DataSource).getRepository(OpsAuditEntity).find({ where: { action, object_id: String(objectId) }, order: { id: 'DESC' } });
  const submitted = async (c: ReleasesClient) => {
    const r = await c.readyRelease();
    await c.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
    return r.releaseId;
  };
  const payoutOf = async (email: string, token: string, key: string) => {
    await creditRevenue(t.app, email, '120', 'Royalties');
    const client = new SupportClient(t, token, email);
    await client.post('addBankDetails', BANK);
    return (await client.post('withdrawMoney', {}, { 'Idempotency-Key': key }).expect(200)).body.body.payout_id as number;
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    admin = await createStaff(t, 'admin');
  });
  afterAll(async () => t?.close());

  describe('four-eyes', () => {
    it('a reviewer cannot approve, reject or take down a release of their own account; another reviewer can', async () => {
      const own = await createStaff(t, 'reviewer');
      const other = await createStaff(t, 'reviewer');
      const releaseId = await submitted(new ReleasesClient(t, own.token));
      for (const [path, body] of [
        ['ops/releases/approve', { release_id: releaseId }],
        ['ops/releases/reject', { release_id: releaseId, reasons: ['generic_title'] }],
      ] as const) {
        const res = await as(own.token).post(path, body);
        expect([res.status, res.body.status, res.body.message]).toEqual([403, 403, O.ownRelease]);
      }
      await as(other.token).post('ops/releases/approve', { release_id: releaseId }).expect(200);
      const takedown = await as(own.token).post('ops/releases/takedown', { release_id: releaseId, reason: 'Claimed' });
      expect([takedown.status, takedown.body.message]).toEqual([403, O.ownRelease]);
      await as(other.token).post('ops/releases/takedown', { release_id: releaseId, reason: 'Claimed' }).expect(200);
      // An admin reviewing their own release is refused the same way.
      const adminRelease = await submitted(new ReleasesClient(t, admin.token));
      expect((await as(admin.token).post('ops/releases/approve', { release_id: adminRelease })).body.message).toBe(O.ownRelease);
    });

    it('a reviewer cannot decide on a video release of their own account', async () => {
      const own = await createStaff(t, 'reviewer');
      const other = await createStaff(t, 'reviewer');
      const video = await t.app.get(DataSource).getRepository(VideoReleaseEntity).save({
        user_id: await idOf(own.email), release_id: 1, audio_id: 1, release_title: 'Own Video', audio_title: 'Own', download_link: 'https://x.example/v', thumbnail: 'x.jpg', release_date: Date.now() + 10 * 86_400_000, status: 'in_review',
      });
      for (const outcome of ['approved', 'rejected', 'takendown']) {
        const res = await as(own.token).post('ops/videos/review', { video_id: video.id, outcome, reason: 'r' });
        expect([res.status, res.body.message]).toEqual([403, O.ownVideo]);
      }
      expect((await as(other.token).post('ops/videos/review', { video_id: video.id, outcome: 'approved' })).status).toBe(200);
    });

    it('finance cannot mark paid or reject a payout of their own account; another finance member can', async () => {
      const own = await createStaff(t, 'finance');
      const other = await createStaff(t, 'finance');
      const payoutId = await payoutOf(own.email, own.token, 'fe-1');
      const paid = await as(own.token).post('ops/payouts/paid', { payout_id: payoutId, reference: 'UTR-OWN' });
      expect([paid.status, paid.body.message]).toEqual([403, O.ownPayout]);
      const rejected = await as(own.token).post('ops/payouts/reject', { payout_id: payoutId, reason: 'mine' });
      expect([rejected.status, rejected.body.message]).toEqual([403, O.ownPayout]);
      expect((await as(other.token).post('ops/payouts/paid', { payout_id: payoutId, reference: 'UTR-2' })).body.body.status).toBe('paid');
    });
  });

  describe('revoked means revoked', () => {
    it('revoking in the console ends the staff member’s console sessions at once; every ops call and the second factor are refused; a restore needs a new TOTP code', async () => {
      const fin = await createStaff(t, 'finance');
      const second = await login(t, fin.email, fin.password);
      await as(fin.token).get('ops/payouts').expect(200);

      const revoked = await as(admin.token).post('ops/users/revoke', { user_id: await idOf(fin.email), revoked: true }).expect(200);
      expect(revoked.body.body.revoked).toBe(true);
      for (const token of [fin.token, second]) {
        const res = await as(token).get('ops/payouts');
        expect([res.status, res.body.message]).toEqual([403, O.forbidden]);
        expect((await as(token).post('ops/payouts/paid', { payout_id: 1, reference: 'X' })).status).toBe(403);
        expect((await as(token).get('staff/session')).body.body).toEqual({ staff: false, roles: [], totp_enrolled: false, totp_verified: false });
      }
      const retry = await as(fin.token).post('staff/totp/verify', { code: totpCode(fin.secret, 1) });
      expect(retry.status).toBe(403);
      const [row] = await audit('user.revoke', await idOf(fin.email));
      expect(JSON.parse(row!.after_json!)).toEqual({ revoked: true, console_sessions_ended: 1 });

      await as(admin.token).post('ops/users/revoke', { user_id: await idOf(fin.email), revoked: false }).expect(200);
      // Restored: the old sessions stay ended until a new code passes.
      expect((await as(fin.token).get('ops/payouts')).status).toBe(403);
      await as(fin.token).post('staff/totp/verify', { code: totpCode(fin.secret, 1) }).expect(200);
      await as(fin.token).get('ops/payouts').expect(200);
    });

    it('the CLI revoke does the same, and an admin cannot revoke their own account', async () => {
      const rev = await createStaff(t, 'reviewer');
      await as(rev.token).get('ops/releases/queue').expect(200);
      await cli(t, 'revoke', [rev.email, '1']);
      expect((await as(rev.token).get('ops/releases/queue')).status).toBe(403);
      const self = await as(admin.token).post('ops/users/revoke', { user_id: await idOf(admin.email), revoked: true });
      expect([self.status, self.body.message]).toEqual([403, O.staffSelf]);
    });
  });

  describe('staff managed by admins in the console', () => {
    it('add with a role, change roles, reset TOTP, remove: each takes effect at once and is audited; an admin cannot change their own access', async () => {
      const person = await createVerifiedUser(t);
      expect((await as(admin.token).post('ops/staff/add', { email: 'nobody@example.com', role: 'reviewer' })).body.message).toBe(O.staffNoAccount);
      expect((await as(admin.token).post('ops/staff/add', { email: person.email, role: 'boss' })).status).toBe(400);
      const added = await as(admin.token).post('ops/staff/add', { email: person.email.toUpperCase(), role: 'reviewer' }).expect(200);
      expect(added.body.body).toMatchObject({ user_id: await idOf(person.email), roles: ['reviewer'], totp_enrolled: false, revoked: false });
      const list = await as(admin.token).get('ops/staff').expect(200);
      expect(list.body.body.map((r: { user_id: number }) => r.user_id)).toEqual(expect.arrayContaining([await idOf(person.email), await idOf(admin.email)]));

      // The new member enrols and reaches the review queue, not the finance desk.
      const enrol = await as(person.token).post('staff/totp/enrol').expect(200);
      await as(person.token).post('staff/totp/verify', { code: totpCode(enrol.body.body.secret) }).expect(200);
      await as(person.token).get('ops/releases/queue').expect(200);
      expect((await as(person.token).get('ops/payouts')).status).toBe(403);

      const changed = await as(admin.token).post('ops/staff/roles', { user_id: await idOf(person.email), roles: ['finance'] }).expect(200);
      expect(changed.body.body.roles).toEqual(['finance']);
      expect((await as(person.token).get('ops/releases/queue')).status).toBe(403);
      await as(person.token).get('ops/payouts').expect(200);
      expect(JSON.parse((await audit('staff.roles', await idOf(person.email)))[0]!.before_json!)).toEqual({ roles: ['reviewer'] });

      const reset = await as(admin.token).post('ops/staff/reset-totp', { user_id: await idOf(person.email) }).expect(200);
      expect(reset.body.body.totp_enrolled).toBe(false);
      expect((await as(person.token).get('ops/payouts')).status).toBe(403);
      expect((await as(person.token).get('staff/session')).body.body).toMatchObject({ staff: true, totp_enrolled: false, totp_verified: false });
      // A new secret: the old one's codes no longer pass.
      const again = await as(person.token).post('staff/totp/enrol').expect(200);
      expect(again.body.body.secret).not.toBe(enrol.body.body.secret);
      await as(person.token).post('staff/totp/verify', { code: totpCode(again.body.body.secret) }).expect(200);
      await as(person.token).get('ops/payouts').expect(200);

      await as(admin.token).post('ops/staff/remove', { user_id: await idOf(person.email) }).expect(200);
      expect((await as(person.token).get('ops/payouts')).status).toBe(403);
      expect((await as(admin.token).get('ops/staff')).body.body.map((r: { user_id: number }) => r.user_id)).not.toContain(await idOf(person.email));
      expect((await as(admin.token).post('ops/staff/remove', { user_id: await idOf(person.email) })).status).toBe(404);
      expect((await audit('staff.add', await idOf(person.email))).length).toBe(1);
      expect((await audit('staff.totp_reset', await idOf(person.email))).length).toBe(1);
      expect(JSON.parse((await audit('staff.remove', await idOf(person.email)))[0]!.after_json!)).toEqual({ roles: [], console_sessions_ended: 1 });

      for (const [path, body] of [
        ['ops/staff/roles', { user_id: await idOf(admin.email), roles: ['reviewer'] }],
        ['ops/staff/remove', { user_id: await idOf(admin.email) }],
        ['ops/staff/reset-totp', { user_id: await idOf(admin.email) }],
        ['ops/staff/add', { email: admin.email, role: 'finance' }],
      ] as const) {
        const res = await as(admin.token).post(path, body);
        expect([path, res.status, res.body.message]).toEqual([path, 403, O.staffSelf]);
      }
      expect((await as(admin.token).post('ops/staff/roles', { user_id: await idOf(admin.email), roles: [] })).status).toBe(400);
    });

    it('wrong bodies: 400 with the field’s message, an unknown or malformed user 404, never 500', async () => {
      const someone = await createStaff(t, 'support');
      const id = await idOf(someone.email);
      const cases: Array<[string, object, number, string]> = [
        ['ops/staff/add', {}, 400, O.staffEmailInvalid],
        ['ops/staff/add', { email: 5, role: 'reviewer' }, 400, O.staffEmailInvalid],
        ['ops/staff/add', { email: 'x@example.com', role: ['admin'] }, 400, O.staffRoleInvalid],
        ['ops/staff/roles', { user_id: id, roles: 'admin' }, 400, O.staffRoleInvalid],
        ['ops/staff/roles', { user_id: id, roles: [{ a: 1 }] }, 400, O.staffRoleInvalid],
        ['ops/staff/roles', { user_id: id, roles: ['owner'] }, 400, O.staffRoleInvalid],
        ['ops/staff/roles', { user_id: 'x', roles: ['admin'] }, 404, O.staffNotFound],
        ['ops/staff/remove', { user_id: 999_999 }, 404, O.staffNotFound],
        ['ops/staff/reset-totp', {}, 404, O.staffNotFound],
      ];
      for (const [path, body, status, message] of cases) {
        const res = await as(admin.token).post(path, body);
        expect([path, JSON.stringify(body), res.status, res.body.message]).toEqual([path, JSON.stringify(body), status, message]);
      }
      // Nothing changed for the member.
      expect((await as(admin.token).get('ops/staff')).body.body.find((r: { user_id: number }) => r.user_id === id).roles).toEqual(['support']);
    });
  });
});
