import request from 'supertest';
import type { TestApp } from './test-app';
import { waitFor } from './wait-for';

let counter = 0;
/** A unique valid signup payload (core §5). */
export function newSignup(overrides: Record<string, string> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { name: `Asha Rao ${tag}`, email: `artist.${tag}@example.com`, phone: '9876543210', address: '12 MG Road, Pune', password: 'secret12', ...overrides };
}

/**
 * Sign up, read the OTP from the dev outbox and verify: the real flow a browser follows.
 * Returns the login token and the account's e-mail and password.
 */
export async function createVerifiedUser(t: TestApp, overrides: Record<string, string> = {}) {
  const signup = newSignup(overrides);
  const res = await request(t.http).post('/api/signup').send(signup);
  if (res.body.status !== 200) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
  // With REDIS_URL the OTP mail is a queued job: wait for it (at once without Redis).
  const otp = await waitFor(() => t.lastOtp(signup.email), { timeout: 10_000, what: `the OTP mail to ${signup.email}` });
  const verified = await request(t.http).post('/api/verifyEmailOTP').send({ email: signup.email, otp });
  if (!verified.body.token) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
  return { ...signup, token: verified.body.token as string };
}
