#!/usr/bin/env node
'use strict';
/**
 * ERN 4.3 build time (docs/decisions/020-distribution-engine.md): builds the NewReleaseMessage of a
 * 20-track album (every track with featuring artists, three contributors, measured technical details,
 * file name and MD5; the front cover) with the API's builder (xmlbuilder2), then validates it against
 * ../shared/ddex/ern43/release-notification.xsd with xmllint through the offline catalog, as the
 * console download, the `ddex` command and delivery do. Runs `--runs` times (default 30) after one warm-up and
 * prints median, p95 and max of build, validation and both. Target: build + validation < 500 ms.
 *
 *   node bench/ddex-build.js [--no-build] [--runs 30] [--tracks 20]
 */
const { build, numberArg, runBench, verdict } = require('./_api-process');

const TARGET_MS = 500;

async function main() {
  build(process.argv);
  const { buildErn43, releaseParentalWarning } = require('../api/dist/distribution/ddex/ern43.builder');
  const { validateErn } = require('../api/dist/distribution/ddex/ern-validator');
  const { ernSchemaDir } = require('../api/dist/distribution/distribution.settings');
  const runs = numberArg('runs', 30);
  const n = numberArg('tracks', 20);
  const hex = (i) => require('node:crypto').createHash('md5').update(String(i)).digest('hex');
  const tracks = Array.from({ length: n }, (_, k) => {
    const i = k + 1;
    return {
      isrc: `INP0R26${String(i).padStart(5, '0')}`,
      title: `Track ${i}: Monsoon & Rain`,
      subtitle: i % 4 === 0 ? 'Acoustic' : '',
      artists: [{ name: 'Asha Rao', role: 'MainArtist' }, ...(i % 3 === 0 ? [{ name: `Guest ${i}`, role: 'FeaturedArtist' }] : [])],
      contributors: [{ name: 'Asha Rao', role: 'Lyricist' }, { name: 'Vikram Das', role: 'Composer' }, { name: 'Vikram Das', role: 'Producer' }],
      pLine: { year: 2026, text: '2026 Saffron Sound' },
      parentalWarning: i % 5 === 0 ? 'Explicit' : 'NotExplicit',
      instrumental: i % 7 === 0,
      language: 'en',
      genre: 'Pop',
      subGenre: 'Indie Pop',
      isCover: false,
      technical: { codec: 'PCM', container: 'WAV', sampleRateHz: 48000, bitsPerSample: 24, channels: 2, bitRateKbps: null, durationSeconds: 180 + i * 7.3 },
      file: { uri: `089000000017_01_${String(i).padStart(3, '0')}.wav`, md5: hex(i), size: 40_000_000 + i },
    };
  });
  const input = {
    messageId: 'PADPIDAPORTALSENDER01-1-1',
    threadId: 'PADPIDAPORTALSENDER01-1',
    createdAt: new Date(),
    control: 'TestMessage',
    sender: { dpid: 'PADPIDAPORTALSENDER01', name: 'Artist Distribution Portal' },
    recipient: { dpid: 'PADPIDAPORTALTESTSPOTIFY', name: 'Spotify' },
    release: {
      icpn: '089000000017', kind: 'album', title: 'Monsoon Nights', artists: [{ name: 'Asha Rao', role: 'MainArtist' }], label: 'Saffron Sound', genre: 'Pop', subGenre: 'Indie Pop',
      pLine: { year: 2026, text: '2026 Saffron Sound' }, cLine: { year: 2026, text: '2026 Saffron Sound' }, releaseDate: '2026-12-01',
      parentalWarning: releaseParentalWarning(tracks.map((t) => t.parentalWarning)),
    },
    tracks,
    cover: { codec: 'JPEG', width: 3000, height: 3000, file: { uri: '089000000017.jpg', md5: hex('cover'), size: 1_200_000 } },
  };
  const sample = { build: [], validate: [], total: [] };
  let bytes = 0;
  for (let r = 0; r <= runs; r++) {
    const t0 = process.hrtime.bigint();
    const xml = buildErn43(input);
    const t1 = process.hrtime.bigint();
    const result = await validateErn(xml, { schemaDir: ernSchemaDir(process.env) });
    const t2 = process.hrtime.bigint();
    if (!result.valid) throw new Error(`the message does not validate:\n${result.errors.join('\n')}`);
    bytes = Buffer.byteLength(xml);
    if (r === 0) continue; // warm-up
    sample.build.push(Number(t1 - t0) / 1e6);
    sample.validate.push(Number(t2 - t1) / 1e6);
    sample.total.push(Number(t2 - t0) / 1e6);
  }
  const stat = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)], max: s[s.length - 1] };
  };
  const fmt = (x) => `${x.toFixed(1).padStart(7)} ms`;
  console.log(`load average ${require('node:os').loadavg().map((x) => x.toFixed(1)).join(' ')} on ${require('node:os').cpus().length} cores`);
  console.log(`ERN 4.3 NewReleaseMessage, ${n} tracks, ${(bytes / 1024).toFixed(1)} KiB, ${runs} runs (valid every time)`);
  console.log(`             median        p95        max`);
  for (const k of ['build', 'validate', 'total']) {
    const s = stat(sample[k]);
    console.log(`${k.padEnd(9)}${fmt(s.p50)} ${fmt(s.p95)} ${fmt(s.max)}`);
  }
  const worst = stat(sample.total).max;
  verdict(`ERN build + validation < ${TARGET_MS} ms`, worst < TARGET_MS, `max ${worst.toFixed(1)} ms`);
}

runBench(main);
