import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ARTWORK_RENDITION_WIDTHS } from '@portal/contracts';
import { ArtworkImage, fallbackWidth, nextArtworkStage } from './ArtworkImage';

const FILE = '0123456789abcdef0123456789abcdef.jpg';
const html = (el: ReactElement) => renderToStaticMarkup(el);

describe('ArtworkImage (docs/decisions/010)', () => {
  it('a catalogue cell: a WebP source and a JPEG img listing every rendition, sized to the cell, lazy, with width and height', () => {
    const out = html(<ArtworkImage filename={FILE} alt="Artwork of Monsoon" />);
    expect(out).toMatch(/^<picture[^>]*><source type="image\/webp" srcSet="([^"]+)" sizes="44px"\/><img [^>]+><\/picture>$/);
    const webp = /<source type="image\/webp" srcSet="([^"]+)"/.exec(out)![1];
    expect(webp).toBe(ARTWORK_RENDITION_WIDTHS.map((w) => `/api/files/artwork/${FILE}/${w}.webp ${w}w`).join(', '));
    const img = /<img ([^>]+)>/.exec(out)![1];
    expect(img).toContain(`srcSet="${ARTWORK_RENDITION_WIDTHS.map((w) => `/api/files/artwork/${FILE}/${w}.jpg ${w}w`).join(', ')}"`);
    expect(img).toContain(`src="/api/files/artwork/${FILE}/300.jpg"`);
    expect(img).toContain('sizes="44px"');
    expect(img).toContain('width="44"');
    expect(img).toContain('height="44"');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('decoding="async"');
    expect(img).toContain('alt="Artwork of Monsoon"');
    // Never the original in a cell.
    expect(out).not.toContain(`/api/files/artwork/${FILE}"`);
  });

  it('the detail page: 200 px, eager, sizes 200px', () => {
    const out = html(<ArtworkImage filename={FILE} alt="Artwork" size={200} loading="eager" />);
    expect(out).toContain('sizes="200px"');
    expect(out).toContain('loading="eager"');
    expect(out).toContain('width="200"');
    expect(out).toContain(`src="/api/files/artwork/${FILE}/1000.jpg"`);
  });

  it('no artwork: a placeholder named by alt, or hidden when decorative', () => {
    expect(html(<ArtworkImage filename="" alt="Artwork of X" />)).toMatch(/^<span[^>]*role="img"[^>]*aria-label="Artwork of X"/);
    expect(html(<ArtworkImage filename={null} alt="" />)).toContain('aria-hidden="true"');
    expect(html(<ArtworkImage filename={null} alt="" />)).not.toContain('<img');
  });

  it('falls back from the renditions to the original, then to the placeholder', () => {
    expect(nextArtworkStage('renditions')).toBe('original');
    expect(nextArtworkStage('original')).toBe('placeholder');
    expect(nextArtworkStage('placeholder')).toBe('placeholder');
  });

  it('picks the JPEG src sharp on a 2x screen', () => {
    expect([fallbackWidth(24), fallbackWidth(44), fallbackWidth(150), fallbackWidth(200), fallbackWidth(800)]).toEqual([64, 300, 300, 1000, 1000]);
  });
});
