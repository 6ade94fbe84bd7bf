/** @jest-environment jsdom */
import { renderHook } from '@testing-library/react';
import { PAYOUT_DESK_ENDPOINTS } from '@portal/contracts';
import { fakeApi, withPortalQueryClient } from '../test-support/fake-api';
import { useEndpointFetch } from './use-endpoint-fetch';
import { notify } from '../toast/notify';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  jest.clearAllMocks();
});

describe('useEndpointFetch (docs/decisions/025)', () => {
  it('asks anew at every call, even with the same input cached, and answers the envelope', async () => {
    let n = 0;
    api = fakeApi(() => ({ json: { status: 200, message: 'ok', body: { file_name: `run-${++n}.csv`, content_type: 'text/csv', content: 'a,b' } } }));
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useEndpointFetch(PAYOUT_DESK_ENDPOINTS.bankFile), { wrapper });
    const input = { query: { run_id: 4, format: 'csv' } };
    expect((await result.current(input)).body?.file_name).toBe('run-1.csv');
    expect((await result.current(input)).body?.file_name).toBe('run-2.csv');
    expect(api.seen.map((r) => [r.path, r.query])).toEqual([
      ['ops/payouts/runs/file', { run_id: '4', format: 'csv' }],
      ['ops/payouts/runs/file', { run_id: '4', format: 'csv' }],
    ]);
  });

  it('rejects with the server’s message after the kit’s toast, and asks once only', async () => {
    api = fakeApi(() => ({ status: 404, json: { status: 404, message: 'No such run' } }));
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useEndpointFetch(PAYOUT_DESK_ENDPOINTS.bankFile), { wrapper });
    await expect(result.current({ query: { run_id: 9, format: 'csv' } })).rejects.toMatchObject({ message: 'No such run', status: 404 });
    expect(notify.error).toHaveBeenCalledWith('No such run');
    expect(api.seen).toHaveLength(1);
  });
});
