import request from 'supertest';
import { DataSource } from 'typeorm';
import { SUPPORT_MESSAGES as M, TICKET_SUBJECTS } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { waitFor } from '../helpers/wait-for';
import { media } from '../helpers/releases-fixtures';
import { exeBytes, filesOnDisk, outboxTo, pdfBytes, SupportClient } from '../helpers/support-client';
import { TicketAttachmentEntity } from '../../src/support/tickets/ticket.entities';
import { runCommand } from '../helpers/cli';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- jpeg-js ships no types
const jpeg = require('jpeg-js') as { encode(img: { data: Buffer; width: number; height: number }, quality: number): { data: Buffer } };
/** A real 16×16 baseline JPEG (jpeg-js encoder). */
const jpegBytes = () => jpeg.encode({ data: Buffer.alloc(16 * 16 * 4, 0x80), width: 16, height: 16 }, 80).data;

const cli = (t: TestApp, name: string, ...args: string[]) => runCommand(t.app, name, args);

/** Tickets and attachments (areas §2 Tickets list / Ticket detail, §4, §5, §7), on each engine. */
describe.each(ENGINES)('support tickets on %s', (engine) => {
  let t: TestApp;
  let a: SupportClient;
  let b: SupportClient;
  let aEmail: string;

  const attachmentRows = () => t.app.get(DataSource).getRepository(TicketAttachmentEntity).count();
  /** Run a refused upload and check it left no file (stored or partial) and no row. */
  const leavesNothing = async (run: () => Promise<unknown>) => {
    const before = { files: filesOnDisk(t), rows: await attachmentRows() };
    await run();
    // The stream's clean-up may finish just after the answer: wait for it (the expect below shows what stayed).
    await waitFor(() => JSON.stringify(filesOnDisk(t)) === JSON.stringify(before.files), { what: 'the partial files removed' }).catch(() => undefined);
    expect(filesOnDisk(t)).toEqual(before.files);
    expect(await attachmentRows()).toBe(before.rows);
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    const ua = await createVerifiedUser(t);
    aEmail = ua.email;
    a = new SupportClient(t, ua.token);
    b = new SupportClient(t, (await createVerifiedUser(t)).token);
  });
  afterAll(async () => t?.close());

  describe('createTicket rules (areas §5, in order)', () => {
    it.each([
      ['no reason', {}, M.reasonRequired],
      ['a reason outside the six subjects', { reason: 'Money', reply: 'x' }, M.reasonRequired],
      ['no concern', { reason: 'Others' }, M.concernRequired],
      ['a blank concern', { reason: 'Others', reply: '   ' }, M.concernRequired],
      ['six attachments', { reason: 'Others', reply: 'x', attachement: Array.from({ length: 6 }, (_, i) => `${String(i).repeat(32)}.png`).join(',') }, M.tooManyAttachments],
    ])('refuses %s', async (_label, body, message) => {
      const res = await a.post('createTicket', body).expect(400);
      expect(res.body).toMatchObject({ status: 400, message });
    });

    it('refuses six real uploaded files and binds none of them', async () => {
      const names = [];
      for (let i = 0; i < 6; i++) names.push(await a.file(media.png(4, 4), `shot-${i}.png`));
      const res = await a.post('createTicket', { reason: 'Others', reply: 'six files', attachement: names }).expect(400);
      expect(res.body.message).toBe(M.tooManyAttachments);
      const bound = await t.app.get(DataSource).getRepository(TicketAttachmentEntity).count({ where: names.map((filename) => ({ filename })) });
      expect(bound).toBe(6);
      const list = await a.get('getTicketListForUser').expect(200);
      expect(list.body.body.some((r: { reply: string }) => r.reply === 'six files')).toBe(false);
    });

    it('answers 400, not 500, for a body that is not an object and drops unknown fields', async () => {
      expect((await a.post('createTicket', [1, 2]).expect(400)).body.status).toBe(400);
      expect((await a.post('createTicket', 'reason=Others').expect(400)).body.status).toBe(400);
      expect((await a.post('createTicket', { reason: ['Others'], reply: { a: 1 } }).expect(400)).body.status).toBe(400);
      const res = await a.post('createTicket', { reason: 'Others', reply: 'status sent by me', status: 1, user_id: 999, ticket_id: 5, sent_by: 'support' }).expect(200);
      expect(res.body.body).toMatchObject({ status: 0, reason: 'Others', reply: 'status sent by me' });
      const detail = await a.get('getTicketById', { ticket_id: res.body.body.ticket_id }).expect(200);
      expect(detail.body.body).toMatchObject({ status: 0, sent_by: 'user', replies: [] });
    });
  });

  describe('attachments on the bytes (areas §5, §9; DESIGN "Files")', () => {
    it('accepts a real PDF, PNG, JPEG and UTF-8 text, with server-chosen names', async () => {
      for (const [bytes, name, mime, ext] of [
        [pdfBytes(), 'invoice.pdf', 'application/pdf', 'pdf'],
        [media.png(), 'screen.png', 'image/png', 'png'],
        [jpegBytes(), 'photo.jpeg', 'image/jpeg', 'jpg'],
        [Buffer.from('Bonjour, voilà mon reçu.\nLine two\r\n\tTabbed ✓\n', 'utf8'), 'notes.txt', 'text/plain; charset=utf-8', 'txt'],
      ] as const) {
        const res = await a.upload(bytes, name).expect(200);
        expect(res.body).toMatchObject({ status: 200, message: M.attachmentUploaded, body: { name, mime, size: bytes.length } });
        expect(res.body.body.filename).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));
      }
    });

    it('refuses a renamed executable as .pdf with 415 and leaves nothing behind', async () => {
      await leavesNothing(async () => {
        const res = await a.upload(exeBytes(), 'invoice.pdf').expect(415);
        expect(res.body).toMatchObject({ status: 415, message: M.attachmentType });
      });
    });

    it('refuses "text" that is not text (binary bytes named .txt, invalid UTF-8 late in the file)', async () => {
      await leavesNothing(async () => {
        const binary = Buffer.from(Array.from({ length: 6000 }, (_, i) => (i * 7) % 256));
        expect((await a.upload(binary, 'notes.txt').expect(415)).body.message).toBe(M.attachmentType);
        const lateBad = Buffer.concat([Buffer.from('a'.repeat(10_000)), Buffer.from([0xff, 0xfe, 0x00]), Buffer.from('tail')]);
        expect((await a.upload(lateBad, 'log.txt').expect(415)).body.message).toBe(M.attachmentType);
        expect((await a.upload(Buffer.alloc(0), 'empty.txt').expect(415)).body.message).toBe(M.attachmentType);
      });
    });

    it('refuses an image over 2 MB with 413 and leaves nothing behind', async () => {
      const big = media.png(900, 800);
      expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
      await leavesNothing(async () => {
        const res = await a.upload(big, 'huge.png');
        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({ status: 413, message: M.attachmentTooLarge });
      });
    });

    it('bounds the uploads a user holds unsent (429) and accepts again once they are sent', async () => {
      const c = new SupportClient(t, (await createVerifiedUser(t)).token);
      const names: string[] = [];
      for (let i = 0; i < 20; i++) names.push(await c.file(Buffer.from(`note ${i}\n`), `n${i}.txt`));
      expect((await c.upload(Buffer.from('one more\n'), 'x.txt').expect(429)).body.message).toBe(M.tooManyUnsent);
      await c.ticket({ attachement: names.slice(0, 5) });
      await c.upload(Buffer.from('now fine\n'), 'y.txt').expect(200);
    });

    it('refuses a request without the file', async () => {
      const res = await request(t.http).post('/api/uploadTicketAttachment').set('Authorization', `Bearer ${a.token}`).field('x', 'y').expect(400);
      expect(res.body.message).toBe(M.attachmentMissing);
      expect((await a.post('uploadTicketAttachment', { a: 1 }).expect(400)).body.message).toBe(M.attachmentMissing);
    });
  });

  describe('a ticket with attachments, its thread and ownership', () => {
    let ticketId: number;
    let pdf: string;
    let png: string;

    beforeAll(async () => {
      pdf = await a.file(pdfBytes(), 'statement.pdf');
      png = await a.file(media.png(), 'screenshot.png');
      ticketId = await a.ticket({ reason: TICKET_SUBJECTS[3], reply: 'My release is not live.', attachement: `${pdf},${png}` });
    });

    it('lists it with the total and the status filter', async () => {
      const all = await a.get('getTicketListForUser').expect(200);
      expect(all.body.total).toBeGreaterThanOrEqual(1);
      expect(all.body.body[0]).toMatchObject({ ticket_id: ticketId, reason: 'Delivery Status', status: 0 });
      expect(typeof all.body.body[0].created_at).toBe('number');
      const pending = await a.get('getTicketListForUser', { status: '0' }).expect(200);
      expect(pending.body.body.every((r: { status: number }) => r.status === 0)).toBe(true);
      const done = await a.get('getTicketListForUser', { status: 'done' }).expect(200);
      expect(done.body).toMatchObject({ body: [], total: 0 });
      expect((await a.get('getTicketListForUser', { status: 'closed' }).expect(400)).body.message).toBe(M.ticketStatusInvalid);
      const paged = await a.get('getTicketListForUser', { limit: 1, page: 1 }).expect(200);
      expect(paged.body.body).toHaveLength(1);
      expect((await b.get('getTicketListForUser').expect(200)).body).toMatchObject({ body: [], total: 0 });
    });

    it('answers the detail with the attachments, which open for the owner only', async () => {
      const res = await a.get('getTicketById', { ticket_id: ticketId }).expect(200);
      expect(res.body.body).toMatchObject({ ticket_id: ticketId, reason: 'Delivery Status', reply: 'My release is not live.', status: 0, attachement: `${pdf},${png}` });
      expect(res.body.body.attachments.map((x: { name: string }) => x.name)).toEqual(['statement.pdf', 'screenshot.png']);
      const file = await request(t.http).get(`/api/files/ticket/${pdf}`).set('Authorization', `Bearer ${a.token}`).expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // The server's name, never the uploader's (README "Security"): the uploader's name stays in the detail's `name`.
      expect(file.headers['content-disposition']).toBe(`inline; filename="${pdf}"`);
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.from(file.body).subarray(0, 5).toString()).toBe('%PDF-');
      // The attachment's signed url opens it without a token; the login token in a URL opens nothing (docs/decisions/026).
      await request(t.http).get(`/api/files/ticket/${png}?token=${encodeURIComponent(a.token)}`).expect(401);
      const url = res.body.body.attachments[1].url as string;
      expect(url).not.toContain(a.token);
      await request(t.http).get(url).expect(200).expect('Content-Type', 'image/png');
      await request(t.http).get(url.replace(png, pdf)).expect(404);
    });

    it('answers 404 to another user for the ticket, its attachment and a reply; 401 without a token', async () => {
      expect((await b.get('getTicketById', { ticket_id: ticketId }).expect(404)).body.message).toBe(M.ticketNotFound);
      expect((await b.get('getTicketById', { ticket_id: 'abc' }).expect(404)).body.message).toBe(M.ticketNotFound);
      expect((await request(t.http).get(`/api/files/ticket/${pdf}`).set('Authorization', `Bearer ${b.token}`).expect(404)).body.message).toBe(M.attachmentNotFound);
      expect((await b.post('replyTicket', { ticket_id: ticketId, reply: 'hi' }).expect(404)).body.message).toBe(M.ticketNotFound);
      expect((await request(t.http).get(`/api/files/ticket/${pdf}`).expect(401)).body.status).toBe(0);
    });

    it('will not let another user (or a second ticket) take someone else’s upload', async () => {
      const mine = await a.file(pdfBytes(), 'mine.pdf');
      expect((await b.post('createTicket', { reason: 'Others', reply: 'steal', attachement: mine }).expect(400)).body.message).toBe(M.attachmentUnknown);
      expect((await a.post('createTicket', { reason: 'Others', reply: 'reuse', attachement: pdf }).expect(400)).body.message).toBe(M.attachmentUnknown);
    });

    it('keeps the artist’s reply as "user" even when the body says support', async () => {
      expect((await a.post('replyTicket', { ticket_id: ticketId, reply: '  ' }).expect(400)).body.message).toBe(M.replyRequired);
      const res = await a.post('replyTicket', { ticket_id: ticketId, reply: 'Any news?', sent_by: 'support', status: 1 }).expect(200);
      expect(res.body.body.status).toBe(0);
      expect(res.body.body.replies).toEqual([expect.objectContaining({ reply: 'Any news?', sent_by: 'user' })]);
    });

    it('support replies and closes from the operator command: bell, e-mail, then replies are refused', async () => {
      const mailsBefore = outboxTo(t, aEmail).length;
      await cli(t, 'ticket-reply', String(ticketId), 'Your release went live today.');
      const detail = await a.get('getTicketById', { ticket_id: ticketId }).expect(200);
      expect(detail.body.body.replies.map((r: { sent_by: string }) => r.sent_by)).toEqual(['user', 'support']);
      expect(detail.body.body.replies[1].reply).toBe('Your release went live today.');
      const mails = outboxTo(t, aEmail);
      expect(mails.length).toBe(mailsBefore + 1);
      expect(mails.at(-1)!.text).toContain('Your release went live today.');
      expect(mails.at(-1)!.text).toContain(`/tickets/${ticketId}`);
      const bell = await a.get('getNotificationsForUser', { offset: 0 }).expect(200);
      expect(JSON.stringify(bell.body)).toContain(`ticket #${ticketId}`);

      await cli(t, 'ticket-close', String(ticketId));
      expect((await a.get('getTicketById', { ticket_id: ticketId }).expect(200)).body.body.status).toBe(1);
      const refused = await a.post('replyTicket', { ticket_id: ticketId, reply: 'One more thing' }).expect(409);
      expect(refused.body).toMatchObject({ status: 409, message: M.ticketClosed });
      await expect(cli(t, 'ticket-reply', String(ticketId), 'late')).rejects.toThrow(M.ticketClosed);
      expect((await a.get('getTicketListForUser', { status: '1' }).expect(200)).body.total).toBe(1);
    });
  });
});
