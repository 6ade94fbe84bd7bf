import request from 'supertest';
import { AUTH_MESSAGES, SUPPORT_MESSAGES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser, newSignup } from '../helpers/accounts';
import { pdfBytes, SupportClient } from '../helpers/support-client';

/**
 * Text fields at the edge (decision 022): a required text that is only NULs, control characters or
 * spaces, holds a lone UTF-16 surrogate, or is not a string at all answers the field's own message
 * (never a 500, never stored); an optional text's lone surrogates are stored as U+FFFD; a non-ASCII
 * attachment name is kept and sent back with RFC 5987 `filename*`.
 */
describe.each(ENGINES)('text fields and file names on %s', (engine) => {
  let t: TestApp;
  let a: SupportClient;
  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new SupportClient(t, (await createVerifiedUser(t)).token);
  });
  afterAll(async () => t?.close());

  it.each([
    ['NUL only', '\u0000\u0000'],
    ['control characters and spaces', ' \u0001\t\u007f '],
    ['a lone high surrogate', 'Asha \uD800'],
    ['a lone low surrogate', '\uDC00'],
    ['a number', 12345],
    ['a boolean', true],
  ])('refuses a sign-up name that is %s with the name message', async (_label, name) => {
    const res = await request(t.http).post('/api/signup').send({ ...newSignup(), name }).expect(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.nameRequired);
  });

  it('refuses a ticket concern of NULs or a lone surrogate with the concern message, creating nothing', async () => {
    for (const reply of ['\u0000', 'help \uDBFF']) {
      const res = await a.post('createTicket', { reason: 'Delivery Status', reply }).expect(400);
      expect(res.body.message).toBe(SUPPORT_MESSAGES.concernRequired);
    }
    expect((await a.get('getTicketListForUser').expect(200)).body.total).toBe(0);
  });

  it('keeps a well-formed text with an emoji (a surrogate pair) as sent', async () => {
    const id = await a.ticket({ reply: 'Where is my release 🎵?' });
    expect((await a.get('getTicketById', { ticket_id: id }).expect(200)).body.body.reply).toBe('Where is my release 🎵?');
  });

  it('keeps a non-ASCII attachment name in the ticket, and answers the file under the server\'s name', async () => {
    const name = 'गीत-résumé.pdf';
    const filename = await a.file(pdfBytes(), name);
    const id = await a.ticket({ attachement: filename });
    const detail = await a.get('getTicketById', { ticket_id: id }).expect(200);
    expect(detail.body.body.attachments.map((x: { name: string }) => x.name)).toEqual([name]);
    const file = await request(t.http).get(`/api/files/ticket/${filename}`).set('Authorization', `Bearer ${a.token}`).expect(200);
    expect(file.headers['content-disposition']).toBe(`inline; filename="${filename}"`);
  });
});
