import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/kit';
import { SUPPORT_DESK_UI as U, SUPPORT_MESSAGES, fillMessage, type SupportDeskRow, type SupportDeskThread } from '@portal/contracts';
import { SupportDeskPage, ageOf, checkFiles } from './SupportDeskPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const HOUR = 3_600_000;
const row = (id: number, extra: Partial<SupportDeskRow> = {}): SupportDeskRow => ({
  ticket_id: id,
  user_id: 100 + id,
  user_email: `artist${id}@example.com`,
  reason: 'Delivery Status',
  status: 'open',
  created_at: new Date(Date.now() - 50 * HOUR).toISOString(),
  closed_at: null,
  last_by: 'user',
  last_message_at: new Date(Date.now() - 50 * HOUR).toISOString(),
  awaiting_support: true,
  messages: 0,
  assigned_to: null,
  assigned_email: '',
  ...extra,
});
const file = (name: string) => ({ filename: `${'a'.repeat(32)}.pdf`, name, size: 2048, mime: 'application/pdf', url: `/api/files/ticket/${'a'.repeat(32)}.pdf?expires=1&sig=abc` });
const thread = (id: number, extra: Partial<SupportDeskThread> = {}): SupportDeskThread => ({
  ...row(id),
  concern: 'My release is not live on one store.',
  attachments: [file('statement.pdf')],
  thread: [{ id: 1, sent_by: 'support', text: 'We are checking.', created_at: '2026-03-02T10:00:00.000Z', attachments: [] }],
  ...extra,
});
const MEMBERS = [
  { user_id: 7, email: 'asha@support.example.com', name: 'Asha' },
  { user_id: 8, email: 'ravi@support.example.com', name: 'Ravi' },
];

jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

