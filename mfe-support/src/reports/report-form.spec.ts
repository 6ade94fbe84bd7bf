jest.mock('@portal/kit', () => {
  // schemaErrors is plain logic: use the real one without loading React pieces.
  const yup = jest.requireActual('yup');
  return {
    schemaErrors: async (schema: { validate: (v: unknown, o: unknown) => Promise<unknown> }, payload: unknown, context: unknown) => {
      try {
        await schema.validate(payload, { abortEarly: false, context });
        return {};
      } catch (e) {
        const out: Record<string, string> = {};
        for (const item of (e as InstanceType<typeof yup.ValidationError>).inner) if (item.path && !(item.path in out)) out[item.path] = item.message;
        return out;
      }
    },
  };
});
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
