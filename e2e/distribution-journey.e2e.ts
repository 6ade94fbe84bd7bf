import type { Browser, Page } from 'playwright-core';
import dayjs from 'dayjs';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { AUDIO_TUS_PATH, DELIVERY_MESSAGES, OPS_UI, QC_UI, RELEASE_LIMITS, RELEASE_MESSAGES as M, RELEASE_UI as UI } from '@portal/contracts';
import { pickReleaseDate } from './support/audio-release';
import { launchBrowser, newPage, screenshotsAt } from './support/browser';
import { makeJpeg } from './support/media';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { freePort, startPortal, type Portal } from './support/portal';

/** Real media for the stores' rules: WAVs made by ffmpeg, JPEG covers by jpeg-js. */
const mediaDir = mkdtempSync(join(tmpdir(), 'dist-e2e-'));
function wav(name: string, args: string[]): string {
  const file = join(mediaDir, `${name}.wav`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  return file;
}
const goodWav = (name: string, freq: number) => wav(name, ['-f', 'lavfi', '-i', `sine=f=${freq}:d=31`, '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le']);

/** An SFTP server for the stores: OpenSSH sshd on a free port, its own host key, key login, sftp only. */
async function startSftp(dir: string): Promise<{ port: number; user: string; keyFile: string; root: string; stop(): void }> {
  mkdirSync('/run/sshd', { recursive: true });
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'host_key')]);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'client_key')]);
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'client_key.pub')));
  const root = join(dir, 'stores');
  mkdirSync(root);
  const port = await freePort();
  writeFileSync(
    join(dir, 'sshd_config'),
    [`Port ${port}`, 'ListenAddress 127.0.0.1', `HostKey ${join(dir, 'host_key')}`, `PidFile ${join(dir, 'sshd.pid')}`, `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`, 'PasswordAuthentication no', 'KbdInteractiveAuthentication no', 'PermitRootLogin prohibit-password', 'StrictModes no', 'UsePAM no', 'Subsystem sftp internal-sftp', 'ForceCommand internal-sftp', 'AllowTcpForwarding no', ''].join('\n'),
  );
  const child: ChildProcess = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', join(dir, 'sshd_config')], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sshd did not start')), 10_000);
    child.stderr!.on('data', (d: Buffer) => /Server listening/.test(String(d)) && (clearTimeout(timer), resolve()));
  });
  return { port, user: execFileSync('id', ['-un']).toString().trim(), keyFile: join(dir, 'client_key'), root, stop: () => child.kill('SIGTERM') };
}

/**
 * The distribution engine's "Done when" in the browser (docs/decisions/020): an album of three tracks
 * made in the wizard with real files passes the store check; a 22.05 kHz mono WAV and a 1000×1000
 * artwork are refused with their measured values; approved, the release is delivered over SFTP to two
 * stores and the artist sees "Delivered" per store; a 100 MB audio upload cut at about 60 % resumes
 * from where it stopped (tus) and completes.
 */
