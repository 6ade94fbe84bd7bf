'use strict';
/**
 * Synthetic album artwork for the benches (docs/decisions/010): 3000 x 3000 JPEGs (the spec's minimum size) of
 * about 1.2 MB each at quality 90 (the catalogue complaint: "up to 1.5 MB a row"): gradients, soft
 * light spots, a title and film grain, each a different hue, so they compress like a photo cover and not
 * like a flat test pattern. Made with sharp (the API's own dependency).
 */
const { join } = require('node:path');

const sharp = require(require.resolve('sharp', { paths: [join(__dirname, '..', 'api')] }));

const SIZE = 3000;

/** `count` JPEG buffers of SIZE x SIZE. */
async function makeArtworks(count, quality = 90) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(250,70%,35%)"/><stop offset="1" stop-color="hsl(10,80%,60%)"/></linearGradient>
  <radialGradient id="r"><stop offset="0" stop-color="hsl(60,90%,70%)" stop-opacity="0.9"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>
  <rect width="1000" height="1000" fill="url(#g)"/>
  ${Array.from({ length: 40 }, (_, k) => `<circle cx="${(k * 733) % 1000}" cy="${(k * 1291) % 1000}" r="${40 + ((k * 53) % 140)}" fill="url(#r)"/>`).join('')}
  <text x="500" y="870" font-family="DejaVu Sans, sans-serif" font-size="90" font-weight="700" text-anchor="middle" fill="#fff">BENCH RELEASE</text></svg>`;
  const base = await sharp(Buffer.from(svg)).resize(SIZE, SIZE).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({ create: { width: SIZE, height: SIZE, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 9 } } }).raw().toBuffer();
  const out = [];
  for (let i = 0; i < count; i++) {
    const tinted = await sharp(base.data, { raw: base.info }).modulate({ hue: (i * 14) % 360 }).raw().toBuffer();
    out.push(await sharp(tinted, { raw: base.info }).composite([{ input: grain, raw: { width: SIZE, height: SIZE, channels: 3 }, blend: 'soft-light' }]).jpeg({ quality }).toBuffer());
  }
  return out;
}

/** POST /api/upload?kind=artwork with `bytes` as field `image`; resolves to the envelope. */
async function uploadArtwork(origin, token, bytes, name = 'cover.jpg') {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type: 'image/jpeg' }), name);
  const res = await fetch(`${origin}/api/upload?kind=artwork`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  return res.json();
}

module.exports = { makeArtworks, uploadArtwork, ARTWORK_SIZE: SIZE };
