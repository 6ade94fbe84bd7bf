/**
 * The captcha's proof of work, as it runs inside a Web Worker (docs/decisions/010 "The captcha").
 *
 * It follows the ALTCHA v2 challenge the API issues (`api/src/captcha/altcha.ts`, altcha-lib 2:
 * PBKDF2/SHA-256, counter mode `uint32`) and finds the counter whose derived key starts with the
 * challenge's `keyPrefix`: password = nonce bytes + counter as a big-endian uint32, salt = salt bytes,
 * key = PBKDF2(password, salt, `cost` iterations, `keyLength` bytes) with WebCrypto. The plain ALTCHA
 * `SHA-256/384/512` algorithms (`cost` rounds of the digest over salt + password) are understood too.
 * The answer has altcha-lib's `Solution` shape, so the payload built from it verifies on the server
 * unchanged.
 */

/** A challenge as GET /api/captcha/challenge answers it (raw ALTCHA v2, not enveloped). */
export type CaptchaChallenge = {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength?: number;
    keyPrefix: string;
    /** Seconds since the epoch, server clock. */
    expiresAt?: number;
  } & Record<string, unknown>;
  signature?: string;
};

/** altcha-lib's `Solution`: the counter found, the derived key (lowercase hex) and the time it took (ms). */
export type CaptchaSolution = { counter: number; derivedKey: string; time: number };

/** What the page posts to a solver worker: try counters `counterStart`, `+counterStep`, … for at most `timeoutMs`. */
export type SolveRequest = { challenge: CaptchaChallenge; counterStart: number; counterStep: number; timeoutMs: number };

/** A worker's one answer: the solution, `null` when its time ran out, or the error that stopped it. */
export type SolveReply = { solution: CaptchaSolution | null } | { error: string };

/**
 * The worker's whole program. The page starts it from a `blob:` URL of this function's own source
 * (`(${solverWorkerMain})()`, solve-in-workers.ts), so it must not use anything from outside its
 * body: no imports, no module-level names, only the worker's globals (`self`, `crypto`, `performance`).
 * A `blob:` worker is same-origin with the page wherever the remote's files come from (a remote on
 * its own origin cannot start a worker from a URL of that origin) and is what the portal's CSP allows
 * (`worker-src 'self' blob:`, docs/decisions/026).
 */
/* istanbul ignore next -- serialised with Function.prototype.toString: coverage counters would point outside the function */
export function solverWorkerMain(): void {
  const scope = self as unknown as { onmessage: ((event: MessageEvent<SolveRequest>) => void) | null; postMessage(reply: SolveReply): void };

  const fromHex = (hex: string): Uint8Array => {
    if (typeof hex !== 'string' || !/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('The challenge is not valid hex.');
    const bytes = new Uint8Array(hex.length / 2);
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
    return bytes;
  };
  const toHex = (bytes: Uint8Array): string => {
    let hex = '';
    for (const byte of bytes) hex += (byte < 16 ? '0' : '') + byte.toString(16);
    return hex;
  };

  const deriveKey = async (parameters: CaptchaChallenge['parameters'], salt: Uint8Array, password: Uint8Array): Promise<Uint8Array> => {
    const { algorithm, cost } = parameters;
    const keyLength = parameters.keyLength ?? 32;
    if (/^PBKDF2\/SHA-(256|384|512)$/.test(algorithm)) {
      const key = await crypto.subtle.importKey('raw', password as BufferSource, 'PBKDF2', false, ['deriveBits']);
      const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', salt: salt as BufferSource, iterations: cost, hash: algorithm.slice('PBKDF2/'.length) }, key, keyLength * 8);
      return new Uint8Array(bits);
    }
    if (/^SHA-(256|384|512)$/.test(algorithm)) {
      let data = new Uint8Array(salt.length + password.length);
      data.set(salt);
      data.set(password, salt.length);
      for (let round = 0; round < Math.max(1, cost); round++) data = new Uint8Array(await crypto.subtle.digest(algorithm, data as BufferSource));
      return data.slice(0, keyLength);
    }
    throw new Error(`Unsupported algorithm ${String(algorithm)}.`);
  };

  scope.onmessage = async ({ data }) => {
    const started = performance.now();
    try {
      const { parameters } = data.challenge;
      const prefix = String(parameters.keyPrefix).toLowerCase();
      if (!/^[0-9a-f]+$/.test(prefix)) throw new Error('The challenge has no key prefix.');
      const nonce = fromHex(parameters.nonce);
      const salt = fromHex(parameters.salt);
      const password = new Uint8Array(nonce.length + 4);
      password.set(nonce);
      const counterBytes = new DataView(password.buffer, nonce.length, 4);
      for (let counter = data.counterStart; counter <= 0xffffffff; counter += data.counterStep) {
        counterBytes.setUint32(0, counter, false);
        const derivedKey = toHex(await deriveKey(parameters, salt, password));
        if (derivedKey.startsWith(prefix)) {
          scope.postMessage({ solution: { counter, derivedKey, time: Math.floor((performance.now() - started) * 10) / 10 } });
          return;
        }
        if (performance.now() - started > data.timeoutMs) break;
      }
      scope.postMessage({ solution: null });
    } catch (error) {
      scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  };
}
