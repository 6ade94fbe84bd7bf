import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOOLS_MESSAGES as M, TOOLS_UI as UI } from '@portal/contracts';
import { launchBrowser, newPage, screenshot, screenshotsAt } from './support/browser';
import { newUser, signUpInBrowser } from './support/flows';
import { makeJpeg, makeMp3 } from './support/media';
import { startPortal, type Portal } from './support/portal';
import { createSubmittedRelease } from './support/release-api';
import { settleLayout } from './support/wait-for';

/**
 * Acceptance (docs/decisions/005): on the running portal, an artist with an upcoming release submits a profile
 * linking request, a playlist pitch (two moods, two social links through the URL dialog, "Invalid URL at
 * position 2" on the way), lyrics with a real LRC file, a UGC claim with two URLs and a whitelist request,
 * each checked against the client messages of areas §5; sees each in its history as In Review; after
 * the operator CLI approves one and rejects another, sees the new status icons; sees an operator-added
 * promotion, searches it and opens its image preview. Screenshots at 1280 and 600 px of every mode,
 * dialog and the promotions page. Fails on page errors and on console errors other than the
 * deliberate 400 answer to a bad LRC file.
 */
describe('tools, rights and promotions in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const user = newUser('tools');
  const stamp = Date.now().toString(36);
  const title = `Monsoon Nights ${stamp}`;
  const track = `Monsoon Nights (Radio Edit) ${stamp}`;
  const lrcDir = tmpdir();
  const goodLrc = join(lrcDir, `good-${stamp}.lrc`);
  const badLrc = join(lrcDir, `bad-${stamp}.lrc`);

  beforeAll(async () => {
    writeFileSync(goodLrc, ['[ar:Asha Rao]', `[ti:${track}]`, '', '[00:12.40]Rain on the window', '[00:16.00][01:20.00]Monsoon nights', '[00:21.50]Dancing slow'].join('\n'));
    writeFileSync(badLrc, ['[ti:Broken]', '[00:12.40]First line', 'a line without a time tag'].join('\n'));
    portal = await startPortal();
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser));
    await signUpInBrowser(page, portal, user);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await createSubmittedRelease(portal, token!, { title, trackTitle: track, artwork: makeJpeg(`tools-art-${stamp}`, 600), audio: makeMp3(`tools-audio-${stamp}`, 2, 330) });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** A field by its label; a required field's label ends with a "*" mark. */
  const field = (label: string) => page.getByLabel(new RegExp(`^${escape(label)}\\*?$`));
  const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
  const dialog = (name: string) => page.getByRole('dialog', { name });
  async function toast(text: string) {
    await page.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
  }
  async function shots(name: string) {
    await settleLayout(page);
    await screenshotsAt(page, `tools-${name}`, [600]);
  }
  async function open(path: string, heading: string) {
    await page.goto(`${portal.url}${path}`);
    await page.getByRole('heading', { name: heading }).first().waitFor({ timeout: 20_000 });
  }
  async function chooseReleaseAndAudio() {
    await page.waitForFunction((t) => [...document.querySelectorAll('select[name=release_id] option')].some((o) => o.textContent === t), title, { timeout: 15_000 });
    await field(UI.selectRelease).selectOption({ label: title });
    await page.waitForFunction((t) => [...document.querySelectorAll('select[name=audio_id] option')].some((o) => o.textContent === t), track, { timeout: 15_000 });
    await field(UI.selectAudio).selectOption({ label: track });
  }
  async function submit() {
    await page.locator('form').getByRole('button', { name: UI.submit, exact: true }).click();
  }
  /** The first history row shows this status icon (accessible name = tooltip). */
  async function firstRowStatus(label: string) {
    await page.locator('tbody tr').first().getByRole('img', { name: label, exact: true }).waitFor({ timeout: 15_000 });
  }
  /** Open the "Add Url(s)" dialog of the URL list field labelled `label` (its button shows "{n} URL added (Click to add)"). */
  async function addUrls(label: string, urls: [string, string], badSecond: string) {
    expect((await field(label).textContent())?.trim()).toBe('0 URL added (Click to add)');
    await field(label).click();
    const d = dialog(UI.addUrls);
    await d.waitFor();
    await d.getByLabel('URL 1', { exact: true }).fill(urls[0]);
    await d.getByRole('button', { name: UI.addUrl }).click();
    await d.getByLabel('URL 2', { exact: true }).fill(badSecond);
    await d.getByRole('button', { name: UI.save }).click();
    await d.getByRole('alert').filter({ hasText: 'Invalid URL at position 2' }).waitFor();
    return d;
  }

  it('profile linking: client messages, submission, In Review in the history', async () => {
    await open('/tools/profile-linking', UI.headings.profileLinking);
    await shots('profile-linking');
    await submit();
    await toast(M.mandatory);
    await chooseReleaseAndAudio();
    await field(UI.artist).fill('Asha Rao');
    await field(UI.facebookLink).fill('https://example.com/asharao');
    await field(UI.instagramLink).fill('https://www.instagram.com/asharao');
    await submit();
    await toast(M.invalidFacebook);
    await field(UI.facebookLink).fill('https://www.facebook.com/asharao');
    await field(UI.instagramLink).fill('instagram');
    await submit();
    await toast(M.invalidInstagram);
    await field(UI.instagramLink).fill('https://www.instagram.com/asharao');
    await submit();
    await toast(M.submitted);
    expect(await field(UI.artist).inputValue()).toBe('');
    expect(await field(UI.selectRelease).inputValue()).toBe('');
    await firstRowStatus('In Review');
    await page.getByRole('cell', { name: 'Asha Rao', exact: true }).waitFor();
    await shots('profile-linking-history');
  });

  it('a mode switch by the menu resets the form (areas §4)', async () => {
    await open('/tools/profile-linking', UI.headings.profileLinking);
    await field(UI.artist).fill('Half typed');
    await page.getByRole('link', { name: UI.headings.lyrics, exact: true }).click();
    await page.getByRole('heading', { name: UI.headings.lyrics }).first().waitFor();
    await page.getByRole('link', { name: UI.headings.profileLinking, exact: true }).click();
    await page.getByRole('heading', { name: UI.headings.profileLinking }).first().waitFor();
    expect(await field(UI.artist).inputValue()).toBe('');
    await firstRowStatus('In Review');
  });

  it('playlist pitch: guidelines, URL dialog with "Invalid URL at position 2", two moods, submission', async () => {
    await open('/marketing/playlist-pitchment', UI.headings.playlist);
    await page.getByText(UI.notGuaranteed).waitFor();
    await shots('playlist');
    await button(UI.viewGuidelines).click();
    await dialog(UI.viewGuidelines).getByText('What editors look for').waitFor();
    await shots('playlist-guidelines');
    await page.keyboard.press('Escape');
    await submit();
    await toast(M.mandatory);
    await chooseReleaseAndAudio();
    await page.getByLabel(UI.whyPitch).fill('Recorded live with a string quartet during the first monsoon rain; it is the lead single of the EP.');
    await page.getByLabel(UI.quickPitch).fill('Rain-soaked synth pop with live strings');
    await field(UI.additionalAssets).fill('press kit');
    await submit();
    await toast(M.invalidAdditionalAssets);
    await field(UI.additionalAssets).fill('https://drive.example.com/press-kit');

    const d = await addUrls(UI.socialLinks, ['https://www.instagram.com/asharao', 'https://www.youtube.com/@asharao'], 'not a url');
    await toast('Invalid URL at position 2');
    await shots('url-dialog-invalid');
    await d.getByLabel('URL 2', { exact: true }).fill('https://www.youtube.com/@asharao');
    await d.getByRole('button', { name: UI.save }).click();
    await d.waitFor({ state: 'hidden' });
    // Press release stays empty; the social links button now counts two.
    expect((await field(UI.socialLinks).textContent())?.trim()).toBe('2 URL added (Click to add)');
    expect((await field(UI.pressRelease).textContent())?.trim()).toBe('0 URL added (Click to add)');

    await submit();
    await toast(M.mandatory); // no mood yet
    expect((await field(UI.moods).textContent())?.trim()).toBe('0 Moods selected');
    await field(UI.moods).click();
    const moods = dialog(UI.selectMoods);
    await moods.getByRole('button', { name: 'None of these' }).click();
    await moods.getByText('1 Moods selected').waitFor();
    await moods.getByRole('button', { name: 'Happy' }).click();
    await moods.getByRole('button', { name: 'Romantic' }).click();
    await moods.getByText('2 Moods selected').waitFor();
    expect(await moods.getByRole('button', { name: 'None of these' }).getAttribute('aria-pressed')).toBe('false');
    expect(await moods.getByRole('button', { name: 'Chill' }).isDisabled()).toBe(true);
    await shots('moods-dialog');
    await moods.getByRole('button', { name: UI.save }).click();
    await page.getByText('2 Moods selected').first().waitFor();
    await submit();
    await toast(M.submitted);
    await firstRowStatus('In Review');
    await page.getByRole('button', { name: UI.viewPitch }).click();
    await dialog(UI.pitchDetails).getByText('Happy, Romantic').waitFor();
    await shots('pitch-details');
    await page.keyboard.press('Escape');
  });

  it('lyrics: ISWC check digit, a bad LRC refused with its line number, a real LRC file, submission', async () => {
    await open('/tools/distribute-lyrics', UI.headings.lyrics);
    await shots('lyrics');
    await button(UI.viewGuidelines).click();
    await dialog(UI.viewGuidelines).getByText('Transcription').waitFor();
    await shots('lyrics-guidelines');
    await page.keyboard.press('Escape');
    await submit();
    await toast(M.mandatory);
    await chooseReleaseAndAudio();
    await field(UI.lyricsLanguage).selectOption({ label: 'Hindi' });
    await field(UI.pRights).selectOption('Yes');
    await field(UI.lyrics).fill('Rain on the window\nMonsoon nights\n\nDancing slow');
    await field(UI.iswc).fill('T-034.524.680-2');
    await submit();
    await toast(M.iswcInvalid);
    await field(UI.iswc).fill('T-034.524.680-1');
    await field(UI.lrcFile).setInputFiles(badLrc);
    await toast('Invalid LRC file at line 3: expected [mm:ss.xx] time tags or an ID tag');
    await field(UI.lrcFile).setInputFiles(goodLrc);
    await toast(M.lrcUploaded);
    await page.getByText(/: 3 timed lines$/).waitFor();
    await submit();
    await toast(M.submitted);
    await firstRowStatus('In Review');
    await page.getByRole('cell', { name: 'Hindi', exact: true }).waitFor();
    await page.getByRole('button', { name: UI.viewDetails }).click();
    const details = dialog(UI.lyricsDetails);
    await details.getByText('T-034.524.680-1').waitFor();
    await details.getByText(UI.lrcAttached).waitFor();
    await shots('lyrics-details');
    await page.keyboard.press('Escape');
  });

  it('UGC claim: misuse notice, guidelines, URL dialog warning, two URLs, submission', async () => {
    await open('/rights/ugc-claims', UI.headings.ugc);
    await page.getByText(/Misuse of the rights tools/).waitFor();
    await shots('ugc');
    await button(UI.guidelines).click();
    await dialog(UI.guidelines).getByRole('listitem').first().waitFor();
    await shots('ugc-guidelines');
    await page.keyboard.press('Escape');
    await submit();
    await toast(M.mandatory);
    await chooseReleaseAndAudio();
    await field(UI.selectPlatform).selectOption('Youtube');
    await field(UI.selectPolicy).selectOption('Monetize');
    // Saving an empty list does nothing (areas §2): the dialog stays, the count stays 0.
    await field(UI.url).click();
    await dialog(UI.addUrls).getByRole('button', { name: UI.save }).click();
    await page.waitForTimeout(300); // kept on purpose: a while in which the dialog must NOT close (an absence)
    expect(await dialog(UI.addUrls).isVisible()).toBe(true);
    await dialog(UI.addUrls).getByRole('button', { name: UI.cancel }).click();
    await dialog(UI.addUrls).waitFor({ state: 'hidden' });
    const d = await addUrls(UI.url, ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be', 'https://youtu.be/9bZkp7q19f0'], 'youtube video');
    await d.getByText(UI.ugcUrlWarning).waitFor();
    await shots('ugc-url-dialog');
    await d.getByLabel('URL 2', { exact: true }).fill('https://youtu.be/9bZkp7q19f0');
    await d.getByRole('button', { name: UI.save }).click();
    await d.waitFor({ state: 'hidden' });
    expect((await field(UI.url).textContent())?.trim()).toBe('2 URL added (Click to add)');
    await submit();
    await toast(M.submitted);
    await firstRowStatus('In Review');
    await page.getByRole('button', { name: '2 URL', exact: true }).click();
    const list = dialog(UI.claimUrls);
    // Stored normalised: the '&feature=youtu.be' is gone.
    await list.getByRole('link', { name: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', exact: true }).waitFor();
    await list.getByRole('link', { name: 'https://www.youtube.com/watch?v=9bZkp7q19f0', exact: true }).waitFor();
    await shots('ugc-claim-urls');
    await page.keyboard.press('Escape');
  });

  it('whitelist: Beta, "Please enter a valid link", submission', async () => {
    await open('/rights/whitelist', UI.headings.whitelist);
    await page.getByText(UI.betaNotice).waitFor();
    await shots('whitelist');
    await submit();
    await toast(M.mandatory);
    await field(UI.selectPlatform).selectOption('Youtube');
    await field(UI.selectChannelType).selectOption('Artist Channel');
    await page.getByPlaceholder(UI.channelNamePlaceholder).fill('Asha Rao Official');
    await page.getByPlaceholder(UI.urlPlaceholder).fill('www.youtube.com/@asharao');
    await submit();
    await toast(M.invalidLink);
    await page.getByPlaceholder(UI.urlPlaceholder).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await submit();
    await toast(M.youtubeChannelUrl);
    await page.getByPlaceholder(UI.urlPlaceholder).fill('https://www.youtube.com/@asharao');
    await submit();
    await toast(M.submitted);
    await firstRowStatus('In Review');
    await page.getByRole('link', { name: UI.clickToOpen }).waitFor();
    await shots('whitelist-history');
  });

  it('shows the operator’s outcomes: the UGC claim approved, the whitelist request rejected', async () => {
    const firstId = async (kind: string) => Number((await portal.cli('tools-pending', kind)).split('\t')[0]);
    await portal.cli('tools-review', 'ugc', String(await firstId('ugc')), 'approved');
    await portal.cli('tools-review', 'whitelist', String(await firstId('whitelist')), 'rejected', 'Channel', 'not', 'owned', 'by', 'the', 'artist.');
    await open('/rights/ugc-claims', UI.headings.ugc);
    await firstRowStatus('Approved');
    await page.getByRole('link', { name: UI.headings.whitelist }).first().click().catch(() => page.goto(`${portal.url}/rights/whitelist`));
    await page.getByRole('heading', { name: UI.headings.whitelist }).first().waitFor();
    await firstRowStatus('Rejected');
    await page.getByText('Channel not owned by the artist.').waitFor();
    await shots('whitelist-rejected');
    // The artist's bell tells both outcomes.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const bell = page.getByRole('region', { name: 'Notifications' });
    await bell.getByText(`Your UGC claim request for "${track}" is Approved.`).waitFor();
    await bell.getByText('Your whitelist request for "Asha Rao Official" is Rejected. Channel not owned by the artist.').waitFor();
    await page.keyboard.press('Escape');
  });

  it('lists an operator-added promotion, searches it and previews its image', async () => {
    const image = makeJpeg(`promo-${stamp}`, 400);
    await portal.cli('promotion-add', user.email, track, 'Spotify', 'Editorial', 'Monsoon Chill', 'https://open.spotify.com/playlist/37i9dQZF1DX4WYpdgoIcn6', image);
    await open('/marketing/promotions', UI.headings.promotions);
    await page.getByRole('cell', { name: track, exact: true }).waitFor();
    const link = page.getByRole('link', { name: UI.clickHere });
    expect(await link.getAttribute('target')).toBe('_blank');
    await shots('promotions');
    await page.getByPlaceholder(UI.search).fill('zzz-nothing');
    await page.getByText(UI.noPromotionMatch).waitFor();
    await page.getByPlaceholder(UI.search).fill('monsoon chill');
    await page.getByRole('cell', { name: 'Monsoon Chill', exact: true }).waitFor();
    await page.getByRole('button', { name: `${UI.previewImage}: ${track}` }).click();
    const preview = dialog(UI.previewImage);
    await preview.getByRole('img').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[role=dialog] img')].some((i) => (i as HTMLImageElement).naturalWidth === 400));
    await shots('promotion-preview');
    await page.keyboard.press('Escape');
  });

  it('shows "No Promotions Yet" to an artist without promotions', async () => {
    const { page: other, errors: otherErrors } = await newPage(browser);
    await signUpInBrowser(other, portal, newUser('fresh'));
    await other.goto(`${portal.url}/marketing/promotions`);
    await other.getByText(M.noPromotions).waitFor({ timeout: 20_000 });
    await screenshot(other, 'tools-promotions-empty-1280');
    expect(otherErrors).toEqual([]);
    await other.close();
  });

  it('logged no page errors and no console errors besides the refused LRC upload', () => {
    const unexpected = errors.filter((e) => !/^console: Failed to load resource: the server responded with a status of 400/.test(e));
    expect(unexpected).toEqual([]);
    expect(errors.length).toBeLessThanOrEqual(1);
  });
});
