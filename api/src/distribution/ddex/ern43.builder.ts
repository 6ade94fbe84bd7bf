import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { ErnArtistCredit, ErnInput, ErnLine, ErnParentalWarning, ErnReleaseKind } from './ern43.types';

export const ERN43_NAMESPACE = 'http://ddex.net/xml/ern/43';
/** The Allowed Value Sets version of ../shared/ddex/ern43/allowed-value-sets.xsd. */
export const ERN43_AVS_VERSION = '6';
const WORLDWIDE = 'Worldwide';

/** ISO 8601 duration of whole seconds: 208 → PT3M28S, 3725 → PT1H2M5S. */
export function isoDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return `PT${h ? `${h}H` : ''}${h || m ? `${m}M` : ''}${sec}S`;
}

/** The display artist name of a credit list: "A, B feat. C, D" (main artists first). */
export function displayArtistName(artists: ErnArtistCredit[]): string {
  const main = artists.filter((a) => a.role === 'MainArtist').map((a) => a.name);
  const feat = artists.filter((a) => a.role === 'FeaturedArtist').map((a) => a.name);
  return main.join(', ') + (feat.length ? ` feat. ${feat.join(', ')}` : '');
}

const RELEASE_TYPE: Record<ErnReleaseKind, string> = { single: 'Single', ep: 'EP', album: 'Album', compilation: 'Album' };

/** The strongest warning of a release's tracks: Explicit over ExplicitContentEdited over NotExplicit. */
export function releaseParentalWarning(tracks: ErnParentalWarning[]): ErnParentalWarning {
  if (tracks.includes('Explicit')) return 'Explicit';
  if (tracks.includes('ExplicitContentEdited')) return 'ExplicitContentEdited';
  if (tracks.length && tracks.every((t) => t === 'NotExplicit')) return 'NotExplicit';
  return 'NoAdviceAvailable';
}

/**
 * Build an ERN 4.3 `NewReleaseMessage` (Audio release profile) as UTF-8 XML text, element order as in
 * release-notification.xsd and DDEX's sample:
 * - MessageHeader: thread, message id, sender and recipient DPIDs and names, created time, Live/Test;
 * - PartyList: every artist, contributor and the label once (`P1`…);
 * - ResourceList: one SoundRecording per track (`A1`…: ISRC, P line, measured technical details with
 *   file name, MD5 and size, display title and artist, contributors, ISO 8601 duration, parental
 *   warning, instrumental, language), then the FrontCoverImage (size, codec, MD5);
 * - ReleaseList: the main release `R0` (ICPN, type, titles, artists, label, P/C lines, genre, release
 *   date, parental warning, compilation flag, the ordered tracks and the cover) and a TrackRelease per
 *   track (`R1`…);
 * - DealList: for every release, a worldwide streaming deal (subscription and ad-supported, Stream)
 *   and a download deal (pay as you go, PermanentDownload) from the release date. The takedown form
 *   (`takedownDate`) ends both deals on that date, which is how ERN 4 withdraws a release (before the
 *   release date: both deals start and end on the takedown date, so they never open).
 * Validity against the XSD is checked by `validateErn` (tests do it for every release shape).
 */
