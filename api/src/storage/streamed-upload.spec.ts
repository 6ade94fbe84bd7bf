import { Logger } from '@nestjs/common';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { PortalRequest } from '../common/request-context';
import { LocalDiskStorage } from './local-disk.storage';
import { receiveFilePart, receiveSingleFile } from './streamed-upload';

const BOUNDARY = 'unit-boundary';
const logger = new Logger('streamed-upload.spec');
const head = (field: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;

type Outcome = { ok: unknown } | { error: string };

/** A real HTTP server for one request handled by `handle`; `outcome` is what `handle` settled with. */
async function serve(handle: (req: PortalRequest) => Promise<unknown>): Promise<{ port: number; outcome: Promise<Outcome>; close(): Promise<void> }> {
  let settled: (o: Outcome) => void = () => undefined;
  const outcome = new Promise<Outcome>((r) => (settled = r));
  const server = http.createServer((req, res) => {
    void handle(req as PortalRequest)
      .then(
        (v): Outcome => ({ ok: v }),
        (e: unknown): Outcome => ({ error: e instanceof DomainError ? `${e.httpStatus} ${e.message}` : String(e) }),
      )
      .then((o) => {
        settled(o);
        res.writeHead('ok' in o ? 200 : 400).end(JSON.stringify(o));
      });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, outcome, close: () => new Promise((r) => server.close(() => r())) };
}

/** Raw bytes to the server: `head` with Content-Length `length`, then `body`, then FIN; resolves on close. */
function send(port: number, length: number, body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`POST /up HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`);
      socket.end(body);
    });
    socket.on('data', (d: Buffer) => (got += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(got));
  });
}

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'stalled'>((r) => setTimeout(() => r('stalled'), ms))]);

/** The one multipart receiver (docs/decisions/026 "One multipart receiver"): its error paths, on a real server and a real disk. */
describe('receiveFilePart', () => {
  let dir: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'receiver-'));
    storage = new LocalDiskStorage(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const options = { field: 'image', maxBytes: 1024 * 1024, makeGuard: () => new PassThrough(), tooLarge: () => DomainError.tooLarge('too large'), logger };

  it('refuses a request whose client left before the route started reading, instead of waiting forever', async () => {
    const s = await serve(async (req) => {
      // The route's guards are asynchronous: the client's FIN (and the request's close) come first.
      await new Promise((r) => req.once('close', r));
      return receiveSingleFile(req, storage, options);
    });
    const body = Buffer.concat([Buffer.from(head('image')), Buffer.alloc(4096, 1)]);
    await send(s.port, body.length * 2, body);
    expect(await within(s.outcome, 2000)).toEqual({ error: `400 ${M.uploadIncomplete}` });
    expect(readdirSync(join(dir, '.tmp'))).toEqual([]);
    await s.close();
  });

  it('answers a form without its closing boundary in a field the route does not expect, and nothing fires unheard', async () => {
    const s = await serve((req) => receiveSingleFile(req, storage, options));
    const body = Buffer.concat([Buffer.from(head('unexpected')), Buffer.alloc(64 * 1024, 1)]);
    const answer = await send(s.port, body.length, body);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(await s.outcome).toEqual({ error: `400 ${M.uploadIncomplete}` });
    // Busboy's late "Unexpected end of form" reaches the part and the parser after the answer: both are heard.
    await new Promise((r) => setTimeout(r, 100));
    await s.close();
  });

  it('keeps reading the form when a sink destroys its stream (a pipeline refusing the bytes), so the answer is the sink’s', async () => {
    const refusal = DomainError.badRequest('not text');
    const s = await serve((req) =>
      receiveFilePart(req, {
        field: 'file',
        maxBytes: 1024 * 1024,
        tooLarge: () => DomainError.tooLarge('too large'),
        logger,
        sink: async ({ stream }) => {
          const refuse = new Transform({ transform: (_c, _e, cb) => cb(refusal) });
          await pipeline(stream, refuse, new PassThrough().resume());
        },
      }),
    );
    // A whole form, larger than the socket buffers, so busboy waits on the destroyed part if it is not drained.
    const body = Buffer.concat([Buffer.from(head('file')), Buffer.alloc(512 * 1024, 0), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const answer = within(send(s.port, body.length, body), 3000);
    expect(await within(s.outcome, 3000)).toEqual({ error: '400 not text' });
    expect(await answer).toMatch(/^HTTP\/1\.1 400/);
    await s.close();
  });
});
