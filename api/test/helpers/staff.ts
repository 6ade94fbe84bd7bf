import request from 'supertest';
import { Secret, TOTP } from 'otpauth';
import { runCommand } from './cli';
import { createVerifiedUser } from './accounts';
import type { TestApp } from './test-app';

/** The code an authenticator app would show for `secret`, `periodsAhead` periods from now. */
export function totpCode(secret: string, periodsAhead = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + periodsAhead * 30_000 });
}

/** Run an operator command as `npm run cli` would. */
export async function cli(t: TestApp, name: string, args: string[]): Promise<string> {
  return runCommand(t.app, name, args);
}

export async function login(t: TestApp, email: string, password: string): Promise<string> {
  const res = await request(t.http).post('/api/login').send({ email, password });
  if (!res.body.token) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

/**
 * A verified user made staff with `role` by the CLI, whose login session enrolled TOTP and passed it.
 * Answers the token of that session, the TOTP secret, and the account.
 */
export async function createStaff(t: TestApp, role: string) {
  const user = await createVerifiedUser(t);
  await cli(t, 'staff', ['add', user.email, role]);
  const enrol = await request(t.http).post('/api/staff/totp/enrol').set('Authorization', `Bearer ${user.token}`).send({});
  if (enrol.body.status !== 200) throw new Error(`enrol failed: ${JSON.stringify(enrol.body)}`);
  const secret = enrol.body.body.secret as string;
  const verify = await request(t.http).post('/api/staff/totp/verify').set('Authorization', `Bearer ${user.token}`).send({ code: totpCode(secret) });
  if (verify.body.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  return { ...user, secret, enrolment: enrol.body.body as { otpauth_uri: string; qr_data_url: string } };
}
