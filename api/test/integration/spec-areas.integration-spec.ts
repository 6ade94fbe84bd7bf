import { AREAS_SPEC_MESSAGES } from '@portal/contracts/dist/spec-tables/areas.spec-table';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { ReleasesClient } from '../helpers/releases-fixtures';

const spec = (name: string): string => {
  const row = AREAS_SPEC_MESSAGES.find(([key]) => key === name);
  if (!row) throw new Error(`no spec text ${name}`);
  return row[1];
};

/**
 * portal-areas.md over HTTP: each area's first refusal answers the spec's quoted text (the literal
 * copied from the spec, not the contracts' constant), in the spec's order.
 */
describe.each(ENGINES)('portal-areas.md over HTTP on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
  });
  afterAll(async () => t?.close());

  const first = async (path: string, body: object) => {
    const res = await a.post(path, body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    return res.body.message as string;
  };

  it('video: terms first, then the required fields', async () => {
    expect(await first('submitVideoRelease', {})).toBe(spec('VIDEO_MESSAGES.acceptTerms'));
    expect(await first('submitVideoRelease', { terms: true })).toBe(spec('VIDEO_MESSAGES.fillAllFields'));
  });

  it('tickets: a reason, then its details; a reply needs text', async () => {
    expect(await first('createTicket', {})).toBe(spec('SUPPORT_MESSAGES.reasonRequired'));
    expect(await first('createTicket', { reason: 'Others' })).toBe(spec('SUPPORT_MESSAGES.concernRequired'));
    const ticket = (await a.post('createTicket', { reason: 'Others', reply: 'Where is my release?' })).body.body;
    expect(await first('replyTicket', { ticket_id: ticket.ticket_id, reply: '  ' })).toBe(spec('SUPPORT_MESSAGES.replyRequired'));
    const six = Array.from({ length: 6 }, (_, i) => `${'a'.repeat(31)}${i}.png`).join(',');
    expect(await first('createTicket', { reason: 'Others', reply: 'x', attachement: six })).toBe(spec('SUPPORT_MESSAGES.tooManyAttachments'));
  });

  it('reports: store, then start month, then end month', async () => {
    expect(await first('requestReport', {})).toBe(spec('SUPPORT_MESSAGES.storeRequired'));
    const store = 'Spotify';
    expect(await first('requestReport', { store })).toBe(spec('SUPPORT_MESSAGES.startRequired'));
    expect(await first('requestReport', { store, start_date: Date.UTC(2025, 0, 1) })).toBe(spec('SUPPORT_MESSAGES.endRequired'));
  });

  it('profile, withdrawal and invite', async () => {
    expect(await first('updateUserProfile', { phone: '12345' })).toBe(spec('SUPPORT_MESSAGES.phoneInvalid'));
    expect(await first('updateUserProfile', { password: '1234567', confirm_password: '1234567' })).toBe(spec('SUPPORT_MESSAGES.passwordShort'));
    expect(await first('sendInvite', { email: 'nope', name: 'Asha' })).toBe(spec('SUPPORT_MESSAGES.inviteEmailInvalid'));
    expect(await first('sendInvite', { email: 'asha@example.com', name: '' })).toBe(spec('SUPPORT_MESSAGES.inviteNameRequired'));
    const withdraw = await a.post('withdrawMoney', {}).set('Idempotency-Key', 'spec-table-1');
    expect(withdraw.body.message).toBe(spec('SUPPORT_MESSAGES.minimumWithdrawal'));
  });

  it('tools and rights: mandatory fields first', async () => {
    for (const path of ['submitProfileLinking', 'submitPitchPlaylist', 'submitDistributeLyrics', 'submitUGCClaim', 'submitWhitelist']) {
      expect([path, await first(path, {})]).toEqual([path, spec('TOOLS_MESSAGES.mandatory')]);
    }
  });
});
