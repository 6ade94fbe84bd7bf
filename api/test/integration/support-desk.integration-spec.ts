import request from 'supertest';
import { DataSource } from 'typeorm';
import { fillMessage, SUPPORT_DESK_MESSAGES as M, SUPPORT_MESSAGES, type SupportDeskRow, type SupportDeskThread } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media } from '../helpers/releases-fixtures';
import { createStaff } from '../helpers/staff';
import { exeBytes, outboxTo, pdfBytes, SupportClient } from '../helpers/support-client';
import { TicketEntity } from '../../src/support/tickets/ticket.entities';

/** The support desk of the console (docs/decisions/023-staff-desks.md "Support desk") on each engine. */
describe.each(ENGINES)('support desk on %s', (engine) => {
  let t: TestApp;
  let a: SupportClient;
  let b: SupportClient;
  let support: Awaited<ReturnType<typeof createStaff>>;
  let support2: Awaited<ReturnType<typeof createStaff>>;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let admin: Awaited<ReturnType<typeof createStaff>>;

  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
    upload: (bytes: Buffer, name: string) => request(t.http).post('/api/ops/support/attachment').set('Authorization', `Bearer ${token}`).attach('attachement', bytes, name),
  });
  const list = async (q: Record<string, unknown> = {}, token = support.token) => {
    const res = await as(token).get('ops/support/tickets', { limit: 100, ...q }).expect(200);
    return { rows: res.body.body as SupportDeskRow[], total: res.body.total as number };
  };
  const thread = async (id: number) => (await as(support.token).get('ops/support/thread', { ticket_id: id }).expect(200)).body.body as SupportDeskThread;
  const audit = async (id: number) => (await as(admin.token).get('ops/audit', { object_type: 'ticket', object_id: String(id) }).expect(200)).body.body as Array<{ action: string; actor_email: string; before: string | null; after: string | null }>;
  /** A staff member's user id (the admin's staff list). */
  const idOf = async (email: string) => ((await as(admin.token).get('ops/staff').expect(200)).body.body as Array<{ user_id: number; email: string }>).find((r) => r.email === email.toLowerCase())!.user_id;
  const ids = (rows: SupportDeskRow[]) => rows.map((r) => r.ticket_id);
  /** Move a ticket's opening (and last word) back by `days` (what time would do). */
  const age = (id: number, days: number) => {
    const at = new Date(Date.now() - days * 86_400_000);
    return t.app.get(DataSource).getRepository(TicketEntity).update({ id }, { created_at: at, last_message_at: at });
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    const ua = await createVerifiedUser(t);
    const ub = await createVerifiedUser(t);
    a = new SupportClient(t, ua.token, ua.email);
    b = new SupportClient(t, ub.token, ub.email);
    support = await createStaff(t, 'support');
    support2 = await createStaff(t, 'support');
    finance = await createStaff(t, 'finance');
    admin = await createStaff(t, 'admin');
  }, 120_000);
  afterAll(async () => t?.close());

  it('the queue: age, last word, tickets where the artist spoke last first; filters by status, reason and age; pages', async () => {
    const first = await a.ticket({ reason: 'Delivery Status', reply: 'Where is my release?' });
    const second = await b.ticket({ reason: 'Takedown Request', reply: 'Please take down my single.' });
    const third = await a.ticket({ reason: 'Others', reply: 'A question.' });
    await age(first, 10);
    await age(second, 5);
    await age(third, 2);
    // Support answers the oldest: it sinks below the others, where the artist spoke last.
    await as(support.token).post('ops/support/reply', { ticket_id: first, text: 'It goes live on Friday.' }).expect(200);
    let q = await list();
    expect(ids(q.rows).filter((id) => [first, second, third].includes(id))).toEqual([second, third, first]);
    const row = q.rows.find((r) => r.ticket_id === second)!;
    expect(row).toMatchObject({ user_email: b.email.toLowerCase(), reason: 'Takedown Request', status: 'open', last_by: 'user', awaiting_support: true, messages: 0, assigned_to: null, assigned_email: '' });
    expect(Date.now() - Date.parse(row.created_at)).toBeGreaterThan(5 * 86_400_000 - 60_000);
    expect(q.rows.find((r) => r.ticket_id === first)).toMatchObject({ last_by: 'support', awaiting_support: false, messages: 1 });
    // The artist writes again: the ticket comes back to the top (it waited longest).
    await a.post('replyTicket', { ticket_id: first, reply: 'Thanks, but which time?' }).expect(200);
    q = await list();
    expect(ids(q.rows).filter((id) => [first, second, third].includes(id))).toEqual([first, second, third]);
    expect(q.rows.find((r) => r.ticket_id === first)).toMatchObject({ last_by: 'user', awaiting_support: true, messages: 2 });
    // Filters.
    expect(ids((await list({ reason: 'Takedown Request' })).rows)).toEqual([second]);
    const older = ids((await list({ age: '7d' })).rows);
    expect(older).toContain(first);
    expect(older).not.toContain(second);
    expect(ids((await list({ age: '3d' })).rows)).toEqual(expect.arrayContaining([first, second]));
    expect(ids((await list({ age: '3d' })).rows)).not.toContain(third);
    // Pages: one a page, same order, the total stays.
    const all = await list();
    const p2 = await as(support.token).get('ops/support/tickets', { limit: 1, page: 2 }).expect(200);
    expect([p2.body.total, p2.body.body.length, p2.body.body[0].ticket_id]).toEqual([all.total, 1, all.rows[1].ticket_id]);
    // Closed tickets stay findable.
    const closed = await as(support.token).post('ops/support/close', { ticket_id: third }).expect(200);
    expect(closed.body).toMatchObject({ message: fillMessage(M.closed, { id: third }), body: { ticket_id: third, status: 'closed' } });
    expect(ids((await list()).rows)).not.toContain(third);
    expect(ids((await list({ status: 'closed' })).rows)).toContain(third);
    expect(ids((await list({ status: 'all' })).rows)).toEqual(expect.arrayContaining([first, second, third]));
    // Wrong filters: 400 with the contract's message.
    for (const [query, message] of [[{ status: 'pending' }, M.statusInvalid], [{ age: '2d' }, M.ageInvalid], [{ reason: 'Money' }, M.reasonInvalid], [{ assigned: 'theirs' }, M.assignedInvalid]] as const) {
      const res = await as(support.token).get('ops/support/tickets', query);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
  });

  it('the thread: concern, every message and the attachments through signed links', async () => {
    const pdf = await a.file(pdfBytes(), 'statement.pdf');
    const id = await a.ticket({ reason: 'Change in Release', reply: 'Please fix the title.', attachement: pdf });
    const png = await a.file(media.png(), 'screen.png');
    await a.post('replyTicket', { ticket_id: id, reply: 'Here is a screenshot.', attachement: png }).expect(200);
    const th = await thread(id);
    expect(th).toMatchObject({ ticket_id: id, concern: 'Please fix the title.', user_email: a.email.toLowerCase(), last_by: 'user', messages: 1 });
    expect(th.attachments.map((f) => f.name)).toEqual(['statement.pdf']);
    expect(th.thread).toEqual([expect.objectContaining({ sent_by: 'user', text: 'Here is a screenshot.', attachments: [expect.objectContaining({ name: 'screen.png', filename: png })] })]);
    // The signed links open the bytes without a token; a tampered one does not.
    const pdfRes = await request(t.http).get(th.attachments[0].url).buffer(true).expect(200);
    expect(pdfRes.headers['content-type']).toContain('application/pdf');
    await request(t.http).get(th.thread[0].attachments[0].url).expect(200).expect('Content-Type', 'image/png');
    expect([400, 404]).toContain((await request(t.http).get(th.attachments[0].url.replace(/sig=[^&]+/, 'sig=00'))).status);
    // Unknown ticket: 404; a malformed id too (never 500).
    for (const ticket_id of [999_999, 'abc']) {
      const res = await as(support.token).get('ops/support/thread', { ticket_id });
      expect([res.status, res.body.message]).toEqual([404, M.notFound]);
    }
  });

  it('reply with a file: the artist sees it in their ticket and downloads it; bell and e-mail are told; audited', async () => {
    const id = await a.ticket({ reason: 'Delivery Status', reply: 'My release is missing on one store.' });
    const up = await as(support.token).upload(pdfBytes(), 'delivery-report.pdf').expect(200);
    expect(up.body.body).toMatchObject({ name: 'delivery-report.pdf', mime: 'application/pdf' });
    const mails = outboxTo(t, a.email).length;
    const res = await as(support.token).post('ops/support/reply', { ticket_id: id, text: '  The store report is attached.  ', attachement: [up.body.body.filename] }).expect(200);
    expect(res.body.message).toBe(fillMessage(M.replied, { id }));
    expect(res.body.body).toMatchObject({ last_by: 'support', awaiting_support: false, messages: 1 });
    expect(res.body.body.thread[0]).toMatchObject({ sent_by: 'support', text: 'The store report is attached.', attachments: [expect.objectContaining({ name: 'delivery-report.pdf' })] });
    // The artist's own ticket shows the reply and its file, opened with their token and through the link.
    const mine = (await a.get('getTicketById', { ticket_id: id }).expect(200)).body.body;
    const reply = mine.replies.find((r: { sent_by: string }) => r.sent_by === 'support');
    expect(reply).toMatchObject({ reply: 'The store report is attached.', attachement: up.body.body.filename });
    expect(reply.attachments[0].name).toBe('delivery-report.pdf');
    await request(t.http).get(`/api/files/ticket/${up.body.body.filename}`).set('Authorization', `Bearer ${a.token}`).expect(200).expect('Content-Type', 'application/pdf');
    await request(t.http).get(reply.attachments[0].url).expect(200);
    // Another artist cannot open it with their token.
    await request(t.http).get(`/api/files/ticket/${up.body.body.filename}`).set('Authorization', `Bearer ${b.token}`).expect(404);
    // Bell and e-mail as for every support reply.
    const bell = (await a.get('getNotificationsForUser').expect(200)).body.body as Array<{ notification: string }>;
    expect(bell.some((n) => n.notification.includes(`#${id}`))).toBe(true);
    expect(outboxTo(t, a.email).length).toBe(mails + 1);
    // The same upload cannot be sent twice.
    const again = await as(support.token).post('ops/support/reply', { ticket_id: id, text: 'Again', attachement: [up.body.body.filename] });
    expect([again.status, again.body.message]).toEqual([400, M.attachmentUnknown]);
    const rows = await audit(id);
    expect(rows.map((r) => r.action)).toEqual(['ticket.reply']);
    expect(rows[0]).toMatchObject({ actor_email: support.email.toLowerCase() });
    expect(JSON.parse(rows[0].after!)).toMatchObject({ last_by: 'support', reply: 'The store report is attached.', attachments: [up.body.body.filename] });
    const uploads = (await as(admin.token).get('ops/audit', { action: 'ticket.attachment_upload', object_id: up.body.body.filename.split('.')[0] }).expect(200)).body.body;
    expect(uploads).toHaveLength(1);
  });

  it('reply attachments follow the artist’s rules: type and size refused with the contract’s messages', async () => {
    const exe = await as(support.token).upload(exeBytes(), 'tool.pdf');
    expect([exe.status, exe.body.message]).toEqual([415, SUPPORT_MESSAGES.attachmentType]);
    const big = await as(support.token).upload(Buffer.alloc(2 * 1024 * 1024 + 10, 0x41), 'big.txt');
    expect([big.status, big.body.message]).toEqual([413, SUPPORT_MESSAGES.attachmentTooLarge]);
    // An artist's upload is not the support member's to send.
    const id = await a.ticket();
    const theirs = await a.file(media.png(), 'mine.png');
    const res = await as(support.token).post('ops/support/reply', { ticket_id: id, text: 'Look', attachement: [theirs] });
    expect([res.status, res.body.message]).toEqual([400, M.attachmentUnknown]);
  });

  it('assign and unassign to support members; "mine" and "unassigned" filters; audited', async () => {
    const members = (await as(support.token).get('ops/support/members').expect(200)).body.body as Array<{ user_id: number; email: string }>;
    expect(members.map((m) => m.email)).toEqual(expect.arrayContaining([support.email.toLowerCase(), support2.email.toLowerCase()]));
    expect(members.map((m) => m.email)).not.toContain(finance.email.toLowerCase());
    const id = await a.ticket({ reply: 'Assign me' });
    const support2Id = await idOf(support2.email);
    const res = await as(support.token).post('ops/support/assign', { ticket_id: id, user_id: support2Id }).expect(200);
    expect(res.body).toMatchObject({ message: fillMessage(M.assigned, { id, email: support2.email.toLowerCase() }), body: { assigned_to: support2Id, assigned_email: support2.email.toLowerCase() } });
    expect(ids((await list({ assigned: 'mine' }, support2.token)).rows)).toContain(id);
    expect(ids((await list({ assigned: 'mine' })).rows)).not.toContain(id);
    expect(ids((await list({ assigned: 'unassigned' })).rows)).not.toContain(id);
    const un = await as(support2.token).post('ops/support/assign', { ticket_id: id, user_id: null }).expect(200);
    expect(un.body).toMatchObject({ message: fillMessage(M.unassigned, { id }), body: { assigned_to: null, assigned_email: '' } });
    expect(ids((await list({ assigned: 'unassigned' })).rows)).toContain(id);
    const rows = await audit(id);
    expect(rows.map((r) => [r.action, r.actor_email]).reverse()).toEqual([
      ['ticket.assign', support.email.toLowerCase()],
      ['ticket.unassign', support2.email.toLowerCase()],
    ]);
    // Only support members can be assigned.
    const notSupport = await as(support.token).post('ops/support/assign', { ticket_id: id, user_id: await idOf(finance.email) });
    expect([notSupport.status, notSupport.body.message]).toEqual([400, M.assigneeNotSupport]);
  });

  it('close: once audited, replies then refused with 409; the artist’s bell is told', async () => {
    const id = await a.ticket({ reply: 'Close me' });
    await as(support.token).post('ops/support/close', { ticket_id: id }).expect(200);
    await as(support.token).post('ops/support/close', { ticket_id: id }).expect(200);
    expect((await audit(id)).map((r) => r.action)).toEqual(['ticket.close']);
    const reply = await as(support.token).post('ops/support/reply', { ticket_id: id, text: 'Too late' });
    expect([reply.status, reply.body.message]).toEqual([409, M.ticketClosed]);
    const bell = (await a.get('getNotificationsForUser').expect(200)).body.body as Array<{ notification: string }>;
    expect(bell.some((n) => n.notification === fillMessage(SUPPORT_MESSAGES.ticketClosedNotification, { id, reason: 'Delivery Status' }))).toBe(true);
  });

  it('400 for a wrong body, 404 for an unknown ticket, 403 without the support role', async () => {
    const id = await a.ticket({ reply: 'Checks' });
    for (const [path, body, message] of [
      ['ops/support/reply', { ticket_id: id }, M.replyRequired],
      ['ops/support/reply', { ticket_id: id, text: '   ' }, M.replyRequired],
      ['ops/support/reply', { ticket_id: id, text: 'x'.repeat(5001) }, M.replyTooLong],
      ['ops/support/reply', { ticket_id: id, text: 'x', attachement: ['../../etc/passwd'] }, M.attachmentUnknown],
      ['ops/support/reply', { ticket_id: id, text: 'x', attachement: Array.from({ length: 6 }, (_, i) => `${String(i).repeat(32)}.png`) }, M.tooManyAttachments],
      ['ops/support/assign', { ticket_id: id }, M.assigneeInvalid],
      ['ops/support/assign', { ticket_id: id, user_id: 'someone' }, M.assigneeInvalid],
    ] as const) {
      const res = await as(support.token).post(path, body);
      expect([path, res.status, res.body.message]).toEqual([path, 400, message]);
    }
    for (const [path, body] of [
      ['ops/support/reply', { ticket_id: 999_999, text: 'x' }],
      ['ops/support/close', { ticket_id: 999_999 }],
      ['ops/support/assign', { ticket_id: 999_999, user_id: null }],
    ] as const) {
      const res = await as(support.token).post(path, body);
      expect([path, res.status, res.body.message]).toEqual([path, 404, M.notFound]);
    }
    for (const token of [finance.token, a.token]) {
      expect((await as(token).get('ops/support/tickets')).status).toBe(403);
      expect((await as(token).get('ops/support/thread', { ticket_id: id })).status).toBe(403);
      expect((await as(token).get('ops/support/members')).status).toBe(403);
      expect((await as(token).upload(pdfBytes(), 'x.pdf')).status).toBe(403);
      expect((await as(token).post('ops/support/reply', { ticket_id: id, text: 'x' })).status).toBe(403);
      expect((await as(token).post('ops/support/close', { ticket_id: id })).status).toBe(403);
      expect((await as(token).post('ops/support/assign', { ticket_id: id, user_id: null })).status).toBe(403);
    }
    // Nothing changed, nothing audited; admins may use the desk.
    expect((await thread(id))).toMatchObject({ status: 'open', messages: 0, assigned_to: null });
    expect(await audit(id)).toEqual([]);
    await as(admin.token).get('ops/support/tickets').expect(200);
  });
});
