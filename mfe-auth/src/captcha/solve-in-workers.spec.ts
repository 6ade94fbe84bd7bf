import { resolveObjectURL } from 'node:buffer';
import { webcrypto } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';
import { createChallenge } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';
import { encodePayload, solveInWorkers } from './solve-in-workers';
import type { CaptchaChallenge } from './solver-worker';

/**
 * A Web Worker for Node: it reads its program from the `blob:` URL like a browser and runs it in a
 * fresh V8 context whose only globals are a worker's (`self`, `crypto`, `performance`), so the test
 * fails if the worker's source leans on anything outside itself. `terminate()` makes its WebCrypto
 * calls fail, which ends its loop as a real termination would.
 */
class VmWorker {
  static started: VmWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  terminated = false;
  private readonly scope: { onmessage?: (event: { data: unknown }) => void; postMessage(data: unknown): void };
  private readonly ready: Promise<void>;

  constructor(url: string) {
    VmWorker.started.push(this);
    this.scope = { postMessage: (data) => void (this.terminated || this.onmessage?.({ data })) };
    const subtle = new Proxy(webcrypto.subtle, {
      get: (target, name: keyof SubtleCrypto) => {
        const method = target[name] as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => (this.terminated ? Promise.reject(new Error('terminated')) : method.apply(target, args));
      },
    });
    const blob = resolveObjectURL(url);
    if (!blob) throw new Error(`no blob at ${url}`);
    this.ready = blob.text().then((source) => {
      vm.runInNewContext(source, { self: this.scope, crypto: { subtle }, performance });
    });
  }

  postMessage(data: unknown) {
    void this.ready.then(() => this.scope.onmessage?.({ data }));
  }

  terminate() {
    this.terminated = true;
  }
}

const SECRET = 'test-hmac-secret';

/** A challenge made the way api/src/captcha/captcha.service.ts makes it (altcha-lib 2, signed, key-signed), with a known counter. */
async function serverChallenge(algorithm: 'PBKDF2/SHA-256' | 'SHA-256', counter: number): Promise<CaptchaChallenge> {
  return (await createChallenge({
    algorithm,
    cost: algorithm === 'SHA-256' ? 2 : 10,
    counter,
    deriveKey: algorithm === 'SHA-256' ? sha : pbkdf2,
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: SECRET + ':key',
    expiresAt: Math.floor(Date.now() / 1000) + 600,
  })) as unknown as CaptchaChallenge;
}

/** What POST /api/capchaVerification does with `responseCapcha` (api/src/captcha/captcha.service.ts). */
async function serverVerifies(payload: string, algorithm: 'PBKDF2/SHA-256' | 'SHA-256'): Promise<boolean> {
  const result = await verify(payload, algorithm === 'SHA-256' ? sha : pbkdf2, SECRET, SECRET + ':key');
  return !result.error && !!result.payload;
}

beforeAll(() => {
  Object.assign(globalThis, { Worker: VmWorker });
});
beforeEach(() => {
  VmWorker.started = [];
});

describe('the captcha proof of work (docs/decisions/010 "The captcha")', () => {
  it.each(['PBKDF2/SHA-256', 'SHA-256'] as const)('solves an API %s challenge in workers, and the payload passes the server check', async (algorithm) => {
    const challenge = await serverChallenge(algorithm, 37);
    const solution = await solveInWorkers(challenge, new AbortController().signal, 3);
    expect(solution.counter).toBe(37);
    expect(solution.derivedKey).toMatch(/^[0-9a-f]{64}$/);
    expect(VmWorker.started).toHaveLength(3);
    expect(VmWorker.started.every((w) => w.terminated)).toBe(true);
    await expect(serverVerifies(encodePayload(challenge, solution), algorithm)).resolves.toBe(true);
  });

  it('sends a payload the server refuses when the work was not done', async () => {
    const challenge = await serverChallenge('PBKDF2/SHA-256', 12);
    const solution = await solveInWorkers(challenge, new AbortController().signal, 2);
    await expect(serverVerifies(encodePayload(challenge, { ...solution, counter: solution.counter + 1, derivedKey: '00'.repeat(32) }), 'PBKDF2/SHA-256')).resolves.toBe(false);
    await expect(serverVerifies(encodePayload({ ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution), 'PBKDF2/SHA-256')).resolves.toBe(false);
  });

  it('rejects an algorithm it does not know, and stops every worker', async () => {
    const challenge = await serverChallenge('PBKDF2/SHA-256', 3);
    const unknown = { ...challenge, parameters: { ...challenge.parameters, algorithm: 'ARGON2ID' } };
    await expect(solveInWorkers(unknown, new AbortController().signal, 2)).rejects.toThrow('Unsupported algorithm ARGON2ID.');
    expect(VmWorker.started.every((w) => w.terminated)).toBe(true);
  });

  it('stops every worker when the captcha is reset while it works', async () => {
    const challenge = await serverChallenge('PBKDF2/SHA-256', 4000);
    const controller = new AbortController();
    const solving = solveInWorkers(challenge, controller.signal, 2);
    controller.abort();
    await expect(solving).rejects.toMatchObject({ name: 'AbortError' });
    expect(VmWorker.started.map((w) => w.terminated)).toEqual([true, true]);
  });
});
