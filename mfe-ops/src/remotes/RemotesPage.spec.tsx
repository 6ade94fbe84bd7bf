import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@portal/kit';
import { OPS_UI, fillMessage, type RemoteVersionRow } from '@portal/contracts';
import { RemotesPage } from './RemotesPage';
import { versionAction } from './remote-versions';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const U = OPS_UI.remotes;
const version = (v: string, extra: Partial<RemoteVersionRow> = {}): RemoteVersionRow => ({
  remote: 'mfe_releases',
  version: v,
  live: false,
  manifest_url: `/remotes/mfe-releases/${v}/mf-manifest.json`,
  commit: 'abcdef1234567890',
  deployed_by: 'cli:deploy',
  deployed_at: '2026-01-02T10:00:00.000Z',
  pruned: false,
  shared: { react: '19.1.0', '@portal/kit': '0.1.0' },
  activated_by: null,
  activated_at: null,
  last_live_at: null,
  bad: null,
  reports: { loads: 0, failures: 0 },
  canary_percent: null,
  ...extra,
});
// Newest first, as the API lists them.
const ROWS = [version('0.1.0-ccc'), version('0.1.0-bbb', { live: true, activated_by: 'user:4', activated_at: '2026-01-03T10:00:00.000Z' }), version('0.1.0-aaa'), version('0.1.0-old', { pruned: true })];
const REFUSAL = 'mfe_releases 0.1.0-aaa refused: built against an incompatible major: react 18.3.1 (the shell has react 19.1.0). The live version stays.';

afterEach(() => jest.restoreAllMocks());

describe('RemotesPage (docs/decisions/007)', () => {
  it('offers rollback below the live version, activation above it, nothing on the live or a pruned one', () => {
    expect(ROWS.map((r) => versionAction(ROWS, r))).toEqual(['activate', null, 'rollback', null]);
    expect(versionAction([version('x')], version('x'))).toBeNull();
  });

  it('lists versions with the live marker and shared versions; rollback asks first, then calls with the version', async () => {
    const spy = mockApi({ 'ops/remotes': ROWS, 'ops/remotes/activations': [], 'ops/remotes/rollback': { remote: 'mfe_releases', from: '0.1.0-bbb', to: '0.1.0-aaa', manifest_url: '' } });
    renderAt('/ops/platform?view=remotes', <RemotesPage />);
    const table = await screen.findByRole('table', { name: `${U.heading}: mfe_releases` });
    expect(within(table).getByText(U.liveMarker)).toBeTruthy();
    expect(within(table).getAllByText('react 19.1.0')).toHaveLength(4);
    expect(within(table).getByText(U.pruned)).toBeTruthy();
    expect(within(table).getAllByRole('button', { name: `${U.rollback} 0.1.0-aaa` })).toHaveLength(1);
    expect(within(table).getAllByRole('button', { name: `${U.activate} 0.1.0-ccc` })).toHaveLength(1);

    fireEvent.click(within(table).getByRole('button', { name: `${U.rollback} 0.1.0-aaa` }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(fillMessage(U.confirmRollback, { remote: 'mfe_releases', from: '0.1.0-bbb', to: '0.1.0-aaa' }))).toBeTruthy();
    expect(callsTo(spy, 'ops/remotes/rollback')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/remotes/rollback')).toEqual([{ body: { remote: 'mfe_releases', to: '0.1.0-aaa' } }]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the compatibility gate’s refusal on screen', async () => {
    mockApi({ 'ops/remotes': ROWS, 'ops/remotes/activations': [], 'ops/remotes/rollback': new ApiError(REFUSAL, 422, { status: 422, message: REFUSAL }) });
    renderAt('/ops/platform?view=remotes', <RemotesPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${U.rollback} 0.1.0-aaa` }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    const alert = await screen.findByTestId('remote-refusal');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain(U.refused);
    expect(alert.textContent).toContain(REFUSAL);
  });

  it('marks a version bad with a reason, shows bad marks, canaries and load errors (docs/decisions/021)', async () => {
    const rows = [
      version('0.1.0-ccc', { canary_percent: 10, reports: { loads: 8, failures: 2 } }),
      version('0.1.0-bbb', { live: true, activated_by: 'user:4', activated_at: '2026-01-03T10:00:00.000Z' }),
      version('0.1.0-aaa', { last_live_at: '2026-01-03T10:00:00.000Z' }),
      version('0.1.0-zzz', { bad: { at: '2026-01-03T11:00:00.000Z', by: 'auto-rollback', reason: 'automatic rollback: 5 of 6 reported loads failed' } }),
    ];
    const spy = mockApi({ 'ops/remotes': rows, 'ops/remotes/activations': [], 'ops/remotes/tokens': [], 'ops/remotes/mark-bad': { remote: 'mfe_releases', version: '0.1.0-aaa', live: false } });
    renderAt('/ops/platform?view=remotes', <RemotesPage />);
    const table = await screen.findByRole('table', { name: `${U.heading}: mfe_releases` });
    expect(within(table).getByText(fillMessage(U.canaryMarker, { percent: 10 }))).toBeTruthy();
    expect(within(table).getByText(fillMessage(U.errorRate, { failures: 2, loads: 8 }))).toBeTruthy();
    expect(within(table).getByText(fillMessage(U.badBy, { by: 'auto-rollback', reason: 'automatic rollback: 5 of 6 reported loads failed' }))).toBeTruthy();
    expect(within(table).getByText(U.wasLive)).toBeTruthy();
    expect(screen.getByText(fillMessage(U.canaryRunning, { version: '0.1.0-ccc', percent: 10 }))).toBeTruthy();
    // A bad version offers no rollback.
    expect(within(table).queryByRole('button', { name: `${U.rollback} 0.1.0-zzz` })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: `${U.markBad} 0.1.0-aaa` }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(U.badReason, { exact: false }), { target: { value: 'blank catalogue' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/remotes/mark-bad')).toEqual([{ body: { remote: 'mfe_releases', version: '0.1.0-aaa', reason: 'blank catalogue' } }]));
  });

  it('creates a deploy token and shows it once', async () => {
    const row = { id: 3, remote: 'mfe_releases', name: 'releases CI', created_by: 'a@b.c', created_at: '2026-01-03T10:00:00.000Z', revoked_at: null, last_used_at: null };
    const spy = mockApi({ 'ops/remotes': ROWS, 'ops/remotes/activations': [], 'ops/remotes/tokens': [row], 'ops/remotes/tokens/create': { ...row, token: 'rdt_secret' } });
    renderAt('/ops/platform?view=remotes', <RemotesPage />);
    const tokens = await screen.findByRole('table', { name: U.tokens });
    expect(await within(tokens).findByText('releases CI')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(U.tokenName, { exact: false }), { target: { value: 'releases CI' } });
    fireEvent.click(screen.getByRole('button', { name: U.createToken }));
    expect((await screen.findByTestId('deploy-token')).textContent).toBe('rdt_secret');
    expect(callsTo(spy, 'ops/remotes/tokens/create')).toEqual([{ body: { remote: 'mfe_releases', name: 'releases CI' } }]);
  });
});
