import * as contracts from '../index';
import { AREAS_SPEC_CLIENT_CODE_PREFIX, AREAS_SPEC_LIMITS, AREAS_SPEC_MESSAGES, AREAS_SPEC_MOODS } from './areas.spec-table';

function valueAt(path: string): unknown {
  return path.split('.').reduce<unknown>((obj, key) => (obj as Record<string, unknown> | undefined)?.[key], contracts);
}

describe('portal-areas.md, quoted texts and limits (spec table)', () => {
  it.each(AREAS_SPEC_MESSAGES)('%s is the spec text', (path, literal) => {
    expect(valueAt(path)).toBe(literal);
  });
  it.each(AREAS_SPEC_LIMITS)('%s is the spec limit', (path, literal) => {
    expect(valueAt(path)).toBe(literal);
  });
  it('the moods and the client code prefix are the spec’s', () => {
    expect([...contracts.MOODS]).toEqual(AREAS_SPEC_MOODS);
    expect(contracts.CLIENT_CODE_PREFIX).toBe(AREAS_SPEC_CLIENT_CODE_PREFIX);
  });
});
