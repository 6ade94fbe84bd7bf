import { rejectionText, RELEASE_REJECTION_REASONS } from './ops.texts';

describe('rejectionText (shown after "Reason:" on the release page)', () => {
  it('is the note alone when the reviewer gave no catalogue reason, never "Note: …" after "Reason:"', () => {
    expect(rejectionText([], '  Cover is blurry ')).toBe('Cover is blurry');
  });
  it('lists each reason label, then the note with its prefix', () => {
    const [a, b] = RELEASE_REJECTION_REASONS;
    expect(rejectionText([a.code, b.code], 'Fix both')).toBe(`${a.label} ${b.label} Note: Fix both`);
    expect(rejectionText([a.code])).toBe(a.label);
  });
});
