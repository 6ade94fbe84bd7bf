import type { Page } from 'playwright-core';
import dayjs from 'dayjs';
import { RELEASE_MESSAGES as M, RELEASE_UI as UI, minReleaseDate } from '@portal/contracts';

const starts = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * Choose, in the wizard's release-date calendar, the day `daysAfterMinimum` days after the earliest
 * allowed date (core §2: today + 6). The calendar is a chunk loaded on intent: it is awaited first, then
 * up to three months are paged forward. Answers the chosen day.
 */
export async function pickReleaseDate(page: Page, daysAfterMinimum: number): Promise<dayjs.Dayjs> {
  const target = dayjs(minReleaseDate()).add(daysAfterMinimum, 'day');
  await page.getByLabel(starts(UI.info.releaseDate)).first().click();
  const calendar = page.getByRole('dialog', { name: UI.datePicker.dialogTitle });
  await calendar.waitFor();
  const day = calendar.getByRole('button', { name: target.format('D MMMM YYYY'), exact: true });
  for (let i = 0; i < 3 && !(await day.count()); i++) await calendar.getByRole('button', { name: UI.datePicker.nextMonth }).click();
  await day.click();
  return target;
}

/**
 * Create and submit a single in the audio wizard, in the browser (core §2 tabs 1-4): artwork, a new
 * primary artist, the required info, one track from `audioFile` with every required field, platforms
 * (CRBT and video off), terms, Submit. Ends on /catalog. `artworkFile` is a real JPEG, `audioFile` a
 * real WAV or MP3. Answers the release id.
 */
export async function createAndSubmitSingle(page: Page, baseUrl: string, r: { title: string; trackTitle: string; artist: string; artworkFile: string; audioFile: string }): Promise<number> {
  await page.goto(`${baseUrl}/create_releases`);
  const selectedTab = (name: string) =>
    page.waitForFunction((n) => [...document.querySelectorAll('[role=tab]')].some((t) => t.textContent?.includes(n) && t.getAttribute('aria-selected') === 'true'), name, { timeout: 15_000 });
  await selectedTab(UI.wizard.tabs[0]);
  await page.getByLabel(UI.info.artworkLabel).setInputFiles(r.artworkFile);
  await page.getByText(M.artworkUploaded).first().waitFor({ timeout: 15_000 });
  await page.getByLabel(starts(UI.info.releaseType)).selectOption('single');
  await page.getByLabel(starts(UI.info.releaseTitle)).fill(r.title);
  await page.getByRole('button', { name: UI.info.newPrimaryArtist, exact: true }).first().click();
  const add = page.getByRole('dialog', { name: M.addPrimaryArtist });
  await add.getByLabel(starts(UI.addArtist.artistName)).fill(r.artist);
  await add.getByRole('button', { name: UI.addArtist.add, exact: true }).click();
  await add.waitFor({ state: 'detached' });
  await page.getByLabel(starts('Primary Artist 1')).selectOption({ label: r.artist });
  await page.getByLabel(starts(UI.info.genre)).first().selectOption('Pop');
  await page.getByLabel(starts(UI.info.subGenre)).first().selectOption({ index: 1 });
  await page.getByLabel(starts(UI.info.labelName)).fill('Blue Lotus Records');
  await pickReleaseDate(page, 3);
  await page.getByLabel(starts(UI.info.pLine)).fill('2026 Blue Lotus Records');
  await page.getByLabel(starts(UI.info.cLine)).fill('2026 Blue Lotus Records');
  await page.getByRole('button', { name: UI.wizard.saveAndContinue, exact: true }).click();
  await page.getByRole('dialog', { name: M.confirmTitle }).getByRole('button', { name: 'Yes', exact: true }).click();
  await page.waitForURL(/\/create_releases\/\d+/);
  const releaseId = Number(/create_releases\/(\d+)/.exec(page.url())![1]);
  await selectedTab(UI.wizard.tabs[1]);

  await page.getByLabel(UI.songs.audioFile).last().setInputFiles(r.audioFile);
  await page.locator('audio').last().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: UI.songs.addDetails, exact: true }).last().click();
  const d = page.getByRole('dialog', { name: UI.track.dialogTitle });
  await d.waitFor();
  const f = (label: string) => d.getByLabel(starts(label)).first();
  await f(UI.track.version).selectOption('Original');
  await f(UI.track.instrumental).selectOption('No');
  await f(UI.track.title).fill(r.trackTitle);
  await f('Primary Artist 1').selectOption({ label: r.artist });
  await f('Author 1').fill('Meera Nair');
  await f('Composer 1').fill('Arjun Das');
  await f(UI.track.pLine).fill('2026 Blue Lotus Records');
  await f(UI.track.productionYear).fill(String(new Date().getFullYear()));
  await f(UI.track.ownIsrc).selectOption('No');
  await f(UI.track.genre).selectOption('Pop');
  await f(UI.track.subGenre).selectOption({ index: 1 });
  await f(UI.track.priceTier).selectOption('1.49');
  await f(UI.track.explicitVersion).selectOption('No');
  await f(UI.track.titleLanguage).selectOption('en');
  await f(UI.track.lyricsLanguage).selectOption('en');
  await f(UI.track.distributeVideo).selectOption('No');
  await d.getByRole('button', { name: UI.track.save, exact: true }).click();
  await d.waitFor({ state: 'detached', timeout: 15_000 });
  await page.getByRole('button', { name: UI.wizard.next, exact: true }).click();
  await selectedTab(UI.wizard.tabs[2]);
  await page.getByRole('checkbox', { name: starts('Audio Stores') }).waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: UI.wizard.saveAndContinue, exact: true }).click();
  await selectedTab(UI.wizard.tabs[3]);
  await page.getByRole('checkbox', { name: starts(UI.submission.termsBefore.trim()) }).check();
  await page.getByRole('button', { name: UI.submission.submit, exact: true }).click();
  await page.waitForURL(/\/catalog$/, { timeout: 15_000 });
  return releaseId;
}
