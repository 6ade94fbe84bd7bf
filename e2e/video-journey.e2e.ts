import type { Browser, Page } from 'playwright-core';
import dayjs from 'dayjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DASHBOARD_UI,
  fillMessage,
  minReleaseDate,
  MUSIC_VIDEO_RULES,
  MUSIC_VIDEO_TECH_SPEC,
  RELEASE_MESSAGES,
  RELEASE_UI,
  VIDEO_MESSAGES as M,
  VIDEO_UI as UI,
} from '@portal/contracts';
import { launchBrowser, newPage, screenshot, screenshotsAt } from './support/browser';
import { createAndSubmitSingle } from './support/audio-release';
import { makeJpeg, makeJpegSized, makeWav } from './support/media';
import { newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';
import { settleLayout } from './support/wait-for';
import { DEFAULT_NEWS, DEFAULT_VIDEO_LINKS } from '../api/src/database/migrations/1764000100000-content';

/**
 * Acceptance (areas §3): on the running portal an artist creates and submits an audio release, then
 * releases its music video with a real 1920x1080 JPEG thumbnail (jpeg-js), meeting each client message
 * of areas §5 on the way, sees it In-Review in /video-catalog, finds it by search, sees "No Video Release
 * Found." for a search that matches nothing, and sees the dashboard's news and videos with no network
 * to YouTube. Any page error or console error fails the run.
 */
describe('video releases and the dashboard in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const user = newUser('video');
  const stamp = Date.now().toString(36);
  const release = { title: `Harbour Lights ${stamp}`, trackTitle: 'Harbour Lights', artist: 'Kabir Sen' };
  const thumbnail = makeJpegSized('thumbnail-1920x1080', 1920, 1080);
  const youtubeRequests: string[] = [];

  const starts = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
  const toast = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
  /** Wait until no toast with this text is on screen (one toast at a time; a repeated message must be new). */
  const toastGone = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'detached', timeout: 15_000 });
  const submit = () => page.getByRole('button', { name: UI.form.submit, exact: true }).click();
  const shots = (name: string) => screenshotsAt(page, name, [600]);

  /** A draft audio release of this user carrying `upc` (through the API, with the page's session). */
  async function draftWithUpc(upc: string) {
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const auth = { Authorization: `Bearer ${token}` };
    const form = new FormData();
    form.append('image', new Blob([readFileSync(makeJpeg('video-upc-artwork', 1400))]), 'cover.jpg');
    const art = (await (await fetch(`${portal.url}/api/upload?kind=artwork`, { method: 'POST', headers: auth, body: form })).json()) as { body: { filename: string } };
    const post = async (path: string, body: unknown) =>
      (await (await fetch(`${portal.url}/api/${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json()) as { status: number; body?: { artist_id: number } };
    const artist = await post('addArtist', { artist_type: 'primary', artist_name: `Upc Artist ${stamp}`, apple_id: '', spotify_id: '' });
    const year = new Date().getFullYear();
    const created = await post('createReleaseInfo', { album_artwork: art.body.filename, release_type: 'single', release_title: `Barcode ${stamp}`, primary_artist1: artist.body!.artist_id, genre: 'Pop', sub_genre: 'Indie Pop', lable_name: 'Saffron Sound', release_date: Date.now() + 20 * 86_400_000, p_line: `${year} Saffron Sound`, c_line: `${year} Saffron Sound`, upc_ean: upc });
    if (created.status !== 200) throw new Error(`createReleaseInfo: ${JSON.stringify(created)}`);
  }

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser));
    // This machine has no network to YouTube; make that explicit and count what the dashboard asks for.
    await page.context().route(/youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com/, (route) => {
      youtubeRequests.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await signUpInBrowser(page, portal, user);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('creates and submits an audio release first', async () => {
    const id = await createAndSubmitSingle(page, portal.url, { ...release, artworkFile: makeJpeg('video-artwork', 1400), audioFile: makeWav('video-track', 3, 392) });
    expect(id).toBeGreaterThan(0);
    await page.getByText(`${RELEASE_MESSAGES.totalAudioReleases}: 1`).waitFor({ timeout: 15_000 });
  });

  it('opens the video form from the chooser and shows the guidelines dialog with every rule and the specification', async () => {
    await page.goto(`${portal.url}/select_release`);
    await page.getByRole('link', { name: starts(RELEASE_UI.select.video) }).click();
    await page.waitForURL(/\/create_video_releases$/);
    await page.getByRole('heading', { name: UI.form.title }).waitFor();
    await page.getByRole('checkbox', { name: 'YouTube', exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: UI.form.guidelinesButton }).first().click();
    const dialog = page.getByRole('dialog', { name: UI.guidelines.title });
    await dialog.waitFor();
    const text = await dialog.innerText();
    for (const line of [...MUSIC_VIDEO_RULES, ...MUSIC_VIDEO_TECH_SPEC.video, ...MUSIC_VIDEO_TECH_SPEC.audio]) expect(text).toContain(line);
    await shots('video-form-guidelines');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await shots('video-form-empty');
  });

  it('shows each client message of areas §5, then submits the video', async () => {
    // Terms first.
    await submit();
    await toast(M.acceptTerms);
    await page.getByRole('checkbox', { name: starts(UI.form.termsBefore.trim()) }).check();
    await toastGone(M.acceptTerms);
    // Then the required fields.
    await submit();
    await toast(M.fillAllFields);

    // A thumbnail over 1.5 MB is refused before any upload.
    const big = join(tmpdir(), `too-big-${stamp}.jpg`);
    writeFileSync(big, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1_600_000)]));
    await page.getByLabel(UI.form.thumbnailLabel).setInputFiles(big);
    await toast(M.thumbnailTooLarge);
    // A real 1920x1080 JPEG, shown 16:9.
    await page.getByLabel(UI.form.thumbnailLabel).setInputFiles(thumbnail);
    await toast(M.thumbnailUploaded);
    const preview = page.getByRole('img', { name: UI.form.thumbnailPreview });
    await preview.waitFor();
    await page.waitForFunction(() => [...document.images].some((i) => i.alt === 'Thumbnail preview' && i.complete && i.naturalWidth === 1920 && i.naturalHeight === 1080));
    const box = (await preview.boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);

    // Select Audio waits for a release, loads its tracks, and is cleared when the release changes.
    const audio = page.getByLabel(starts(UI.form.audio));
    expect(await audio.isDisabled()).toBe(true);
    await page.getByLabel(starts(UI.form.release)).selectOption({ label: release.title });
    await page.waitForFunction((label) => [...document.querySelectorAll('option')].some((o) => o.textContent === label), release.trackTitle);
    await audio.selectOption({ label: release.trackTitle });
    await page.getByLabel(starts(UI.form.release)).selectOption('');
    expect(await audio.inputValue()).toBe('');
    expect(await audio.isDisabled()).toBe(true);
    await page.getByLabel(starts(UI.form.release)).selectOption({ label: release.title });
    await page.waitForFunction((label) => [...document.querySelectorAll('option')].some((o) => o.textContent === label), release.trackTitle);
    await audio.selectOption({ label: release.trackTitle });

    await page.getByLabel(starts(UI.form.downloadLink)).fill('ftp://files.example.com/harbour-lights.mov');
    await page.getByLabel(starts(UI.form.actor)).fill('Ravi Kumar, Dev Anand');
    await page.getByLabel(starts(UI.form.actress)).fill('Meera Nair');
    // The picker is read-only and starts at today + 6 days.
    const dateInput = page.getByLabel(starts(UI.form.releaseDate)).first();
    expect(await dateInput.getAttribute('readonly')).not.toBeNull();
    await dateInput.click();
    const calendar = page.getByRole('dialog', { name: RELEASE_UI.datePicker.dialogTitle });
    await calendar.waitFor();
    const tooEarly = calendar.getByRole('button', { name: dayjs(minReleaseDate()).subtract(1, 'day').format('D MMMM YYYY'), exact: true });
    if (await tooEarly.count()) expect(await tooEarly.isDisabled()).toBe(true);
    const target = dayjs(minReleaseDate()).add(4, 'day');
    const day = calendar.getByRole('button', { name: target.format('D MMMM YYYY'), exact: true });
    for (let i = 0; i < 3 && !(await day.count()); i++) await calendar.getByRole('button', { name: RELEASE_UI.datePicker.nextMonth }).click();
    await day.click();
    expect(await dateInput.inputValue()).toBe(target.format('DD/MM/YYYY'));

    // Formats, once every required field is there.
    await submit();
    await toast(M.downloadLinkInvalid);
    await page.getByLabel(starts(UI.form.downloadLink)).fill('https://wetransfer.com/downloads/harbour-lights');
    await page.getByLabel(starts(UI.form.upc)).fill('036000291453');
    await submit();
    await toast(M.upcCheckDigit);
    await page.getByLabel(starts(UI.form.upc)).fill('03600029');
    await submit();
    await toast(M.upcFormat);
    await page.getByLabel(starts(UI.form.upc)).fill('036000291452');
    await page.getByLabel(starts(UI.form.isrc)).fill('IN-A1B-26-001');
    await submit();
    await toast(M.isrcFormat);
    await page.getByLabel(starts(UI.form.isrc)).fill('IN-A1B-26-00001');
    // A UPC another release already carries (the identifier registry, decision 016): the server refuses it.
    const inUse = '012345678905';
    await draftWithUpc(inUse);
    await page.getByLabel(starts(UI.form.upc)).fill(inUse);
    await submit();
    await toast(M.upcInUse);
    await page.getByLabel(starts(UI.form.upc)).fill('036000291452');

    // The video platforms: 8 or more, all checked and locked.
    const platforms = page.getByRole('group', { name: starts('Video Platform') }).getByRole('checkbox');
    expect(await platforms.count()).toBeGreaterThanOrEqual(8);
    for (const box of await platforms.all()) {
      expect(await box.isChecked()).toBe(true);
      expect(await box.isDisabled()).toBe(true);
    }
    await shots('video-form-filled');

    await submit();
    await toast(M.submitted);
    await page.waitForURL(/\/video-catalog$/, { timeout: 15_000 });
  });

  it('lists the video as In-Review in /video-catalog, finds it by search and says "No Video Release Found." otherwise', async () => {
    await page.getByText(`${M.totalVideoReleases}: 1`).waitFor({ timeout: 15_000 });
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.getByRole('img', { name: 'In-Review' }).count()).toBe(1);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.slice(3)).toEqual([release.title, release.trackTitle, 'Ravi Kumar, Dev Anand', 'Meera Nair', dayjs(minReleaseDate()).add(4, 'day').format('DD/MM/YYYY')]);
    await page.waitForFunction(() => [...document.querySelectorAll('tbody img')].some((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth === 1920));
    const headers = await page.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim().toLowerCase())).toEqual(UI.catalog.columns.map((c) => c.toLowerCase()));
    await shots('video-catalog-full');

    // The total is 1 before and after: wait for the list the debounced search asked for.
    const searched = page.waitForResponse((r) => r.url().includes('getVideoCatelogListWeb') && new URL(r.url()).searchParams.get('search') === 'dev anand');
    await page.getByLabel(starts(UI.catalog.search)).fill('dev anand');
    await searched;
    await page.getByText(`${M.totalVideoReleases}: 1`).waitFor();
    expect(await rows.count()).toBe(1);
    await page.getByLabel(starts(UI.catalog.status)).selectOption({ label: 'Approved' });
    await page.getByText(M.noVideoRelease).waitFor({ timeout: 5000 });
    await page.getByLabel(starts(UI.catalog.status)).selectOption({ label: 'In-Review' });
    await page.getByText(`${M.totalVideoReleases}: 1`).waitFor();
    await page.getByLabel(starts(UI.catalog.search)).fill('no such video anywhere');
    await page.getByText(M.noVideoRelease).waitFor({ timeout: 5000 });
    await page.getByText(`${M.totalVideoReleases}: 0`).waitFor();
    await shots('video-catalog-empty');

    await page.getByRole('button', { name: UI.catalog.audioCatalog }).click();
    await page.waitForURL(/\/catalog$/);
  });

  it('shows the dashboard’s news (opening in a new tab) and update videos, the first large, with no network to YouTube', async () => {
    await page.goto(`${portal.url}/`);
    const news = page.getByRole('region', { name: DASHBOARD_UI.newsHeading }).getByRole('link');
    await news.first().waitFor({ timeout: 15_000 });
    expect(await news.count()).toBe(DEFAULT_NEWS.length);
    expect(await news.first().innerText()).toContain(DEFAULT_NEWS.at(-1)!.news_heading);
    expect(await news.first().getAttribute('href')).toBe(DEFAULT_NEWS.at(-1)!.news_link);
    expect(await news.first().getAttribute('target')).toBe('_blank');
    expect(await news.first().getAttribute('rel')).toContain('noopener');

    const updates = page.getByRole('region', { name: DASHBOARD_UI.updatesHeading });
    const figures = updates.locator('figure');
    // The videos show once the dashboard knows the artist has a release (a new artist gets "Get started").
    await figures.first().waitFor({ timeout: 15_000 });
    expect(await figures.count()).toBe(DEFAULT_VIDEO_LINKS.length);
    const newest = [...DEFAULT_VIDEO_LINKS].reverse();
    for (const [i, v] of newest.entries()) {
      const figure = figures.nth(i);
      expect(await figure.getAttribute('data-video-id')).toBe(v.video_link);
      expect(await figure.locator('[data-placeholder]').innerText()).toContain(v.title);
      expect(await figure.locator('figcaption').innerText()).toContain(v.title);
    }
    const first = (await figures.nth(0).boundingBox())!;
    const second = (await figures.nth(1).boundingBox())!;
    expect(first.width).toBeGreaterThan(second.width * 1.5);
    // The boxes hold 16:9 whether or not YouTube answers.
    const frame = (await figures.nth(0).locator('div').first().boundingBox())!;
    expect(Math.abs(frame.width / frame.height - 16 / 9)).toBeLessThan(0.02);
    // Nothing is asked of YouTube until a video is played; then the privacy-enhanced player loads lazily.
    expect(await page.locator('iframe').count()).toBe(0);
    expect(youtubeRequests).toEqual([]);
    await shots('dashboard');
    await figures.nth(1).getByRole('button', { name: fillMessage(DASHBOARD_UI.play, { title: newest[1].title }) }).click();
    const player = figures.nth(1).locator('iframe');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${newest[1].video_link}?autoplay=1&rel=0`);
    expect(await player.getAttribute('loading')).toBe('lazy');
    expect(await player.getAttribute('title')).toBe(newest[1].title);
    // No network to YouTube: the box keeps its place and size.
    const after = (await figures.nth(1).boundingBox())!;
    expect(Math.round(after.width)).toBe(Math.round(second.width));
    await settleLayout(page);
    await screenshot(page, 'dashboard-playing-offline-1280');
  });

  it('gates the video form: maintenance text first, then the revoked text', async () => {
    await portal.cli('away', 'on', 'Video releases are paused for maintenance until 18:00 UTC.');
    await portal.cli('revoke', user.email, '1');
    await page.goto(`${portal.url}/create_video_releases`);
    await page.getByText('Video releases are paused for maintenance until 18:00 UTC.').waitFor();
    expect(await page.getByRole('button', { name: UI.form.submit, exact: true }).count()).toBe(0);
    await portal.cli('away', 'off');
    await page.reload();
    await page.getByText(fillMessage(RELEASE_MESSAGES.revoked, { email: 'support@portal.local' })).waitFor();
    expect(await page.getByRole('button', { name: UI.form.submit, exact: true }).count()).toBe(0);
    await portal.cli('revoke', user.email, '0');
  });

  it('notifies the bell when an operator sets the video’s status, and the catalogue shows it', async () => {
    expect(await portal.cli('video-status', '1', 'approved')).toBe('video 1 is approved');
    await page.goto(`${portal.url}/video-catalog`);
    await page.getByRole('img', { name: 'Approved' }).first().waitFor({ timeout: 15_000 });
    const bell = await page.evaluate(async () => {
      const r = await fetch('/api/getNotificationsForUser?offset=0', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()) as { body: Array<{ notification: string }> };
    });
    expect(bell.body[0].notification).toBe(fillMessage(M.statusNotification, { title: release.title, status: 'Approved', reason: '' }));
  });

  it('logged no page errors and no console errors', () => {
    expect(errors).toEqual([]);
  });
});