export function buildErn43(input: ErnInput): string {
  const { release, tracks, cover } = input;
  const parties = new PartyRefs();
  const labelRef = parties.ref(release.label);
  for (const a of release.artists) parties.ref(a.name);
  for (const t of tracks) {
    for (const a of t.artists) parties.ref(a.name);
    for (const c of t.contributors) parties.ref(c.name);
  }

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(ERN43_NAMESPACE, 'ern:NewReleaseMessage', {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${ERN43_NAMESPACE} http://ddex.net/xml/ern/43/release-notification.xsd`,
    ReleaseProfileVersionId: 'Audio',
    LanguageAndScriptCode: 'en',
    AvsVersionId: ERN43_AVS_VERSION,
  });

  const header = root.ele('MessageHeader');
  header.ele('MessageThreadId').txt(input.threadId);
  header.ele('MessageId').txt(input.messageId);
  messagingParty(header.ele('MessageSender'), input.sender.dpid, input.sender.name);
  messagingParty(header.ele('MessageRecipient'), input.recipient.dpid, input.recipient.name);
  header.ele('MessageCreatedDateTime').txt(input.createdAt.toISOString());
  header.ele('MessageControlType').txt(input.control);

  const partyList = root.ele('PartyList');
  for (const [name, ref] of parties.all()) {
    const p = partyList.ele('Party');
    p.ele('PartyReference').txt(ref);
    p.ele('PartyName').ele('FullName').txt(name);
  }

  const resources = root.ele('ResourceList');
  tracks.forEach((t, i) => {
    const n = i + 1;
    const sr = resources.ele('SoundRecording');
    sr.ele('ResourceReference').txt(`A${n}`);
    sr.ele('Type').txt('MusicalWorkSoundRecording');
    const edition = sr.ele('SoundRecordingEdition');
    edition.ele('ResourceId').ele('ISRC').txt(t.isrc);
    line(edition, 'PLine', t.pLine, '(P)');
    const tech = edition.ele('TechnicalDetails');
    tech.ele('TechnicalResourceDetailsReference').txt(`T${n}`);
    const df = tech.ele('DeliveryFile');
    df.ele('Type').txt('AudioFile');
    if (t.technical.container) df.ele('ContainerFormat').txt(t.technical.container);
    df.ele('AudioCodecType').txt(t.technical.codec);
    if (t.technical.bitRateKbps) df.ele('BitRate', { UnitOfMeasure: 'kbps' }).txt(String(t.technical.bitRateKbps));
    df.ele('NumberOfChannels').txt(String(t.technical.channels));
    df.ele('SamplingRate', { UnitOfMeasure: 'Hz' }).txt(String(t.technical.sampleRateHz));
    if (t.technical.bitsPerSample) df.ele('BitsPerSample').txt(String(t.technical.bitsPerSample));
    df.ele('Duration').txt(isoDuration(t.technical.durationSeconds));
    file(df, t.file);
    sr.ele('DisplayTitleText').txt(t.title);
    const title = sr.ele('DisplayTitle', { ApplicableTerritoryCode: WORLDWIDE, IsDefault: 'true' });
    title.ele('TitleText').txt(t.title);
    if (t.subtitle) title.ele('SubTitle').txt(t.subtitle);
    sr.ele('DisplayArtistName', { ApplicableTerritoryCode: WORLDWIDE, IsDefault: 'true' }).txt(displayArtistName(t.artists));
    displayArtists(sr, t.artists, parties);
    t.contributors.forEach((c, j) => {
      const el = sr.ele('Contributor', { SequenceNumber: String(j + 1) });
      el.ele('ContributorPartyReference').txt(parties.ref(c.name));
      el.ele('Role').txt(c.role === 'Producer' ? 'StudioProducer' : c.role);
    });
    sr.ele('Duration').txt(isoDuration(t.technical.durationSeconds));
    sr.ele('ParentalWarningType', { ApplicableTerritoryCode: WORLDWIDE }).txt(t.parentalWarning);
    sr.ele('IsCover').txt(String(t.isCover));
    sr.ele('IsInstrumental').txt(String(t.instrumental));
    if (t.language && t.language !== 'zxx' && !t.instrumental) sr.ele('LanguageOfPerformance').txt(t.language);
  });
  const coverRef = `A${tracks.length + 1}`;
  const image = resources.ele('Image');
  image.ele('ResourceReference').txt(coverRef);
  image.ele('Type').txt('FrontCoverImage');
  image.ele('ResourceId').ele('ProprietaryId', { Namespace: input.sender.dpid }).txt(`COVER:${release.icpn}`);
  const imageTech = image.ele('TechnicalDetails');
  imageTech.ele('TechnicalResourceDetailsReference').txt(`T${tracks.length + 1}`);
  imageTech.ele('ImageCodecType').txt(cover.codec);
  imageTech.ele('ImageHeight', { UnitOfMeasure: 'Pixel' }).txt(String(cover.height));
  imageTech.ele('ImageWidth', { UnitOfMeasure: 'Pixel' }).txt(String(cover.width));
  file(imageTech, cover.file);

  const releases = root.ele('ReleaseList');
  const main = releases.ele('Release');
  main.ele('ReleaseReference').txt('R0');
  main.ele('ReleaseType').txt(RELEASE_TYPE[release.kind]);
  main.ele('ReleaseId').ele('ICPN').txt(release.icpn);
  main.ele('DisplayTitleText').txt(release.title);
  main.ele('DisplayTitle', { ApplicableTerritoryCode: WORLDWIDE, IsDefault: 'true' }).ele('TitleText').txt(release.title);
  main.ele('DisplayArtistName', { ApplicableTerritoryCode: WORLDWIDE, IsDefault: 'true' }).txt(displayArtistName(release.artists));
  displayArtists(main, release.artists, parties);
  main.ele('ReleaseLabelReference', { ApplicableTerritoryCode: WORLDWIDE }).txt(labelRef);
  line(main, 'PLine', release.pLine, '(P)');
  line(main, 'CLine', release.cLine, '(C)');
  main.ele('Duration').txt(isoDuration(tracks.reduce((s, t) => s + Math.round(t.technical.durationSeconds), 0)));
  genre(main, release.genre, release.subGenre);
  main.ele('ReleaseDate', { ApplicableTerritoryCode: WORLDWIDE }).txt(release.releaseDate);
  main.ele('ParentalWarningType', { ApplicableTerritoryCode: WORLDWIDE }).txt(release.parentalWarning);
  main.ele('IsMultiArtistCompilation').txt(String(release.kind === 'compilation'));
  const group = main.ele('ResourceGroup');
  group.ele('SequenceNumber').txt('1');
  tracks.forEach((_, i) => {
    const item = group.ele('ResourceGroupContentItem');
    item.ele('SequenceNumber').txt(String(i + 1));
    item.ele('ReleaseResourceReference').txt(`A${i + 1}`);
  });
  group.ele('LinkedReleaseResourceReference').txt(coverRef);
  tracks.forEach((t, i) => {
    const tr = releases.ele('TrackRelease');
    tr.ele('ReleaseReference').txt(`R${i + 1}`);
    tr.ele('ReleaseId').ele('ProprietaryId', { Namespace: input.sender.dpid }).txt(`${release.icpn}_${t.isrc}`);
    tr.ele('ReleaseResourceReference').txt(`A${i + 1}`);
    tr.ele('ReleaseLabelReference', { ApplicableTerritoryCode: WORLDWIDE }).txt(labelRef);
    genre(tr, t.genre || release.genre, t.subGenre);
  });

  const deals = root.ele('DealList');
  const releaseDeal = deals.ele('ReleaseDeal');
  releaseDeal.ele('DealReleaseReference').txt('R0');
  tracks.forEach((_, i) => releaseDeal.ele('DealReleaseReference').txt(`R${i + 1}`));
  deal(releaseDeal, ['SubscriptionModel', 'AdvertisementSupportedModel'], ['Stream'], release.releaseDate, input.takedownDate);
  deal(releaseDeal, ['PayAsYouGoModel'], ['PermanentDownload'], release.releaseDate, input.takedownDate);

  return root.end({ prettyPrint: true });
}

