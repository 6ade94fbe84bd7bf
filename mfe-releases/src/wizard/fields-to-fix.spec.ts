import { rejectionReasonRows, type Release } from '@portal/contracts';
import { fieldsToFix } from './fields-to-fix';

const rejected = (codes: string): Pick<Release, 'status' | 'review_reasons'> => ({ status: 'rejected', review_reasons: rejectionReasonRows(codes) });

describe('fieldsToFix (docs/decisions/008: the wizard marks the fields a rejection names)', () => {
  it('maps each named field to the texts of the reasons naming it, once each', () => {
    const map = fieldsToFix(rejected('generic_title,forbidden_title_terms,missing_legal_name'));
    expect([...map.keys()].sort()).toEqual(['composer1', 'release_title']);
    expect(map.get('release_title')).toHaveLength(2);
    expect(map.get('release_title')?.[0]).toMatch(/generic or misleading/);
    expect(map.get('composer1')?.[0]).toMatch(/legal name/);
  });

  it('marks nothing once the release is no longer rejected (re-submitted or approved)', () => {
    expect(fieldsToFix({ ...rejected('generic_title'), status: 'in_review' }).size).toBe(0);
    expect(fieldsToFix(null).size).toBe(0);
  });

  it('ignores codes that are not in the catalogue', () => {
    expect(fieldsToFix(rejected('not_a_reason')).size).toBe(0);
  });
});
