import { buildErn43, displayArtistName, isoDuration, releaseParentalWarning } from './ern43.builder';
import { validateErn } from './ern-validator';
import { ernSchemaDir } from '../distribution.settings';
import type { ErnInput, ErnSoundRecording } from './ern43.types';

const track = (i: number, over: Partial<ErnSoundRecording> = {}): ErnSoundRecording => ({
  isrc: `INABC26${String(i).padStart(5, '0')}`,
  title: `Song ${i} & "friends"`,
  subtitle: i === 1 ? 'Acoustic' : '',
  artists: [{ name: 'Asha', role: 'MainArtist' }],
  contributors: [
    { name: 'Asha Rao', role: 'Lyricist' },
    { name: 'Vikram Das', role: 'Composer' },
    { name: 'Vikram Das', role: 'Producer' },
  ],
  pLine: { year: 2026, text: '2026 Saffron Sound' },
  parentalWarning: 'NotExplicit',
  instrumental: false,
  language: 'en',
  genre: 'Pop',
  subGenre: 'Indie Pop',
  isCover: false,
  technical: { codec: 'PCM', container: 'WAV', sampleRateHz: 44_100, bitsPerSample: 16, channels: 2, bitRateKbps: null, durationSeconds: 180 + i },
  file: { uri: `012345678905_01_${String(i).padStart(3, '0')}.wav`, md5: 'd41d8cd98f00b204e9800998ecf8427e', size: 1000 + i },
  ...over,
});

const message = (tracks: ErnSoundRecording[], over: Partial<ErnInput['release']> = {}, extra: Partial<ErnInput> = {}): ErnInput => ({
  messageId: 'PORTAL-1-1',
  threadId: 'PORTAL-1',
  createdAt: new Date('2026-11-25T10:00:00Z'),
  control: 'TestMessage',
  sender: { dpid: 'PADPIDA2026PORTAL01', name: 'Portal Distribution' },
  recipient: { dpid: 'PADPIDA2011072101T', name: 'Spotify' },
  release: {
    icpn: '012345678905',
    kind: 'single',
    title: 'Monsoon Nights',
    artists: [{ name: 'Asha', role: 'MainArtist' }],
    label: 'Saffron Sound',
    genre: 'Pop',
    subGenre: 'Indie Pop',
    pLine: { year: 2026, text: '2026 Saffron Sound' },
    cLine: { year: 2026, text: '2026 Saffron Sound' },
    releaseDate: '2026-12-01',
    parentalWarning: releaseParentalWarning(tracks.map((t) => t.parentalWarning)),
    ...over,
  },
  tracks,
  cover: { codec: 'JPEG', width: 3000, height: 3000, file: { uri: '012345678905.jpg', md5: '0cc175b9c0f1b6a831c399e269772661', size: 2048 } },
  ...extra,
});

describe('ERN 4.3 builder (pure; validated with xmllint against the DDEX schema)', () => {
  it('formats durations and display artist names', () => {
    expect(isoDuration(208.4)).toBe('PT3M28S');
    expect(isoDuration(45)).toBe('PT45S');
    expect(isoDuration(3725)).toBe('PT1H2M5S');
    expect(displayArtistName([{ name: 'A', role: 'MainArtist' }, { name: 'C', role: 'FeaturedArtist' }, { name: 'B', role: 'MainArtist' }])).toBe('A, B feat. C');
    expect(releaseParentalWarning(['NotExplicit', 'ExplicitContentEdited'])).toBe('ExplicitContentEdited');
    expect(releaseParentalWarning(['NotExplicit', 'Explicit'])).toBe('Explicit');
  });

  const shapes: [string, ErnInput][] = [
    ['single, clean', message([track(1)])],
    ['EP, explicit, featuring', message([1, 2, 3, 4].map((i) => track(i, { parentalWarning: 'Explicit', artists: [{ name: 'Asha', role: 'MainArtist' }, { name: 'Ravi', role: 'FeaturedArtist' }] })), { kind: 'ep' })],
    ['album, MP3, edited version, instrumental', message([track(1, { technical: { codec: 'MP3', container: null, sampleRateHz: 48_000, bitsPerSample: null, channels: 1, bitRateKbps: 320, durationSeconds: 3725 } }), track(2, { instrumental: true, language: 'zxx', parentalWarning: 'ExplicitContentEdited' })], { kind: 'album' })],
    ['compilation of several artists', message([track(1), track(2, { artists: [{ name: 'Meera', role: 'MainArtist' }] })], { kind: 'compilation', artists: [{ name: 'Various Artists', role: 'MainArtist' }] })],
    ['takedown', message([track(1)], {}, { takedownDate: '2026-12-20', control: 'LiveMessage' })],
  ];
  it.each(shapes)('%s validates', async (_name, input) => {
    const xml = buildErn43(input);
    const result = await validateErn(xml, { schemaDir: ernSchemaDir(process.env) });
    expect(result).toEqual({ valid: true, errors: [] });
    for (const el of ['DisplayTitle', 'DisplayArtistName', 'ReleaseLabelReference', 'ParentalWarningType', 'SoundRecordingEdition', 'HashSum']) expect(xml).toContain(`<${el}`);
  });

  it('a broken message is reported invalid with the line', async () => {
    const xml = buildErn43(message([track(1)])).replace('<ReleaseLabelReference ApplicableTerritoryCode="Worldwide">P1</ReleaseLabelReference>', '');
    const result = await validateErn(xml, { schemaDir: ernSchemaDir(process.env) });
    expect(result.valid).toBe(false);
    expect(result.errors.join('\n')).toMatch(/ReleaseLabelReference|Genre/);
  });

  it('takedown ends every deal on the takedown date', () => {
    const xml = buildErn43(message([track(1)], {}, { takedownDate: '2026-12-20' }));
    expect(xml.match(/<EndDate>2026-12-20<\/EndDate>/g)).toHaveLength(2);
    expect(buildErn43(message([track(1)]))).not.toContain('<EndDate>');
  });

  it('the takedown of a release not yet out ends every deal on the takedown date, never opening it on the release date (DDEX KB "Cancelling a Deal Before Street Date")', async () => {
    const xml = buildErn43(message([track(1)], { releaseDate: '2027-03-01' }, { takedownDate: '2026-12-20', control: 'LiveMessage' }));
    const periods = [...xml.matchAll(/<ValidityPeriod>([\s\S]*?)<\/ValidityPeriod>/g)].map((m) => m[1].replace(/\s+/g, ''));
    expect(periods).toEqual(Array(2).fill('<StartDate>2026-12-20</StartDate><EndDate>2026-12-20</EndDate>'));
    expect(xml).not.toContain('<StartDate>2027-03-01</StartDate>');
    expect(await validateErn(xml, { schemaDir: ernSchemaDir(process.env) })).toEqual({ valid: true, errors: [] });
    // A takedown on the release day or later keeps the release date as the start.
    const later = buildErn43(message([track(1)], { releaseDate: '2026-12-01' }, { takedownDate: '2026-12-01' }));
    expect(later.match(/<StartDate>2026-12-01<\/StartDate>\s*<EndDate>2026-12-01<\/EndDate>/g)).toHaveLength(2);
  });
});
