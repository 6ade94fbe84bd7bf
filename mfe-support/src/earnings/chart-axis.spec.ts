import { axisLabelLayout, cutLabel } from './chart-axis';

const STORES = ['Spotify', 'Apple Music', 'YouTube Music', 'Amazon Music', 'Deezer', 'JioSaavn'];

/** Store names on the earnings chart at 412 px (issue 38 item 7): they must not run together. */
describe('the category axis of an earnings chart', () => {
  it('slants and cuts the store names in a 412 px screen’s chart (about 340 px wide)', () => {
    const layout = axisLabelLayout(STORES, 340);
    expect(layout.angle).toBe(-40);
    expect(layout.height).toBeGreaterThan(40);
    // Slanted labels of at most 14 characters: each one's horizontal extent stays within two slots.
    expect(Math.max(...STORES.map((s) => cutLabel(s, layout.maxChars).length))).toBeLessThanOrEqual(14);
  });
  it('keeps them level when each fits its bar (a wide chart, or months)', () => {
    expect(axisLabelLayout(STORES, 1200)).toEqual({ angle: 0, height: 40, maxChars: 0 });
    expect(axisLabelLayout(['2026-01', '2026-02', '2026-03'], 340).angle).toBe(0);
  });
  it('cuts a long name with an ellipsis and leaves a short one whole', () => {
    expect(cutLabel('Amazon Music Unlimited', 14)).toBe('Amazon Music …');
    expect(cutLabel('Deezer', 14)).toBe('Deezer');
  });
});
