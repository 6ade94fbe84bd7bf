import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, ApiError } from '@portal/kit';
import { MONEY_TRUST_UI, SUPPORT_MESSAGES, type EndpointDef, type Envelope, type HoldDeskDetail, type HoldDeskRow } from '@portal/contracts';
import { HoldsDeskPage } from './HoldsDeskPage';
import { renderAt } from '../test-support/render';

const U = MONEY_TRUST_UI.desk;
const row = (id: number, extra: Partial<HoldDeskRow> = {}): HoldDeskRow => ({
  hold_id: id,
  import_id: 3,
  source: 'DistroKid',
  rule: 'spike',
  status: 'held',
  user_id: 40,
  artist: 'Asha Rao',
  track: 'Monsoon Walk',
  store: 'Spotify',
  country: 'BR',
  sale_month: '2026-10',
  observed: 1200,
  baseline: 100,
  reason: 'Streams of ‘Monsoon Walk’ on Spotify in BR in 2026-10 were 12 times its usual (1,200 against a usual 100 a month).',
  held_micros: 12_000_000,
  rows: 1,
  appeal_ticket_id: 77,
  forfeit_requested_by: '',
  created_at: Date.parse('2026-11-02T10:00:00Z'),
  ...extra,
});
const ARTIST_TEXT = 'We ran a paid campaign in Brazil.';
const detail = (id: number, answers: string[], extra: Partial<HoldDeskRow> = {}): HoldDeskDetail => ({
  ...row(id, extra),
  decision_reason: '',
  decided_by: '',
  parts: [{ user_id: 40, name: 'Asha Rao', share: 'owner', micros: 12_000_000 }],
  evidence: [{ line_no: 2, store: 'Spotify', country: 'BR', sale_month: '2026-10', quantity: 1200, amount_micros: 12_000_000 }],
  thread: extra.appeal_ticket_id === null ? [] : [{ sent_by: 'user', text: ARTIST_TEXT, created_at: Date.parse('2026-11-03T10:00:00Z'), attachments: [] }, ...answers.map((text) => ({ sent_by: 'support' as const, text, created_at: Date.parse('2026-11-04T10:00:00Z'), attachments: [] }))],
});

type Input = { body?: Record<string, unknown>; query?: Record<string, unknown> };
/** `api.call` answering the desk's endpoints; `reply` decides what ops/holds/reply answers (a promise: it may wait). */
function mockDesk(rows: HoldDeskRow[], reply: (input: Input) => Promise<unknown>) {
  const answers: string[] = [];
  const spy = jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>, input: Input = {}) => {
    const ok = (body: unknown, message = `${endpoint.path} done`) => ({ status: 200, message, body, total: Array.isArray(body) ? body.length : undefined }) as Envelope<unknown>;
    if (endpoint.path === 'ops/holds') return ok(rows);
    if (endpoint.path === 'ops/holds/detail') {
      const r = rows.find((x) => x.hold_id === input.query?.hold_id)!;
      return ok(detail(r.hold_id, answers, r));
    }
    if (endpoint.path === 'ops/holds/reply') {
      const answer = await reply(input);
      answers.push(String(input.body?.text));
      return ok(answer, 'Answer sent on ticket #77.');
    }
    return ok([]);
  }) as unknown as typeof api.call);
  return { spy, replies: () => spy.mock.calls.filter(([e]) => (e as EndpointDef<unknown, unknown>).path === 'ops/holds/reply').map(([, i]) => i) };
}

async function openHold(id: number) {
  fireEvent.click(await screen.findByRole('button', { name: `${U.open} #${id}` }));
  return screen.findByRole('dialog', { name: `${U.rules.spike} #${id}` });
}

jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

describe('HoldsDeskPage: answering the appeal thread', () => {
  it('finance answers an appealed hold from the desk: labelled field, a sending state, then the answer in the thread and the field cleared', async () => {
    let finish: () => void = () => undefined;
    const { replies } = mockDesk([row(5)], () => new Promise<void>((resolve) => (finish = resolve)));
    renderAt('/ops/holds', <HoldsDeskPage />);
    const dialog = await openHold(5);
    await within(dialog).findByText(ARTIST_TEXT);
    const field = within(dialog).getByLabelText(U.replyLabel) as HTMLTextAreaElement;
    const send = within(dialog).getByRole('button', { name: U.send }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(field, { target: { value: '  Please send the campaign invoice.  ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    const sending = (await within(dialog).findByRole('button', { name: U.sending })) as HTMLButtonElement;
    expect([sending.disabled, sending.getAttribute('aria-busy')]).toEqual([true, 'true']);
    expect(replies()).toEqual([{ body: { hold_id: 5, text: 'Please send the campaign invoice.' } }]);
    finish();
    await within(dialog).findByText('Please send the campaign invoice.');
    await waitFor(() => expect(field.value).toBe(''));
    expect((within(dialog).getByRole('button', { name: U.send }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('a refused answer (the ticket was closed) shows the server’s reason under the field and keeps the text', async () => {
    mockDesk([row(6)], async () => {
      throw new ApiError(SUPPORT_MESSAGES.ticketClosed, 409, { status: 409, message: SUPPORT_MESSAGES.ticketClosed, code: 'ticket_closed' } as Envelope);
    });
    renderAt('/ops/holds', <HoldsDeskPage />);
    const dialog = await openHold(6);
    const field = (await within(dialog).findByLabelText(U.replyLabel)) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Any news?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: U.send }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SUPPORT_MESSAGES.ticketClosed);
    expect(field.value).toBe('Any news?');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect((within(dialog).getByRole('button', { name: U.send }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a hold without an appeal has no answer box', async () => {
    mockDesk([row(7, { appeal_ticket_id: null })], async () => null);
    renderAt('/ops/holds', <HoldsDeskPage />);
    const dialog = await openHold(7);
    await within(dialog).findByText(U.noAppeal);
    expect(within(dialog).queryByLabelText(U.replyLabel)).toBeNull();
  });
});
