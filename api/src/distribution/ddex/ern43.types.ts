/**
 * What an ERN 4.3 NewReleaseMessage is built from (docs/decisions/020-distribution-engine.md): plain
 * data gathered by DdexService from the release, its tracks, the artists, the stored files and their QC
 * measurements, so the builder itself is a pure function that the tests and the bench can call.
 */

/** A messaging party: a DDEX Party Identifier (`PADPIDA…`) and its name. */
export type ErnMessagingParty = { dpid: string; name: string };

/** An artist credit in display order. */
export type ErnArtistCredit = { name: string; role: 'MainArtist' | 'FeaturedArtist' };

/** A credited contributor of a recording (author, composer, producer of the wizard). */
export type ErnContributor = { name: string; role: 'Lyricist' | 'Composer' | 'Producer' };

/** ERN ParentalWarningType (AVS) of a release or track. */
export type ErnParentalWarning = 'Explicit' | 'NotExplicit' | 'ExplicitContentEdited' | 'NoAdviceAvailable';

/** A P or C line: year and the text after the ℗ / © sign. */
export type ErnLine = { year: number | null; text: string };

/** A stored file as delivered: the name the message gives it, its MD5 (hex) and size in bytes. */
export type ErnFile = { uri: string; md5: string; size: number };

/** Technical details of an audio file, as measured at QC (never constants). */
export type ErnAudioTechnical = {
  codec: 'PCM' | 'MP3';
  container: 'WAV' | null;
  sampleRateHz: number;
  bitsPerSample: number | null;
  channels: number;
  bitRateKbps: number | null;
  durationSeconds: number;
};

export type ErnSoundRecording = {
  isrc: string;
  title: string;
  /** Version subtitle of the wizard ("Acoustic"), or ''. */
  subtitle: string;
  artists: ErnArtistCredit[];
  contributors: ErnContributor[];
  pLine: ErnLine;
  parentalWarning: ErnParentalWarning;
  instrumental: boolean;
  /** ISO 639 code of the lyrics; 'zxx' (no linguistic content) is left out of the message. */
  language: string;
  genre: string;
  subGenre: string;
  isCover: boolean;
  technical: ErnAudioTechnical;
  file: ErnFile;
};

export type ErnCoverImage = { codec: 'JPEG' | 'PNG' | 'GIF'; width: number; height: number; file: ErnFile };

/** Wizard release types (contracts RELEASE_TYPES). */
export type ErnReleaseKind = 'single' | 'ep' | 'album' | 'compilation';

export type ErnRelease = {
  /** UPC/EAN (ICPN). */
  icpn: string;
  kind: ErnReleaseKind;
  title: string;
  artists: ErnArtistCredit[];
  label: string;
  genre: string;
  subGenre: string;
  pLine: ErnLine;
  cLine: ErnLine;
  /** YYYY-MM-DD (UTC) of the release date: the deals start on it. */
  releaseDate: string;
  parentalWarning: ErnParentalWarning;
};

export type ErnInput = {
  messageId: string;
  threadId: string;
  createdAt: Date;
  /** LiveMessage for stores, TestMessage for a store's test feed. */
  control: 'LiveMessage' | 'TestMessage';
  sender: ErnMessagingParty;
  recipient: ErnMessagingParty;
  release: ErnRelease;
  tracks: ErnSoundRecording[];
  cover: ErnCoverImage;
  /** The takedown form: every deal ends on this date (YYYY-MM-DD). */
  takedownDate?: string;
};
