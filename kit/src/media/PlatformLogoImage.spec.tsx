import { renderToStaticMarkup } from 'react-dom/server';
import { initialsOf, PlatformLogoImage, platformLogoUrl } from './PlatformLogoImage';

describe('PlatformLogoImage (docs/decisions/010)', () => {
  it('the API logo file with width, height and the platform name as its accessible name', () => {
    const out = renderToStaticMarkup(<PlatformLogoImage name="Spotify" logo="spotify.svg" />);
    expect(out).toMatch(/^<img /);
    expect(out).toContain('src="/api/static/logos/spotify.svg"');
    expect(out).toContain('alt="Spotify"');
    expect(out).toContain('width="28"');
    expect(out).toContain('height="28"');
    expect(out).toContain('loading="lazy"');
  });

  it('decorative beside the written name: empty alt', () => {
    expect(renderToStaticMarkup(<PlatformLogoImage name="Deezer" logo="deezer.svg" size={22} decorative />)).toContain('alt=""');
  });

  it('takes a file name or a URL', () => {
    expect(platformLogoUrl('apple-music.svg')).toBe('/api/static/logos/apple-music.svg');
    expect(platformLogoUrl('/api/static/logos/tidal.svg')).toBe('/api/static/logos/tidal.svg');
  });

  it('initials of the fallback tile', () => {
    expect(['Apple Music', 'Deezer', 'Facebook & Instagram', 'KK Box', 'Vi', ''].map(initialsOf)).toEqual(['AM', 'DE', 'FI', 'KB', 'VI', '?']);
  });
});
