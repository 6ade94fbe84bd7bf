import sharp from 'sharp';
import { PLATFORM_LOGOS, STORES } from '@portal/contracts';
import { brandMark, contrastRatio, DARK_TILE, LOGO_ART, MARK_CONTRAST, renderLogo, TEXT_CONTRAST } from './logo-art';

const fills = (svg: string) => [...svg.matchAll(/fill="(#[0-9A-F]{6})"/gi)].map((m) => m[1].toUpperCase());

describe('platform and store logos (docs/decisions/010)', () => {
  it('every logo file of the platform and store lists has art', () => {
    const files = new Set([...PLATFORM_LOGOS, ...STORES].map((p) => p.logo));
    expect([...files].filter((f) => !LOGO_ART[f])).toEqual([]);
  });

  it('brand marks come from simple-icons under CC0', () => {
    const marks = Object.values(LOGO_ART).flatMap((a) => ('mark' in a ? [a.mark] : []));
    expect(marks.length).toBeGreaterThanOrEqual(12);
    for (const slug of marks) {
      const mark = brandMark(slug);
      expect(mark.path).toMatch(/^[Mm]/);
      // simple-icons lists a `license` only for icons that are not CC0.
      expect({ slug, license: mark.license }).toEqual({ slug, license: undefined });
    }
  });

  it.each(Object.entries(LOGO_ART))('%s is a 64 px SVG with its name, in colours that keep their contrast', async (_file, art) => {
    const svg = renderLogo(art);
    const name = 'mark' in art ? brandMark(art.mark).title : art.title;
    expect(svg).toContain(`<title>${name.replace(/&/g, '&amp;')}</title>`);
    expect(svg).toContain('role="img"');
    const [tile, ink] = fills(svg);
    expect(contrastRatio(tile, ink)).toBeGreaterThanOrEqual('mark' in art ? MARK_CONTRAST : TEXT_CONTRAST);
    if ('mark' in art) expect([brandMark(art.mark).hex, DARK_TILE]).toContain(tile);
    // A real SVG: librsvg (through sharp) draws it.
    expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ format: 'svg', width: 64, height: 64 });
  });

  it('contrast ratios follow WCAG', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
  });
});
