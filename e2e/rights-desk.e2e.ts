import type { Browser, Page } from 'playwright-core';
import { CONSOLE_NAV_UI, fillMessage, RIGHTS_DESK_MESSAGES, RIGHTS_DESK_UI as U, TOOLS_MESSAGES } from '@portal/contracts';
import { launchBrowser, newPage, screenshotsAt } from './support/browser';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';
import { createSubmittedRelease } from './support/release-api';
import { makeJpeg, makeMp3 } from './support/media';

/**
 * The tools and rights desk in a real browser (docs/decisions/019): an artist's playlist pitch is
 * rejected with a reason on the console's desk (kind filter, details with the submitted links), the
 * artist sees the reason in their playlist pitch history and bell, and a second decision is refused
 * (409) — the request stays rejected under the "Processed" filter. Screenshots at 1280, 600 and 412 px.
 */
describe('tools and rights desk in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let support: { page: Page; errors: string[] };
  let artist: { page: Page; errors: string[] };
  const supportUser = newUser('support');
  const artistUser = newUser('artist');
  let artistToken = '';
  let supportToken = '';
  let pitchId = 0;
  let lyricsId = 0;
  const LRC = ['[ti:Monsoon Nights]', '[00:12.40]Rain on the window', '[00:16.00]Monsoon nights'].join('\n');
  const REASON = 'The mix is not mastered yet; pitch it again with the final master.';

  const api = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const r = await fetch(`${portal.url}/api/${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several endpoints; each use names the fields it checks
    return { http: r.status, ...((await r.json()) as { status: number; message: string; body: any }) };
  };
  const both = (p: Page, name: string) => screenshotsAt(p, `rights-${name}`, [600, 412]);

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    support = await newPage(browser);
    artist = await newPage(browser);
    for (const p of [support, artist]) p.page.setDefaultTimeout(15_000);
    await signUpInBrowser(artist.page, portal, artistUser);
    await signUpInBrowser(support.page, portal, supportUser);
    artistToken = (await artist.page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const rel = await createSubmittedRelease(portal, artistToken, { title: 'Monsoon Nights', trackTitle: 'Monsoon Nights (Song)', artwork: makeJpeg('rights-monsoon', 600), audio: makeMp3('rights-monsoon', 2, 330) });
    const pitch = await api(artistToken, 'POST', 'submitPitchPlaylist', {
      release_id: rel.releaseId,
      audio_id: rel.audioId,
      why_pitch: 'A monsoon love song recorded live with a string quartet.',
      quick_pitch: 'Rain-soaked synth pop with strings',
      artwork_asset: '',
      additional_assets: '',
      additional_info: '',
      press_release: ['https://press.example.com/monsoon'],
      social_media: ['https://instagram.com/asharao'],
      moods: ['Romantic'],
    });
    expect(pitch.status).toBe(200);
    pitchId = pitch.body.id;
    // A lyrics request with an LRC upload, for the preview.
    const form = new FormData();
    form.append('file', new Blob([LRC], { type: 'text/plain' }), 'song.lrc');
    const up = (await (await fetch(`${portal.url}/api/videoUpload`, { method: 'POST', headers: { Authorization: `Bearer ${artistToken}` }, body: form })).json()) as { body: { filename: string } };
    const lyrics = await api(artistToken, 'POST', 'submitDistributeLyrics', { release_id: rel.releaseId, audio_id: rel.audioId, lyrics_language: 'hi', p_rights: 'Yes', iswc: '', lrc_link: up.body.filename, lyrics: 'Rain on the window\nMonsoon nights' });
    expect(lyrics.status).toBe(200);
    lyricsId = lyrics.body.id;
    await portal.cli('staff', 'add', supportUser.email, 'support');
    await support.page.goto(`${portal.url}/ops`);
    await enrolTotp(support.page);
    await support.page.getByRole('navigation', { name: CONSOLE_NAV_UI.navLabel }).getByRole('link', { name: U.tab }).waitFor();
    supportToken = (await support.page.evaluate(() => localStorage.getItem('token'))) ?? '';
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(() => {
    expect(support.errors).toEqual([]);
    expect(artist.errors).toEqual([]);
  });

  it('support rejects the pitch with a reason; the artist sees it; a second decision is refused', async () => {
    const p = support.page;
    await p.getByRole('navigation', { name: CONSOLE_NAV_UI.navLabel }).getByRole('link', { name: U.tab }).click();
    await p.getByRole('heading', { name: U.heading }).waitFor();
    await p.getByLabel(U.kindFilter).selectOption('playlist');
    const table = p.getByRole('table');
    await table.getByText('artist', { exact: false }).first().waitFor();
    await both(p, 'queue');
    const name = fillMessage(U.detail, { kind: U.kindLabel.playlist, id: pitchId });
    await p.getByRole('button', { name: `${U.open} ${name}` }).click();
    const dialog = p.getByRole('dialog', { name });
    const link = dialog.getByRole('link', { name: 'https://press.example.com/monsoon' });
    expect([await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    await dialog.getByLabel(U.reason).fill(REASON);
    await both(p, 'detail');
    await dialog.getByRole('button', { name: U.reject }).click();
    const confirm = p.getByRole('dialog', { name: U.reject });
    await confirm.getByText(fillMessage(U.confirmReject, { kind: 'playlist pitch', id: pitchId, title: 'Monsoon Nights (Song)' })).waitFor();
    await confirm.getByRole('button', { name: U.reject }).click();
    await p.getByText(fillMessage(RIGHTS_DESK_MESSAGES.rejected, { kind: 'playlist pitch', id: pitchId })).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Processed requests stay findable, with the reason.
    await p.getByLabel(U.statusFilter).selectOption('processed');
    await p.getByRole('table').getByText(REASON).waitFor();
    await both(p, 'processed');

    // A second decision (here: an approval through the API) is refused and changes nothing.
    const again = await api(supportToken, 'POST', 'ops/rights/decide', { kind: 'playlist', id: pitchId, decision: 'approved' });
    expect([again.http, again.message]).toEqual([409, fillMessage(RIGHTS_DESK_MESSAGES.alreadyDecided, { status: 'rejected' })]);

    // The artist sees the reason in the playlist pitch history and in the bell.
    const a = artist.page;
    await a.goto(`${portal.url}/marketing/playlist-pitchment`);
    await a.locator('tbody tr').first().getByText(REASON).waitFor({ timeout: 20_000 });
    await a.locator('tbody tr').first().getByRole('img', { name: 'Rejected', exact: true }).waitFor();
    const bell = await api(artistToken, 'GET', 'getNotificationsForUser');
    expect(bell.body.map((n: { notification: string }) => n.notification)).toContain(
      fillMessage(TOOLS_MESSAGES.reviewNotification, { kind: 'playlist pitch', title: 'Monsoon Nights (Song)', status: 'Rejected', reason: ` ${REASON}` }),
    );
  });

  it('a lyrics request shows the lyrics and the uploaded LRC file in previews', async () => {
    const p = support.page;
    await p.getByLabel(U.kindFilter).selectOption('lyrics');
    await p.getByLabel(U.statusFilter).selectOption('in_review');
    const name = fillMessage(U.detail, { kind: U.kindLabel.lyrics, id: lyricsId });
    await p.getByRole('button', { name: `${U.open} ${name}` }).click();
    const dialog = p.getByRole('dialog', { name });
    expect(await dialog.getByLabel(U.lrcPreview).textContent()).toBe(LRC);
    expect(await dialog.getByLabel(U.lrcPreview).evaluate((e) => e.tagName)).toBe('PRE');
    await both(p, 'lyrics');
  });
});