/** Party references P1, P2… given once per distinct name, in first-seen order. */
class PartyRefs {
  private readonly refs = new Map<string, string>();
  ref(name: string): string {
    let ref = this.refs.get(name);
    if (!ref) {
      ref = `P${this.refs.size + 1}`;
      this.refs.set(name, ref);
    }
    return ref;
  }
  all(): [string, string][] {
    return [...this.refs.entries()];
  }
}

function messagingParty(el: XMLBuilder, dpid: string, name: string): void {
  el.ele('PartyId').txt(dpid);
  el.ele('PartyName').ele('FullName').txt(name);
}

function displayArtists(el: XMLBuilder, artists: ErnArtistCredit[], parties: PartyRefs): void {
  artists.forEach((a, i) => {
    const d = el.ele('DisplayArtist', { SequenceNumber: String(i + 1) });
    d.ele('ArtistPartyReference').txt(parties.ref(a.name));
    d.ele('DisplayArtistRole').txt(a.role);
  });
}

/** A PLine/CLine: the year when known, and the text with its sign ("(P) 2026 Saffron Sound"). */
function line(el: XMLBuilder, name: 'PLine' | 'CLine', value: ErnLine, sign: '(P)' | '(C)'): void {
  const l = el.ele(name);
  if (value.year) l.ele('Year').txt(String(value.year));
  const text = value.text.trim();
  l.ele(`${name}Text`).txt(/^(\(p\)|\(c\)|℗|©)/i.test(text) ? text : `${sign} ${text}`);
}

function genre(el: XMLBuilder, text: string, sub: string): void {
  const g = el.ele('Genre', { ApplicableTerritoryCode: WORLDWIDE });
  g.ele('GenreText').txt(text);
  if (sub) g.ele('SubGenre').txt(sub);
}

function file(el: XMLBuilder, f: { uri: string; md5: string; size: number }): void {
  const fe = el.ele('File');
  fe.ele('URI').txt(f.uri);
  const hash = fe.ele('HashSum');
  hash.ele('Algorithm').txt('MD5');
  hash.ele('HashSumValue').txt(f.md5);
  fe.ele('FileSize').txt(String(f.size));
}

/**
 * One Deal: worldwide, valid from `start` (the release date, YYYY-MM-DD) until further notice, or until
 * `end` (the takedown date). A takedown before the release date sends the period `end`–`end`: the deal
 * ends on the takedown date and never opens on the release date (DDEX KB "Cancelling a Deal Before
 * Street Date"; ERN 4.3 part 1 §6.19.7 "Take-down before release date": a Deal with an EndDate set in
 * the past). Sending `start`–`start` instead would leave the store a one-day deal on the release date.
 */
function deal(el: XMLBuilder, models: string[], uses: string[], start: string, end: string | undefined): void {
  const terms = el.ele('Deal').ele('DealTerms');
  terms.ele('TerritoryCode').txt(WORLDWIDE);
  const period = terms.ele('ValidityPeriod');
  period.ele('StartDate').txt(end && end < start ? end : start);
  if (end) period.ele('EndDate').txt(end);
  for (const m of models) terms.ele('CommercialModelType').txt(m);
  for (const u of uses) terms.ele('UseType').txt(u);
}
