import request from 'supertest';
import { CONTENT_MESSAGES as M, SESSION_OVER_STATUS } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { runCommand } from '../helpers/cli';
import { DEFAULT_NEWS, DEFAULT_VIDEO_LINKS } from '../../src/database/migrations/1764000100000-content';

type News = { news_id: number; news_heading: string; news_link: string; created_at: number };
type Video = { video_link_id: number; video_link: string; title: string };

/** The dashboard lists (areas §2 Dashboard, §3, §7 getNews / getVideoLinks) and their operator commands, on each engine. */
describe.each(ENGINES)('dashboard content on %s', (engine) => {
  let t: TestApp;
  let token: string;
  const cli = (name: string, ...args: string[]) => runCommand(t.app, name, args);
  const get = async (path: string, query: Record<string, unknown> = {}) => (await request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query).expect(200)).body;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    token = (await createVerifiedUser(t)).token;
  }, 60_000);
  afterAll(async () => t?.close());

  it('shows the default set of a fresh install, newest first', async () => {
    const news = await get('getNews');
    expect(news.message).toBe(M.newsList);
    expect(news.total).toBe(DEFAULT_NEWS.length);
    expect(news.body.map((n: News) => n.news_heading)).toEqual([...DEFAULT_NEWS].reverse().map((n) => n.news_heading));
    expect(news.body[0]).toEqual({ news_id: expect.any(Number), news_heading: DEFAULT_NEWS.at(-1)!.news_heading, news_link: DEFAULT_NEWS.at(-1)!.news_link, created_at: expect.any(Number) });
    const videos = await get('getVideoLinks');
    expect(videos.message).toBe(M.videoLinksList);
    expect(videos.body.map((v: Video) => v.video_link)).toEqual([...DEFAULT_VIDEO_LINKS].reverse().map((v) => v.video_link));
    expect(videos.body.every((v: Video) => /^[A-Za-z0-9_-]{11}$/.test(v.video_link) && v.title.length > 0)).toBe(true);
  });

  it('needs a login (401, status 0)', async () => {
    for (const path of ['getNews', 'getVideoLinks']) expect((await request(t.http).get(`/api/${path}`).expect(401)).body.status).toBe(SESSION_OVER_STATUS);
  });

  it('lets an operator add, list and remove news; the newest shows first', async () => {
    expect(await cli('news', 'add', 'Video releases are live', 'https://example.com/blog/video-releases')).toMatch(/^news \d+ added$/);
    const news = await get('getNews');
    expect(news.total).toBe(DEFAULT_NEWS.length + 1);
    expect(news.body[0]).toMatchObject({ news_heading: 'Video releases are live', news_link: 'https://example.com/blog/video-releases' });
    expect(await cli('news', 'list')).toContain('Video releases are live');
    await expect(cli('news', 'add', 'Bad link', 'javascript:alert(1)')).rejects.toThrow(M.linkInvalid);
    await expect(cli('news', 'add', '', 'https://example.com')).rejects.toThrow(M.headingRequired);
    expect(await cli('news', 'remove', String(news.body[0].news_id))).toBe(`news ${news.body[0].news_id} removed`);
    await expect(cli('news', 'remove', String(news.body[0].news_id))).rejects.toThrow(/no news/);
    await expect(cli('news', 'frobnicate')).rejects.toThrow(/news add/);
    expect((await get('getNews')).total).toBe(DEFAULT_NEWS.length);
  });

  it('lets an operator add update videos by id or YouTube link, list and remove them', async () => {
    expect(await cli('video-link', 'add', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3', 'Portal', 'update')).toMatch(/added \(dQw4w9WgXcQ\)$/);
    expect(await cli('video-link', 'add', 'https://youtu.be/9bZkp7q19f0')).toMatch(/added \(9bZkp7q19f0\)$/);
    const videos = await get('getVideoLinks');
    expect(videos.body.slice(0, 2).map((v: Video) => [v.video_link, v.title])).toEqual([
      ['9bZkp7q19f0', ''],
      ['dQw4w9WgXcQ', 'Portal update'],
    ]);
    await expect(cli('video-link', 'add', 'https://vimeo.com/12345')).rejects.toThrow(M.videoIdInvalid);
    await expect(cli('video-link', 'add', 'short')).rejects.toThrow(M.videoIdInvalid);
    expect(await cli('video-link', 'list')).toContain('dQw4w9WgXcQ');
    for (const v of videos.body.slice(0, 2)) await cli('video-link', 'remove', String(v.video_link_id));
    expect((await get('getVideoLinks')).total).toBe(DEFAULT_VIDEO_LINKS.length);
  });

  it('pages both lists (limit, offset or page) and falls back on bad paging input', async () => {
    const page = await get('getNews', { limit: 2, page: 2 });
    expect(page.total).toBe(DEFAULT_NEWS.length);
    expect(page.body.map((n: News) => n.news_heading)).toEqual([...DEFAULT_NEWS].reverse().slice(2, 4).map((n) => n.news_heading));
    expect((await get('getVideoLinks', { limit: 1, offset: 2 })).body.map((v: Video) => v.video_link)).toEqual([DEFAULT_VIDEO_LINKS[0].video_link]);
    expect((await get('getNews', { limit: 'abc', offset: '-1' })).body).toHaveLength(DEFAULT_NEWS.length);
  });
});
