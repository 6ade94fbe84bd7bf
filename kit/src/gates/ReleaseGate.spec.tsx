/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { fillMessage, RELEASE_MESSAGES } from '@portal/contracts';
import { fakeApi, withPortalQueryClient, type FakeAnswer, type SeenRequest } from '../test-support/fake-api';
import { ReleaseGate } from './ReleaseGate';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));

const ok = (json: object): FakeAnswer => ({ json: { status: 200, message: 'ok', ...json } });
let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

/** Renders the gate around a screen with a server answering `answers[path]` (an unknown path fails). */
function gate(answers: Record<string, FakeAnswer>) {
  api = fakeApi((request: SeenRequest) => answers[request.path] ?? { status: 503, json: { status: 503, message: 'Service unavailable' } });
  const { wrapper: Wrapper } = withPortalQueryClient();
  render(
    <Wrapper>
      <ReleaseGate>
        <p>the wizard</p>
      </ReleaseGate>
    </Wrapper>,
  );
  return api;
}

describe('ReleaseGate (core §6, docs/decisions/025)', () => {
  it('lets the screen render when neither gate is closed, asking both checks at once', async () => {
    const seen = gate({ checkAwayStatus: ok({ body: { status: 'no', text: '' } }), checkUserRevokeStatus: ok({ revoked: 0 }) });
    expect(await screen.findByText('the wizard')).toBeTruthy();
    expect(seen.seen.map((r) => r.path).sort()).toEqual(['checkAwayStatus', 'checkUserRevokeStatus']);
  });

  it('shows the away text as the page heading, whatever the revoke check says', async () => {
    gate({ checkAwayStatus: ok({ body: { status: 'yes', text: 'Back at noon.' } }), checkUserRevokeStatus: ok({ revoked: 1 }) });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Back at noon.');
    expect(screen.queryByText('the wizard')).toBeNull();
  });

  it('shows the revoked message with the support address of the app config', async () => {
    gate({
      checkAwayStatus: ok({ body: { status: 'no', text: '' } }),
      checkUserRevokeStatus: ok({ revoked: 1 }),
      getAppConfig: ok({ body: { support_email: 'help@example.com', public_site_url: '' } }),
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(fillMessage(RELEASE_MESSAGES.revoked, { email: 'help@example.com' }));
  });

  it('lets the screen render when a check fails: the server enforces both gates anyway', async () => {
    gate({ checkUserRevokeStatus: ok({ revoked: 1 }) });
    expect(await screen.findByText('the wizard')).toBeTruthy();
  });
});
