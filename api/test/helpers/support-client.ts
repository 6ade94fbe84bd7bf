import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { TestApp } from './test-app';

/** A minimal real PDF 1.4 document (one empty page), as a browser would upload it. */
export function pdfBytes(): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += o;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer << /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The first bytes of a Windows executable (MZ header, PE signature) padded to 8 KB. */
export function exeBytes(): Buffer {
  const b = Buffer.alloc(8192);
  b.write('MZ', 0, 'ascii');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.writeUInt16LE(0x14c, 0x84);
  return b;
}

/** A logged-in user's calls to the support API (supertest against the real app). */
export class SupportClient {
  constructor(
    private readonly t: TestApp,
    readonly token: string,
    readonly email = '',
  ) {}

  post(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return request(this.t.http).post(`/api/${path}`).set('Authorization', `Bearer ${this.token}`).set(headers).send(body as object);
  }
  get(path: string, query: Record<string, unknown> = {}) {
    return request(this.t.http).get(`/api/${path}`).set('Authorization', `Bearer ${this.token}`).query(query);
  }
  upload(bytes: Buffer, name: string) {
    return request(this.t.http).post('/api/uploadTicketAttachment').set('Authorization', `Bearer ${this.token}`).attach('attachement', bytes, name);
  }
  /** Upload an attachment; answers its server filename. */
  async file(bytes: Buffer, name: string): Promise<string> {
    const res = await this.upload(bytes, name);
    if (res.body.status !== 200) throw new Error(`upload: ${JSON.stringify(res.body)}`);
    return res.body.body.filename as string;
  }
  /** Open a ticket; answers its id. */
  async ticket(overrides: Record<string, unknown> = {}): Promise<number> {
    const res = await this.post('createTicket', { reason: 'Delivery Status', reply: 'Where is my release?', ...overrides });
    if (res.body.status !== 200) throw new Error(`createTicket: ${JSON.stringify(res.body)}`);
    return res.body.body.ticket_id as number;
  }
}

/** Mails in the dev outbox to an address, oldest first. */
export function outboxTo(t: TestApp, email: string): Array<{ to: string; subject: string; text: string; meta?: Record<string, string> }> {
  if (!existsSync(t.config.outboxDir)) return [];
  return readdirSync(t.config.outboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort((a, b) => {
      const [am, as] = a.split('-').map(Number);
      const [bm, bs] = b.split('-').map(Number);
      return am - bm || as - bs;
    })
    .map((f) => JSON.parse(readFileSync(join(t.config.outboxDir, f), 'utf8')))
    .filter((m: { to: string }) => m.to === email.toLowerCase());
}

/** Every stored or partial file under the uploads directory. */
export function filesOnDisk(t: TestApp): string[] {
  return ['files', '.tmp'].flatMap((d) => (existsSync(join(t.config.uploadsDir, d)) ? readdirSync(join(t.config.uploadsDir, d)).map((f) => `${d}/${f}`) : [])).sort();
}
