import { storeLinks } from './store-links';

describe('storeLinks (core §2 Stores dialog)', () => {
  it('links ten stores to a title search and leaves the rest as names', () => {
    const items = storeLinks('Blue Moon');
    expect(items).toHaveLength(16);
    expect(items.filter((i) => i.url)).toHaveLength(10);
    expect(items.find((i) => i.name === 'Spotify')?.url).toBe('https://open.spotify.com/search/Blue%20Moon');
    expect(items.find((i) => i.name === 'Deezer')?.url).toBeUndefined();
  });
});
