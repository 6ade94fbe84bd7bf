#!/usr/bin/env node
/**
 * Artwork bytes of a 25-row catalogue page and of a release detail page, before and after renditions
 * (docs/decisions/010: "Catalogue thumbnails load the 3000x3000 original, up to 1.5 MB a row, 25 rows").
 * Starts the built portal (API in production mode serving the built front ends) on a temp SQLite,
 * signs a user up, uploads 25 synthetic 3000 x 3000 JPEG covers of about 1.2 MB (bench/_artwork.js;
 * each upload makes its six renditions, timed) and creates 25 drafts with them. Then Debian's Chromium,
 * a fresh context per case, opens /catalog (1280 px at 1x and 2x, 600 px at 2x) and /catalog/{id}, and
 * sums the bytes on the wire of every /api/files/artwork/ response: on the first screen, and after
 * scrolling to the last row (the rows below the fold load lazily).
 * "Before" is what the previous markup (`<img src=original loading=lazy>` per row) fetched for the same
 * rows: the sum of those rows' originals.
 *
 *   node bench/artwork-bytes.js [--no-build]
 *
 * Needs `npm run build` first for the front ends (the API is compiled unless --no-build).
 */
const { launchChromium } = require('../scripts/chromium');
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT, build, benchEnv, startApi, runBench } = require('./_api-process');
const { makeArtworks, uploadArtwork } = require('./_artwork');

const ROWS = 25;
const DAY = 86_400_000;

