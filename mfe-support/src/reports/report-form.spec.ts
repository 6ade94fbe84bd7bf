// The kit's real schemaErrors (its source module, which needs neither React nor a DOM) instead of the
// whole kit entry: the form's messages are the ones the kit shows, never a copy of its logic.
jest.mock('@portal/kit', () => jest.requireActual('../../../kit/src/forms/form-errors'));
import { SUPPORT_MESSAGES as M } from '@portal/contracts';
import { monthInputToEpoch, reportFormErrors } from './report-form';

const NOW = Date.UTC(2026, 10, 23, 12);

describe('the Reports form (areas §5)', () => {
  it('turns a month input into the 1st of that month in UTC', () => {
    expect(monthInputToEpoch('2025-03')).toBe(Date.UTC(2025, 2, 1));
    expect(monthInputToEpoch('')).toBeUndefined();
    expect(monthInputToEpoch('2025-13')).toBeUndefined();
  });
  it('answers the spec messages for each missing field', async () => {
    expect(await reportFormErrors({ store: '', start_date: '', end_date: '' }, NOW)).toEqual({ store: M.storeRequired, start_date: M.startRequired, end_date: M.endRequired });
  });
  it('refuses start after end and future months', async () => {
    expect((await reportFormErrors({ store: 'Spotify', start_date: '2026-05', end_date: '2026-01' }, NOW)).end_date).toBe(M.startAfterEnd);
    expect((await reportFormErrors({ store: 'Spotify', start_date: '2026-01', end_date: '2027-01' }, NOW)).end_date).toBe(M.futureMonth);
    expect(await reportFormErrors({ store: 'Spotify', start_date: '2026-01', end_date: '2026-11' }, NOW)).toEqual({});
  });
});
