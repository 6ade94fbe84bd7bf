import { fireEvent, screen } from '@testing-library/react';
import { ApiError, useEndpointPage } from '@portal/kit';
import { OPS_ENDPOINTS as E, OPS_MESSAGES, STAFF_DESK_MESSAGES, type StaffSession } from '@portal/contracts';
import { TotpGate } from './TotpGate';
import { mockApi, renderAt } from '../test-support/render';

const session = (staff: boolean): StaffSession => ({ staff, roles: staff ? ['reviewer'] : [], totp_enrolled: staff, totp_verified: staff });

/** A desk of the console: reads the review queue. */
function Desk() {
  const { rows, reload } = useEndpointPage(E.videoQueue, { query: { page: 1, limit: 20 } });
  return (
    <>
      <p>{`desk with ${rows.length} rows`}</p>
      <button type="button" onClick={() => void reload()}>
        Reload
      </button>
    </>
  );
}

jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

describe('TotpGate (issue 38 item 13)', () => {
  it('a console open while the staff access is removed says the access ended, not "could not be loaded"', async () => {
    let removed = false;
    mockApi({
      'staff/session': () => session(!removed),
      'ops/videos/queue': () => (removed ? new ApiError(OPS_MESSAGES.forbidden, 403, { status: 403, message: OPS_MESSAGES.forbidden, code: 'forbidden' }) : []),
    });
    renderAt('/ops', <TotpGate>{() => <Desk />}</TotpGate>);
    await screen.findByText('desk with 0 rows');
    removed = true;
    // The desk asks again (a reload, a filter, a new page): the answer is 403.
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect((await screen.findByRole('alert')).textContent).toBe(STAFF_DESK_MESSAGES.accessEnded);
  });

  it('a 403 of a staff member who is still staff (another role’s desk) leaves the console open', async () => {
    mockApi({
      'staff/session': session(true),
      'ops/videos/queue': new ApiError(OPS_MESSAGES.forbidden, 403, { status: 403, message: OPS_MESSAGES.forbidden, code: 'forbidden' }),
    });
    renderAt('/ops', <TotpGate>{() => <Desk />}</TotpGate>);
    await screen.findByText('desk with 0 rows');
    await new Promise((r) => setTimeout(r, 300)); // the session is asked again meanwhile: nothing may change
    expect(screen.queryByText(STAFF_DESK_MESSAGES.accessEnded)).toBeNull();
    expect(screen.getByText('desk with 0 rows')).toBeTruthy();
  });
});