describe('SupportDeskPage (support desk)', () => {
  it('the queue: age, the artist’s word marked waiting, assignee; filters go to the server; closed tickets findable', async () => {
    const spy = mockApi({
      'ops/support/tickets': ({ query }: { query?: Record<string, unknown> }) =>
        query?.status === 'closed' ? [row(9, { status: 'closed', last_by: 'support', awaiting_support: false, closed_at: '2026-03-03T10:00:00.000Z' })] : [row(1), row(2, { last_by: 'support', awaiting_support: false, assigned_to: 7, assigned_email: 'asha@support.example.com' })],
    });
    renderAt('/ops/desk', <SupportDeskPage />);
    const table = await screen.findByRole('table', { name: U.heading });
    await within(table).findByText('artist1@example.com');
    expect(within(table).getAllByText('2 d')).toHaveLength(2);
    expect(within(table).getByText(U.lastBy.user)).toBeTruthy();
    expect(within(table).getByText(U.lastBy.support)).toBeTruthy();
    expect(within(table).getByText('asha@support.example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(U.reasonFilter), { target: { value: 'Takedown Request' } });
    fireEvent.change(screen.getByLabelText(U.ageFilter), { target: { value: '7d' } });
    fireEvent.change(screen.getByLabelText(U.assignedFilter), { target: { value: 'mine' } });
    fireEvent.change(screen.getByLabelText(U.statusFilter), { target: { value: 'closed' } });
    await within(await screen.findByRole('table', { name: U.heading })).findByText('artist9@example.com');
    expect(callsTo(spy, 'ops/support/tickets').map((c) => c.query)).toEqual([
      { status: 'open', reason: '', age: 'any', assigned: 'all', page: 1, limit: 20 },
      { status: 'open', reason: 'Takedown Request', age: 'any', assigned: 'all', page: 1, limit: 20 },
      { status: 'open', reason: 'Takedown Request', age: '7d', assigned: 'all', page: 1, limit: 20 },
      { status: 'open', reason: 'Takedown Request', age: '7d', assigned: 'mine', page: 1, limit: 20 },
      { status: 'closed', reason: 'Takedown Request', age: '7d', assigned: 'mine', page: 1, limit: 20 },
    ]);
  });

  it('empty and error states, with a retry', async () => {
    let fail = true;
    mockApi({ 'ops/support/tickets': () => (fail ? new ApiError('Service unavailable', 503, { status: 503, message: 'Service unavailable' }) : []) });
    renderAt('/ops/desk', <SupportDeskPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(U.loadError);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: U.retry }));
    await screen.findByText(U.empty);
  });

  it('the thread: concern, messages, attachments through their signed links; reply, assign, close', async () => {
    let closed = false;
    const spy = mockApi({
      'ops/support/tickets': [row(1)],
      'ops/support/thread': () => (closed ? thread(1, { status: 'closed', closed_at: '2026-03-03T10:00:00.000Z' }) : thread(1)),
      'ops/support/members': MEMBERS,
      'ops/support/reply': () => thread(1),
      'ops/support/assign': () => thread(1, { assigned_to: 8, assigned_email: 'ravi@support.example.com' }),
      'ops/support/close': () => {
        closed = true;
        return thread(1, { status: 'closed' });
      },
    });
    renderAt('/ops/desk', <SupportDeskPage />);
    fireEvent.click(await screen.findByRole('button', { name: fillMessage(U.openLabel, { id: 1 }) }));
    const name = fillMessage(U.threadTitle, { id: 1, reason: 'Delivery Status' });
    const dialog = await screen.findByRole('dialog', { name });
    expect(within(dialog).getByText('My release is not live on one store.')).toBeTruthy();
    expect(within(dialog).getByText('We are checking.')).toBeTruthy();
    const link = within(dialog).getByRole('link', { name: /statement\.pdf/ }) as HTMLAnchorElement;
    expect([link.getAttribute('href'), link.target, link.rel]).toEqual([file('x').url, '_blank', 'noopener noreferrer']);
    // Reply: needs text; trimmed.
    const send = within(dialog).getByRole('button', { name: U.send }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(U.reply), { target: { value: '  It is live now.  ' } });
    fireEvent.click(send);
    await waitFor(() => expect(callsTo(spy, 'ops/support/reply')).toEqual([{ body: { ticket_id: 1, text: 'It is live now.', attachement: [] } }]));
    // Assign to a support member (keyboard-usable native select).
    await within(dialog).findByRole('option', { name: 'ravi@support.example.com' });
    fireEvent.change(within(dialog).getByLabelText(U.assignTo), { target: { value: '8' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.assign }));
    await waitFor(() => expect(callsTo(spy, 'ops/support/assign')).toEqual([{ body: { ticket_id: 1, user_id: 8 } }]));
    // Close after a confirmation; the closed thread takes no reply.
    fireEvent.click(within(dialog).getByRole('button', { name: U.closeTicket }));
    const confirm = await screen.findByRole('dialog', { name: U.closeTicket });
    expect(within(confirm).getByText(fillMessage(U.confirmClose, { id: 1 }))).toBeTruthy();
    expect(callsTo(spy, 'ops/support/close')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: U.closeTicket }));
    await waitFor(() => expect(callsTo(spy, 'ops/support/close')).toEqual([{ body: { ticket_id: 1 } }]));
    await within(dialog).findByText(U.closedNote);
    expect(within(dialog).queryByLabelText(U.reply)).toBeNull();
  });

  it('a thread that cannot be loaded shows an error with a retry', async () => {
    let fail = true;
    mockApi({ 'ops/support/tickets': [row(3)], 'ops/support/thread': () => (fail ? new ApiError('Ticket not found.', 404, { status: 404, message: 'Ticket not found.' }) : thread(3)) });
    renderAt('/ops/desk', <SupportDeskPage />);
    fireEvent.click(await screen.findByRole('button', { name: fillMessage(U.openLabel, { id: 3 }) }));
    expect((await screen.findByRole('alert')).textContent).toBe(U.threadError);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: U.retry }));
    await screen.findByText('My release is not live on one store.');
  });

  it('age and the browser’s pre-check of reply files', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect([ageOf('2026-03-10T11:35:00Z', now), ageOf('2026-03-10T07:00:00Z', now), ageOf('2026-03-07T12:00:00Z', now)]).toEqual(['25 min', '5 h', '3 d']);
    expect(checkFiles(0, [{ name: 'a.pdf', size: 10 }])).toBeNull();
    expect(checkFiles(0, [{ name: 'a.exe', size: 10 }])).toBe(SUPPORT_MESSAGES.attachmentType);
    expect(checkFiles(0, [{ name: 'a.png', size: 3 * 1024 * 1024 }])).toBe(SUPPORT_MESSAGES.attachmentTooLarge);
    expect(checkFiles(4, [{ name: 'a.png', size: 1 }, { name: 'b.png', size: 1 }])).toBe(SUPPORT_MESSAGES.tooManyAttachments);
  });
});
