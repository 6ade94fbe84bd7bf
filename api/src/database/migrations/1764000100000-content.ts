import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The default dashboard content of a fresh install (areas §2 Dashboard; areas §3: "a fresh install
 * shows a small, real default set"). Real, stable pages for artists and real official music videos;
 * operators replace them with `npm run cli -w @portal/api -- news ...` / `video-link ...`.
 * Listed oldest first: the dashboard shows the newest (highest id) first.
 */
export const DEFAULT_NEWS = [
  { news_heading: 'ISRC codes explained: what they are and how they identify your recordings', news_link: 'https://isrc.ifpi.org/en/' },
  { news_heading: 'UPC and EAN barcodes for releases: the GS1 standard', news_link: 'https://www.gs1.org/standards/barcodes' },
  { news_heading: 'Claim your artist profile on Apple Music for Artists', news_link: 'https://artists.apple.com/' },
  { news_heading: 'Pitch your upcoming release to playlist editors with Spotify for Artists', news_link: 'https://artists.spotify.com/' },
  { news_heading: 'Grow your channel and fan base with YouTube for Artists', news_link: 'https://artists.youtube/' },
] as const;

export const DEFAULT_VIDEO_LINKS = [
  { video_link: 'kJQP7kiw5Fk', title: 'Luis Fonsi – Despacito ft. Daddy Yankee (Official Music Video)' },
  { video_link: 'OPf0YbXqDm0', title: 'Mark Ronson – Uptown Funk ft. Bruno Mars (Official Video)' },
  { video_link: 'fJ9rUzIMcZQ', title: 'Queen – Bohemian Rhapsody (Official Video Remastered)' },
] as const;

/** Dashboard content tables (areas §3 News item, Video link), engine-neutral, with the default set. */
export class Content1764000100000 implements MigrationInterface {
  name = 'Content1764000100000';

  async up(q: QueryRunner): Promise<void> {
    const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const };
    const createdAt = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
    await q.createTable(new Table({ name: 'news', columns: [id, { name: 'news_heading', type: 'varchar', length: '255' }, { name: 'news_link', type: 'varchar', length: '1000' }, createdAt] }));
    await q.createTable(
      new Table({ name: 'video_links', columns: [id, { name: 'video_link', type: 'varchar', length: '16' }, { name: 'title', type: 'varchar', length: '255', default: "''" }, createdAt] }),
    );
    for (const n of DEFAULT_NEWS) await q.manager.createQueryBuilder().insert().into('news').values({ ...n }).execute();
    for (const v of DEFAULT_VIDEO_LINKS) await q.manager.createQueryBuilder().insert().into('video_links').values({ ...v }).execute();
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('video_links');
    await q.dropTable('news');
  }
}
