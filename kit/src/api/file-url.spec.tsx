/** @jest-environment jsdom */
import { renderHook, waitFor } from '@testing-library/react';
import { fakeApi, withPortalQueryClient } from '../test-support/fake-api';
import { RELEASE_ENDPOINTS } from '@portal/contracts';
import { endpointScope } from '../data/endpoint-key';
import { useAudioLink } from './file-url';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

describe('useAudioLink (docs/decisions/026, 025)', () => {
  it('asks one signed link for every player of a file, and none without a file', async () => {
    let n = 0;
    api = fakeApi((request) => ({ json: { status: 200, message: 'ok', body: { url: `/files/audio/${request.query.filename}?sig=${++n}`, expires_at: Date.now() + 600_000 } } }));
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => [useAudioLink('a.wav'), useAudioLink('a.wav'), useAudioLink('')], { wrapper });
    await waitFor(() => expect(result.current[0]).toBe('/files/audio/a.wav?sig=1'));
    expect(result.current).toEqual(['/files/audio/a.wav?sig=1', '/files/audio/a.wav?sig=1', null]);
    expect(api.seen.map((r) => [r.path, r.query])).toEqual([['getAudioLink', { filename: 'a.wav' }]]);
  });

  it('asks a new link once nothing shows the old one (it may have expired), and gives null on a refusal', async () => {
    let n = 0;
    api = fakeApi((request) => (request.query.filename === 'gone.wav' ? { status: 404, json: { status: 404, message: 'Not found' } } : { json: { status: 200, message: 'ok', body: { url: `/a?sig=${++n}`, expires_at: Date.now() + 600_000 } } }));
    const { client, wrapper } = withPortalQueryClient();
    const first = renderHook(() => useAudioLink('a.wav'), { wrapper });
    await waitFor(() => expect(first.result.current).toBe('/a?sig=1'));
    first.unmount();
    // Nothing shows it: the link leaves the cache.
    await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: endpointScope(RELEASE_ENDPOINTS.getAudioLink) })).toHaveLength(0));
    const second = renderHook(() => useAudioLink('a.wav'), { wrapper });
    await waitFor(() => expect(second.result.current).toBe('/a?sig=2'));
    const refused = renderHook(() => useAudioLink('gone.wav'), { wrapper });
    await waitFor(() => expect(api!.seen.filter((r) => r.query.filename === 'gone.wav')).toHaveLength(1));
    expect(refused.result.current).toBeNull();
  });
});
