import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { media } from './releases-fixtures';
import { letTimePass } from './wait-for';

/**
 * Hostile request bodies for the "no request may take a process down" tests (issue 34 §1, decision 026
 * "One multipart receiver"): every way a client can stop sending a body, sent over a raw socket so the
 * test controls each byte, FIN and RST.
 */

/** The OpenAPI document's shape as far as these tests read it. */
export type OpenApiDoc = {
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema?: { enum?: string[] } }>; requestBody?: { content: Record<string, { schema?: { required?: string[]; properties?: Record<string, unknown> } }> } }>>;
};

/** A multipart route of the document: its path, a URL with every query parameter filled, the documented file field. */
export type MultipartRoute = { method: string; path: string; url: string; field: string };

/** The ways a body can stop short (issue 34 §1). */
export const SHAPES = ['half-then-fin', 'no-closing-boundary', 'headers-only', 'reset-mid-body', 'chunked-cut-mid-chunk'] as const;
export type Shape = (typeof SHAPES)[number];

/** A field name no route expects. */
export const UNEXPECTED_FIELD = 'not_the_documented_field';

/** What the client saw: the status of the answer (null: the connection closed without one), and how it ended. */
export type Outcome = { status: number | null; ended: 'closed' | 'reset-by-client' | 'timeout' };

export const BOUNDARY = 'portal-hostile-boundary';

/**
 * Every operation of `doc` whose request body is `multipart/form-data` (so a route added later is covered
 * without editing a test): method, path, URL (query parameters filled with their first enum value or `x`),
 * and the file field (the schema's first required property).
 */
export function multipartRoutes(doc: OpenApiDoc): MultipartRoute[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => {
      const multipart = op.requestBody?.content['multipart/form-data'];
      if (!multipart) return [];
      const field = multipart.schema?.required?.[0] ?? Object.keys(multipart.schema?.properties ?? {})[0] ?? 'file';
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => `${p.name}=${encodeURIComponent(p.schema?.enum?.[0] ?? 'x')}`);
      return [{ method: method.toUpperCase(), path, url: query.length ? `${path}?${query.join('&')}` : path, field }];
    }),
  );
}

/** The start of a file part in `field` (a real PNG head, so type sniffing passes and storage starts writing) and 64 KB more: no closing boundary. */
export function openFilePart(field: string): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), media.png(), Buffer.alloc(64 * 1024, 7)]);
}

/** The same part with its closing boundary: a whole, valid form. */
export function wholeForm(field: string): Buffer {
  return Buffer.concat([openFilePart(field), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

const STATUS_LINE = /^HTTP\/1\.1 (\d{3})/;

/**
 * Send `method url` with `headers` over a raw socket to 127.0.0.1:`port`, shaped as `shape`:
 * - half-then-fin: Content-Length of the whole `body`, half of it, then FIN;
 * - no-closing-boundary: `body` (which should lack its end) with its exact Content-Length, the answer awaited, then FIN;
 * - headers-only: Content-Length of `body`, no byte of it, then FIN;
 * - reset-mid-body: half of `body`, then RST;
 * - chunked-cut-mid-chunk: `Transfer-Encoding: chunked`, one chunk announcing all of `body` cut after half, then FIN.
 * Resolves once the connection is gone (at most `timeoutMs` after the last byte: then it is destroyed).
 */
export function sendHostile(port: number, method: string, url: string, headers: Record<string, string>, body: Buffer, shape: Shape, timeoutMs = 5000): Promise<Outcome> {
  return new Promise((resolve) => {
    let received = '';
    let ended: Outcome['ended'] = 'closed';
    const socket = connect(port, '127.0.0.1');
    const half = body.subarray(0, Math.floor(body.length / 2));
    const chunked = shape === 'chunked-cut-mid-chunk';
    const head =
      `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('') +
      (chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${body.length}\r\n`) +
      '\r\n';
    const timer = setTimeout(() => {
      ended = 'timeout';
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const status = STATUS_LINE.exec(received);
      resolve({ status: status ? Number(status[1]) : null, ended });
    });
    const answered = () =>
      new Promise<void>((r) => {
        const wait = setTimeout(r, 2000);
        const check = () => {
          if (!STATUS_LINE.test(received) && !socket.destroyed) return;
          clearTimeout(wait);
          r();
        };
        socket.on('data', check);
        socket.on('close', check);
      });
    socket.on('connect', () => {
      socket.write(head);
      switch (shape) {
        case 'half-then-fin':
          socket.end(half);
          break;
        case 'no-closing-boundary':
          socket.write(body, () => void answered().then(() => socket.end()));
          break;
        case 'headers-only':
          // The shape itself: a client that sent its headers, waits, and leaves.
          setTimeout(() => socket.end(), 100);
          break;
        case 'reset-mid-body':
          // The shape itself: the bytes reach the server, then the connection is reset.
          socket.write(half, () =>
            setTimeout(() => {
              ended = 'reset-by-client';
              socket.resetAndDestroy();
            }, 50),
          );
          break;
        case 'chunked-cut-mid-chunk':
          socket.end(Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), half]));
          break;
      }
    });
  });
}

/** The multipart headers and body of one case: the documented field or UNEXPECTED_FIELD, cut (no closing boundary) or whole. */
export function multipartCase(field: string, shape: Shape): { headers: Record<string, string>; body: Buffer } {
  // The shapes that stop half-way send half of a whole form; no-closing-boundary sends all of an unfinished one.
  const body = shape === 'no-closing-boundary' ? openFilePart(field) : wholeForm(field);
  return { headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` }, body };
}

/**
 * Send every case of the matrix to every route: each shape of SHAPES, once in the route's documented
 * field and once in UNEXPECTED_FIELD, with `tokenFor(path)`. After each, `check` runs (liveness, same
 * process: answers a problem or null). Answers the problems seen, one line each (empty: all went well):
 * an answer other than a 4xx (or a clean close without one), a whole body left unanswered, a timeout.
 */
export async function runMultipartMatrix(port: number, routes: MultipartRoute[], tokenFor: (path: string) => string, check: () => Promise<string | null>): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of routes) {
    for (const field of [route.field, UNEXPECTED_FIELD]) {
      for (const shape of SHAPES) {
        const { headers, body } = multipartCase(field, shape);
        const outcome = await sendHostile(port, route.method, route.url, { Authorization: `Bearer ${tokenFor(route.path)}`, ...headers }, body, shape);
        const name = `${route.method} ${route.path} [${field}] ${shape}`;
        const acceptable = outcome.status === null ? outcome.ended !== 'timeout' : outcome.status >= 400 && outcome.status < 500;
        // A body that arrived whole (only its form is broken) is always answered.
        if (!acceptable || (shape === 'no-closing-boundary' && outcome.status === null)) wrong.push(`${name}: ${JSON.stringify(outcome)}`);
        // Busboy's late "Unexpected end of form" fired after the answer: let that moment pass, then look.
        await letTimePass(50);
        const problem = await check();
        if (problem) wrong.push(`${name}: ${problem}`);
      }
    }
  }
  return wrong;
}

/** Every file under `dir` (recursive; `.part`/`.partial` left-overs count too), or none when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
    .sort();
}
