/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AUTH_ENDPOINTS, SHELL, SHELL_TEXT } from '@portal/contracts';
import { endpointKey, useSession } from '@portal/kit';
import { fakeApi, withPortalQueryClient } from '../../../kit/src/test-support/fake-api';
import { NotificationBell } from './NotificationBell';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  useSession.setState({ token: null });
});

/** A server with `unread` new notifications: reading the first page marks them seen (core §2). */
function notificationServer(rows: Array<{ notification_id: number; notification: string }>) {
  let unread = 1;
  api = fakeApi((request) => {
    if (request.path === 'checkNotificationBell') return { json: { status: 200, message: 'ok', notification_icon: unread } };
    if (Number(request.query.offset) === 0) unread = 0;
    return { json: { status: 200, message: 'ok', body: rows.map((r) => ({ ...r, created_at: Date.UTC(2026, 10, 1), link: null })) } };
  });
  return { addUnread: () => (unread = 1), api };
}

function renderBell() {
  useSession.setState({ token: 'tok' });
  const { client, wrapper: Provider } = withPortalQueryClient();
  render(
    <Provider>
      <MemoryRouter>
        <NotificationBell />
      </MemoryRouter>
    </Provider>,
  );
  return client;
}

describe('the notification bell (core §2, docs/decisions/025)', () => {
  it('shows "new", and after the list was read (mark read) asks the badge again and hides it', async () => {
    const server = notificationServer([{ notification_id: 1, notification: 'Your release is live' }]);
    renderBell();
    await screen.findByText('new');
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    await screen.findByText('Your release is live');
    await waitFor(() => expect(server.api.seen.filter((r) => r.path === 'checkNotificationBell')).toHaveLength(2));
    expect(screen.queryByText('new')).toBeNull();
  });

  it('polls the badge every 60 s, and refetches it when the window regains focus', async () => {
    const server = notificationServer([]);
    const client = renderBell();
    await waitFor(() => expect(server.api.seen).toHaveLength(1));
    const query = client.getQueryCache().find({ queryKey: endpointKey(AUTH_ENDPOINTS.checkNotificationBell) });
    const options = query?.observers[0]?.options as { refetchInterval: (q: unknown) => number | false; refetchOnWindowFocus: (q: unknown) => boolean };
    expect(options.refetchInterval(query)).toBe(SHELL.notificationPollMs);
    server.addUnread();
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await screen.findByText('new');
    expect(server.api.seen.map((r) => r.path)).toEqual(['checkNotificationBell', 'checkNotificationBell']);
  });

  it('says so when there is nothing, and a missing notifications API stops the polling', async () => {
    api = fakeApi((request) => (request.path === 'checkNotificationBell' ? { status: 404, json: { status: 404, message: 'Not found' } } : { json: { status: 200, message: 'ok', body: [] } }));
    const client = renderBell();
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: endpointKey(AUTH_ENDPOINTS.checkNotificationBell) })?.state.error).toBeTruthy());
    const query = client.getQueryCache().find({ queryKey: endpointKey(AUTH_ENDPOINTS.checkNotificationBell) });
    expect((query?.observers[0]?.options as { refetchInterval: (q: unknown) => number | false }).refetchInterval(query)).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    await screen.findByText(SHELL_TEXT.noNotifications);
  });
});
