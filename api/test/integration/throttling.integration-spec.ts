import request from 'supertest';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';

const wrongLogin = (email: string) => ({ email, password: 'wrong-password' });

/**
 * The account endpoints' buckets (docs/decisions/026): per IP across e-mails (password spraying), per account
 * across IPs, and X-Forwarded-For believed only from TRUST_PROXY.
 */
describe.each(ENGINES)('throttling on %s', (engine) => {
  describe('without a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootTestApp(engine, { AUTH_RATE_LIMIT: '1000', AUTH_IP_RATE_LIMIT: '5', AUTH_ACCOUNT_RATE_LIMIT: '1000' });
    });
    afterAll(async () => t?.close());

    it('one IP trying many e-mails is stopped at the per-IP limit, and a forged X-Forwarded-For does not reset it', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await request(t.http).post('/api/login').set('X-Forwarded-For', `203.0.113.${i}`).send(wrongLogin(`spray${i}@example.com`));
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // resendEmailOTP shares the per-IP bucket: probing e-mails is limited too.
      expect((await request(t.http).post('/api/resendEmailOTP').send({ email: 'probe@example.com', type: 'verification' })).status).toBe(429);
    });
  });

  describe('behind a trusted proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await bootTestApp(engine, { AUTH_RATE_LIMIT: '1000', AUTH_IP_RATE_LIMIT: '1000', AUTH_ACCOUNT_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' });
    });
    afterAll(async () => t?.close());

    it('one account tried from many IPs is stopped at the per-account limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await request(t.http).post('/api/login').set('X-Forwarded-For', `198.51.100.${i}`).send(wrongLogin('target@example.com'));
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      // Another account from the same addresses is not affected.
      expect((await request(t.http).post('/api/login').set('X-Forwarded-For', '198.51.100.1').send(wrongLogin('other@example.com'))).status).toBe(400);
    });
  });

  it('TRUST_PROXY is validated at boot', async () => {
    await expect(bootTestApp(engine, { TRUST_PROXY: 'everyone' })).rejects.toThrow(/TRUST_PROXY/);
  });
});