describe('distribution: store QC and delivery in the browser', () => {
  let portal: Portal;
  let sftp: Awaited<ReturnType<typeof startSftp>>;
  let work: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let releaseId: number;
  const user = newUser('dist');
  const title = `Delta Lights ${Date.now().toString(36)}`;
  const starts = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'dist-e2e-sftp-'));
    sftp = await startSftp(work);
    portal = await startPortal({ env: { STORE_QC: 'enforce', DELIVERY_BACKOFF_MS: '500' } });
    for (const store of ['Spotify', 'Deezer']) {
      await portal.cli('delivery-target', store, `PADPIDA2026${store.toUpperCase()}`, `sftp://${sftp.user}@127.0.0.1:${sftp.port}${join(sftp.root, store.toLowerCase())}`, '--key-file', sftp.keyFile);
    }
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser));
    await signUpInBrowser(page, portal, user);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    sftp?.stop();
    rmSync(work, { recursive: true, force: true });
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const shots = (name: string) => screenshotsAt(page, name, [412]);
  async function toast(text: string) {
    await page.getByText(text).first().waitFor({ timeout: 20_000 });
  }

  it('refuses a 1000×1000 artwork and a 22.05 kHz mono WAV with their measured values; three good tracks are store-ready', async () => {
    await page.goto(`${portal.url}/select_release`);
    await page.getByRole('link', { name: starts(UI.select.audio) }).click();
    await page.waitForURL(/\/create_releases$/);

    await page.getByLabel(UI.info.artworkLabel).setInputFiles(makeJpeg('small-cover', 1000));
    await toast('Artwork must be at least 3000×3000 pixels; this image is 1000×1000 pixels.');
    await page.getByLabel(UI.info.artworkLabel).setInputFiles(makeJpeg('store-cover', 3000));
    await toast(M.artworkUploaded);

    const artist = `Asha ${Date.now().toString(36)}`;
    await page.getByLabel(starts(UI.info.releaseType)).selectOption('album');
    await page.getByLabel(starts(UI.info.releaseTitle)).fill(title);
    await page.getByRole('button', { name: UI.info.newPrimaryArtist, exact: true }).first().click();
    const add = page.getByRole('dialog', { name: M.addPrimaryArtist });
    await add.getByLabel(starts(UI.addArtist.artistName)).fill(artist);
    await add.getByRole('button', { name: UI.addArtist.add, exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByLabel(starts('Primary Artist 1')).selectOption({ label: artist });
    await page.getByLabel(starts(UI.info.genre)).first().selectOption('Pop');
    await page.getByLabel(starts(UI.info.subGenre)).first().selectOption({ index: 1 });
    await page.getByLabel(starts(UI.info.labelName)).fill('Delta Records');
    await pickReleaseDate(page, 2);
    await page.getByLabel(starts(UI.info.pLine)).fill('2026 Delta Records');
    await page.getByLabel(starts(UI.info.cLine)).fill('2026 Delta Records');
    await page.getByRole('button', { name: UI.wizard.saveAndContinue, exact: true }).click();
    await page.getByRole('dialog', { name: M.confirmTitle }).getByRole('button', { name: 'Yes', exact: true }).click();
    await page.waitForURL(/\/create_releases\/\d+/);
    releaseId = Number(/create_releases\/(\d+)/.exec(page.url())![1]);

    // The thin WAV: the upload answers, then the store check refuses it naming 22.05 kHz.
    await page.getByLabel(UI.songs.audioFile).last().setInputFiles(wav('thin', ['-f', 'lavfi', '-i', 'sine=f=440:d=31', '-af', 'volume=4', '-ar', '22050', '-ac', '1', '-c:a', 'pcm_s16le']));
    const qc = page.getByTestId('track-qc').last();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=track-qc]')].some((e) => e.getAttribute('data-status') === 'refused'), undefined, { timeout: 60_000 });
    await qc.getByText('Audio must be 44.1 kHz or more; this file is 22.05 kHz.').waitFor();
    await qc.getByText(/22\.05 kHz · 16-bit · mono · 0:31/).waitFor();
    await shots('distribution-track-refused');

    for (const [i, freq] of [440, 550, 660].entries()) {
      await page.getByLabel(UI.songs.audioFile).last().setInputFiles(goodWav(`good-${freq}`, freq));
      await page.waitForFunction(() => {
        const all = [...document.querySelectorAll('[data-testid=track-qc]')];
        return all.length > 0 && all[all.length - 1].getAttribute('data-status') === 'passed';
      }, undefined, { timeout: 60_000 });
      await page.getByTestId('track-qc').last().getByText(QC_UI.passed).waitFor();
      if (i === 0) await shots('distribution-track-store-ready');
      await page.getByRole('button', { name: UI.songs.addDetails, exact: true }).last().click();
      const d = page.getByRole('dialog', { name: UI.track.dialogTitle });
      const f = (label: string) => d.getByLabel(starts(label)).first();
      await f(UI.track.version).selectOption('Original');
      await f(UI.track.instrumental).selectOption('No');
      await f(UI.track.title).fill(`Delta ${i + 1}`);
      await f('Primary Artist 1').selectOption({ label: artist });
      await f('Author 1').fill('Meera Nair');
      await f('Composer 1').fill('Arjun Das');
      await f(UI.track.pLine).fill('2026 Delta Records');
      await f(UI.track.productionYear).fill(String(new Date().getFullYear()));
      await f(UI.track.ownIsrc).selectOption('No');
      await f(UI.track.genre).selectOption('Pop');
      await f(UI.track.subGenre).selectOption({ index: 1 });
      await f(UI.track.priceTier).selectOption('9.99');
      await f(UI.track.explicitVersion).selectOption('No');
      await f(UI.track.titleLanguage).selectOption('en');
      await f(UI.track.lyricsLanguage).selectOption('en');
      await f(UI.track.distributeVideo).selectOption('No');
      await d.getByRole('button', { name: UI.track.save, exact: true }).click();
      await d.waitFor({ state: 'detached', timeout: 15_000 });
      await page.getByText(`Delta ${i + 1}`, { exact: true }).first().waitFor();
      if (i < 2) await page.getByRole('button', { name: UI.songs.addNewTrack, exact: true }).click();
    }
    await page.getByRole('button', { name: UI.wizard.next, exact: true }).click();
    await page.getByRole('checkbox', { name: starts('Audio Stores') }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: UI.wizard.saveAndContinue, exact: true }).click();
    const ready = page.getByTestId('store-ready');
    await ready.waitFor({ timeout: 20_000 });
    expect(await ready.getAttribute('data-ready')).toBe('true');
    await shots('distribution-submission-checklist');
    await page.getByRole('checkbox', { name: starts(UI.submission.termsBefore.trim()) }).check();
    await page.getByRole('button', { name: UI.submission.submit, exact: true }).click();
    await page.waitForURL(/\/catalog$/);
  });

  it('approved, the release is delivered to two stores over SFTP and the artist sees Delivered per store', async () => {
    expect(await portal.cli('review', String(releaseId), 'approved')).toMatch(/approved upc=\d{12}/);
    await page.goto(`${portal.url}/catalog/${releaseId}`);
    const list = page.getByTestId('deliveries');
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid=deliveries] li')];
      return rows.length === 2 && rows.every((r) => r.getAttribute('data-status') === 'delivered');
    }, undefined, { timeout: 90_000 });
    // STORE_LOOP_UI.state.delivered (issue 39 §2), the date in the portal's DD/MM/YYYY.
    const today = dayjs().format('DD/MM/YYYY');
    for (const store of ['Spotify', 'Deezer']) {
      expect(await list.locator(`li[data-store="${store}"]`).textContent()).toBe(`Sent to ${store} on ${today}. Waiting for ${store} to confirm.`);
      const batches = readdirSync(join(sftp.root, store.toLowerCase()));
      expect(batches).toHaveLength(1);
      expect(readdirSync(join(sftp.root, store.toLowerCase(), batches[0])).some((f) => f.startsWith('BatchComplete_'))).toBe(true);
    }
    await shots('distribution-release-delivered');
    expect(errors).toEqual([]);
  });

  it('a 100 MB audio upload cut at about 60 % resumes from the server\'s offset and completes', async () => {
    // A draft with its release info through the API; its Song Info tab in the browser.
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const auth = { Authorization: `Bearer ${token}` };
    const post = async (path: string, body: unknown) => {
      const r = await fetch(`${portal.url}/api/${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return (await r.json()) as { status: number; body?: { artist_id?: number; filename?: string }; release_id?: number };
    };
    const cover = makeJpeg('store-cover', 3000);
    const form = new FormData();
    form.append('image', new Blob([readFileSync(cover)]), basename(cover));
    const artwork = ((await (await fetch(`${portal.url}/api/upload?kind=artwork`, { method: 'POST', headers: auth, body: form })).json()) as { body: { filename: string } }).body.filename;
    const artistId = (await post('addArtist', { artist_type: 'primary', artist_name: `Resume ${Date.now().toString(36)}`, apple_id: '', spotify_id: '' })).body!.artist_id!;
    const year = new Date().getFullYear();
    const draft = await post('createReleaseInfo', {
      album_artwork: artwork, release_type: 'single', release_title: `Long Take ${Date.now().toString(36)}`, primary_artist1: artistId, genre: 'Pop', sub_genre: 'Indie Pop',
      lable_name: 'Delta Records', release_date: Date.now() + 20 * 86_400_000, p_line: `${year} Delta Records`, c_line: `${year} Delta Records`, upc_ean: '',
    });
    expect(draft.status).toBe(200);

    // 99.9 MB of 44.1 kHz stereo PCM (just under the spec's 100 MB).
    const big = wav('hundred-mb', ['-f', 'lavfi', '-i', 'sine=f=330:d=593', '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le']);
    const size = statSync(big).size;
    expect(size).toBeGreaterThan(99 * 1024 * 1024);
    expect(size).toBeLessThanOrEqual(RELEASE_LIMITS.audioMaxBytes);

    const tus: Array<{ method: string; offset: number }> = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith(AUDIO_TUS_PATH)) tus.push({ method: r.method(), offset: Number(r.headers()['upload-offset'] ?? -1) });
    });
    await page.goto(`${portal.url}/create_releases/${draft.release_id}`);
    await page.getByRole('tab', { name: starts(UI.wizard.tabs[1]) }).click();
    const finished = page.waitForResponse((r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith(AUDIO_TUS_PATH) && r.status() === 200, { timeout: 300_000 });
    await page.getByLabel(UI.songs.audioFile).last().setInputFiles(big);
    const bar = page.getByRole('progressbar');
    await page.waitForFunction(() => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')) >= 60, undefined, { timeout: 240_000 });
    // The connection drops at about 60 %: the browser is offline for 3 s.
    await page.context().setOffline(true);
    const cutAt = Number(await bar.getAttribute('aria-valuenow'));
    expect(cutAt).toBeLessThan(75);
    await shots('distribution-upload-offline');
    await page.waitForTimeout(3000); // kept on purpose: the outage lasts 3 s (the behaviour under test)
    await page.context().setOffline(false);

    const answer = (await (await finished).json()) as { status: number; message: string; body: { size: number; filename: string } };
    expect(answer).toMatchObject({ status: 200, message: M.audioUploaded, body: { size } });
    await page.locator('audio').last().waitFor({ timeout: 30_000 });
    // Resumed, not restarted: one creation, a HEAD asking the offset, then PATCHes from past the cut.
    expect(tus.filter((r) => r.method === 'POST')).toHaveLength(1);
    const headAt = tus.findIndex((r) => r.method === 'HEAD');
    expect(headAt).toBeGreaterThan(0);
    const resumedAt = tus.slice(headAt).find((r) => r.method === 'PATCH')!;
    expect(resumedAt.offset).toBeGreaterThanOrEqual(size * 0.5);
    expect(tus.slice(headAt).filter((r) => r.method === 'PATCH' && r.offset === 0)).toEqual([]);
    await shots('distribution-upload-resumed');
    // The only console errors are the requests the browser failed while offline.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|net::ERR/.test(e))).toEqual([]);
  }, 420_000);

  it('an admin adds an S3-compatible delivery target in the console; the list shows it, its secret never again', async () => {
    const admin = newUser('distadmin');
    const staff = await newPage(browser);
    await signUpInBrowser(staff.page, portal, admin);
    await portal.cli('staff', 'add', admin.email, 'admin');
    await staff.page.goto(`${portal.url}/ops`);
    await staff.page.getByText(OPS_UI.totp.enrolIntro).waitFor();
    await enrolTotp(staff.page);
    await staff.page.getByRole('link', { name: DELIVERY_MESSAGES.targets }).click();
    const table = staff.page.getByRole('table', { name: DELIVERY_MESSAGES.targets });
    await table.getByRole('cell', { name: 'Spotify', exact: true }).waitFor();
    const p = staff.page;
    await p.getByLabel('Store', { exact: true }).selectOption('Apple Music');
    await p.getByLabel('DPID').fill('PADPIDA2026APPLE');
    await p.getByLabel('Protocol').selectOption('s3');
    expect(await p.getByLabel('Port', { exact: true }).inputValue()).toBe('443');
    expect(await p.getByLabel(/Private key/).count()).toBe(0);
    await p.getByLabel('Host').fill('s3.eu-west-1.amazonaws.com');
    await p.getByLabel('Bucket and prefix (/bucket/prefix)').fill('/apple-inbox/ddex');
    await p.getByLabel('Access key ID').fill('AKIAEXAMPLE');
    // Without the secret key the form names what is missing.
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await p.getByText(DELIVERY_MESSAGES.s3SecretRequired).waitFor();
    await p.getByLabel('Secret access key').fill('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    // Typing into the field clears its error at once.
    await p.getByText(DELIVERY_MESSAGES.s3SecretRequired).waitFor({ state: 'detached' });
    const swap = page;
    page = p;
    await shots('distribution-delivery-target-s3-form');
    await p.getByRole('button', { name: 'Save', exact: true }).click();
    await p.getByText(DELIVERY_MESSAGES.targetSaved).first().waitFor();
    await table.getByRole('cell', { name: 's3://s3.eu-west-1.amazonaws.com:443/apple-inbox/ddex', exact: true }).waitFor();
    expect(await p.content()).not.toContain('wJalrXUtnFEMI');
    await table.getByRole('row', { name: /Apple Music/ }).getByText('secret key', { exact: true }).waitFor();
    await shots('distribution-delivery-targets');
    page = swap;
    expect(staff.errors).toEqual([]);
    await staff.page.context().close();
  });
});