async function call(origin, token, path, body) {
  const res = await fetch(`${origin}/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
}

async function createUser(origin, dataDir) {
  const user = { name: 'Bench Artist', email: 'artwork-bytes@example.com', phone: '9876543210', address: 'Bench Street', password: 'bench-pass-1' };
  await call(origin, null, 'signup', user);
  const mail = readdirSync(join(dataDir, 'outbox')).map((f) => JSON.parse(readFileSync(join(dataDir, 'outbox', f), 'utf8')))[0];
  const verified = await call(origin, null, 'verifyEmailOTP', { email: user.email, otp: mail.meta.otp });
  if (!verified.token) throw new Error(`could not create the bench user: ${JSON.stringify(verified)}`);
  return verified.token;
}

/** 25 drafts, each with its own uploaded cover; resolves to { originals: Map(filename → bytes), ids, uploadMs[] }. */
async function seed(origin, token) {
  const { RELEASE_ENDPOINTS: E } = require('@portal/contracts');
  const artist = await call(origin, token, E.addArtist.path, { artist_type: 'primary', artist_name: 'Bench Artist', apple_id: '', spotify_id: '' });
  const artistId = artist.body.artist_id;
  process.stdout.write(`making ${ROWS} 3000 x 3000 covers… `);
  const covers = await makeArtworks(ROWS);
  console.log(`done (${(covers.reduce((n, c) => n + c.length, 0) / ROWS / 1024).toFixed(0)} KB each on average)`);
  const originals = new Map();
  const ids = [];
  const uploadMs = [];
  for (let i = 0; i < ROWS; i++) {
    const t0 = Date.now();
    const up = await uploadArtwork(origin, token, covers[i], `cover-${i + 1}.jpg`);
    uploadMs.push(Date.now() - t0);
    if (up.status !== 200) throw new Error(`upload: ${JSON.stringify(up)}`);
    originals.set(up.body.filename, covers[i].length);
    const draft = await call(origin, token, E.createReleaseInfo.path, {
      album_artwork: up.body.filename, release_type: 'single', release_title: `Bench Release ${String(i + 1).padStart(2, '0')}`, primary_artist1: artistId,
      genre: 'Pop', sub_genre: 'Indie Pop', lable_name: 'Saffron Sound', release_date: Date.now() + 8 * DAY, p_line: '2026 Saffron Sound', c_line: '2026 Saffron Sound', upc_ean: '',
    });
    if (!draft.release_id) throw new Error(`createReleaseInfo: ${JSON.stringify(draft)}`);
    ids.push(draft.release_id);
  }
  return { originals, ids, uploadMs };
}

/** Open `url` in a fresh context; artwork requests seen on the first screen and after scrolling to the end. */
async function measure(browser, url, token, { width, dpr, scroll }) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: dpr });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, mime: e.response.mimeType, wire: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.wire = e.encodedDataLength;
  });
  const settle = async () => {
    await page.waitForFunction(() => [...document.images].every((i) => i.complete), undefined, { timeout: 30_000 });
    await page.waitForTimeout(500);
  };
  const artwork = () => [...requests.values()].filter((r) => r.url.includes('/api/files/artwork/')).map((r) => ({ ...r }));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('img[src*="/api/files/artwork/"]', { timeout: 30_000 });
  await settle();
  const first = artwork();
  let all = first;
  if (scroll) {
    await page.evaluate(async () => {
      const rows = document.querySelectorAll('tbody tr');
      for (const row of rows) {
        row.scrollIntoView({ block: 'end' });
        await new Promise((r) => setTimeout(r, 30));
      }
    });
    await settle();
    all = artwork();
  }
  await context.close();
  return { first, all };
}

/** Wire bytes of the artwork responses, and what the original-per-row markup fetched for the same rows. */
function figures(list, originals) {
  const filename = (u) => decodeURIComponent(new URL(u).pathname.split('/')[4]);
  const rows = new Set(list.map((r) => filename(r.url)));
  return {
    requests: list.length,
    bytes: list.reduce((n, r) => n + r.wire, 0),
    rows: rows.size,
    before: [...rows].reduce((n, f) => n + (originals.get(f) ?? 0), 0),
    kinds: [...new Set(list.map((r) => `${new URL(r.url).pathname.split('/').slice(5).join('/') || 'original'} ${r.mime}`))].sort().join(', '),
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

runBench(async () => {
  build(process.argv);
  const { env, dataDir, cleanup } = benchEnv(undefined, { STATIC_ROOT: ROOT, LOG_REQUESTS: 'false', MALLOC_ARENA_MAX: '2' });
  const api = await startApi(env);
  const browser = await launchChromium();
  try {
    const origin = `http://127.0.0.1:${api.port}`;
    const token = await createUser(origin, dataDir);
    const { originals, ids, uploadMs } = await seed(origin, token);
    const sorted = [...uploadMs].sort((a, b) => a - b);
    console.log(`artwork upload with six renditions: median ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted[sorted.length - 1]} ms (${ROWS} sequential uploads of ~1.2 MB, loopback)`);

    const cases = [
      { label: '/catalog 1280 px, 1x', path: '/catalog', width: 1280, dpr: 1, scroll: true },
      { label: '/catalog 1280 px, 2x', path: '/catalog', width: 1280, dpr: 2, scroll: true },
      { label: '/catalog 600 px, 2x', path: '/catalog', width: 600, dpr: 2, scroll: true },
      { label: `/catalog/{id} 1280 px, 1x`, path: `/catalog/${ids[0]}`, width: 1280, dpr: 1, scroll: false },
      { label: `/catalog/{id} 600 px, 2x`, path: `/catalog/${ids[0]}`, width: 600, dpr: 2, scroll: false },
    ];
    console.log('\ncase                      screen        rows  requests  artwork bytes now   before (originals)   ratio');
    for (const c of cases) {
      const { first, all } = await measure(browser, `${origin}${c.path}`, token, c);
      const shown = c.scroll ? [['first screen', first], ['whole page', all]] : [['page', all]];
      for (const [screen, list] of shown) {
        const f = figures(list, originals);
        console.log(
          `${c.label.padEnd(25)} ${screen.padEnd(13)} ${String(f.rows).padStart(4)}  ${String(f.requests).padStart(8)}  ${kb(f.bytes).padStart(17)}   ${kb(f.before).padStart(18)}   ${f.bytes ? `1/${Math.round(f.before / f.bytes)}` : '-'}`,
        );
        if (screen !== 'first screen') console.log(`${''.padEnd(26)}loaded: ${f.kinds}`);
      }
    }
  } finally {
    await browser.close();
    await api.stop();
    cleanup();
  }
});
