import { apiUrl, AUTH_ENDPOINTS } from '@portal/contracts';
import { solverWorkerMain, type CaptchaChallenge, type CaptchaSolution, type SolveReply, type SolveRequest } from './solver-worker';

/** A solved challenge: the base64 payload POST /api/capchaVerification checks, and how long it stays valid. */
export type CaptchaProof = {
  /** `responseCapcha`: base64 of `{ challenge: { parameters, signature }, solution }`, the ALTCHA v2 payload. */
  payload: string;
  /** Milliseconds from now until the challenge expires on the server's clock; `null` when it does not say. */
  expiresInMs: number | null;
};

/**
 * Fetches a challenge and solves it; rejects when it cannot (no WebCrypto, a failed worker, no answer in
 * time, the challenge request failed) and with an `AbortError` once `signal` aborts. The Captcha component
 * takes one of these, so a test can hand it its own.
 */
export type CaptchaSolver = (signal: AbortSignal) => Promise<CaptchaProof>;

/** Give up after this long, as the ALTCHA widget did (90 s). */
const SOLVE_TIMEOUT_MS = 90_000;
/** "Verifying..." shows at least this long, so a fast machine does not make it flicker (the ALTCHA widget's 500 ms). */
const MIN_VERIFYING_MS = 500;

/**
 * Workers solving one challenge together (each tries every n-th counter): the phone's cores, at most 4
 * (the ALTCHA widget's choice for a device with little memory).
 */
function workerCount(): number {
  const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 1;
  return Math.min(4, Math.max(1, cores || 1));
}

function aborted(): DOMException {
  return new DOMException('The captcha was reset.', 'AbortError');
}

/**
 * Solve `challenge` in `count` Web Workers started from a `blob:` URL of `solverWorkerMain`
 * (solver-worker.ts says why not a URL of the remote). Resolves to the first solution; every worker is
 * terminated as soon as one answers, on an error and on abort.
 */
export function solveInWorkers(challenge: CaptchaChallenge, signal: AbortSignal, count = workerCount()): Promise<CaptchaSolution> {
  if (signal.aborted) return Promise.reject(aborted());
  const source = URL.createObjectURL(new Blob([`(${solverWorkerMain.toString()})()`], { type: 'text/javascript' }));
  const workers: Worker[] = [];
  return new Promise<CaptchaSolution>((resolve, reject) => {
    let running = count;
    const finish = () => {
      for (const worker of workers) worker.terminate();
      URL.revokeObjectURL(source);
      signal.removeEventListener('abort', onAbort);
    };
    const fail = (error: Error) => {
      finish();
      reject(error);
    };
    const onAbort = () => fail(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (let i = 0; i < count; i++) {
        const worker = new Worker(source, { name: 'captcha-solver' });
        workers.push(worker);
        worker.onmessage = ({ data }: MessageEvent<SolveReply>) => {
          if ('error' in data) return fail(new Error(data.error));
          if (data.solution) {
            finish();
            return resolve(data.solution);
          }
          running -= 1;
          if (running === 0) fail(new Error('The captcha was not solved in time.'));
        };
        worker.onerror = (event) => {
          event.preventDefault();
          fail(new Error(event.message || 'The captcha worker failed.'));
        };
        worker.postMessage({ challenge, counterStart: i, counterStep: count, timeoutMs: SOLVE_TIMEOUT_MS } satisfies SolveRequest);
      }
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** The ALTCHA v2 payload of a solved challenge, as the widget sent it and `verify` of altcha-lib reads it. */
export function encodePayload(challenge: CaptchaChallenge, solution: CaptchaSolution): string {
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

/**
 * The Captcha component's default solver: GET /api/captcha/challenge (raw JSON, `no-store`), the proof of
 * work in workers, then the payload. `expiresInMs` is reckoned on the server's clock (the answer's `Date`
 * header), so a phone whose clock is wrong does not expire its pass early or late.
 */
export const solveCaptcha: CaptchaSolver = async (signal) => {
  const started = Date.now();
  const answer = await fetch(apiUrl(AUTH_ENDPOINTS.captchaChallenge), { cache: 'no-store', credentials: 'same-origin', signal });
  if (!answer.ok) throw new Error(`The captcha challenge could not be fetched (HTTP ${answer.status}).`);
  const fetchedAt = Date.now();
  const serverNow = Date.parse(answer.headers.get('date') ?? '') || fetchedAt;
  const challenge = (await answer.json()) as CaptchaChallenge;
  const solution = await solveInWorkers(challenge, signal);
  const rest = MIN_VERIFYING_MS - (Date.now() - started);
  if (rest > 0) await new Promise((done) => setTimeout(done, rest));
  if (signal.aborted) throw aborted();
  const { expiresAt } = challenge.parameters;
  return {
    payload: encodePayload(challenge, solution),
    expiresInMs: typeof expiresAt === 'number' ? expiresAt * 1000 - serverNow - (Date.now() - fetchedAt) : null,
  };
};
