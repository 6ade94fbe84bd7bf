import { Inject, Injectable, Logger } from '@nestjs/common';
import { DISTRIBUTION_MESSAGES as M, type AudioMeasurements, type Release, type Track } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { distributionSettings } from '../distribution.settings';
import { DomainError } from '../../common/domain-error';
import { ArtistsService } from '../../releases/artists/artists.service';
import { ReleasesService } from '../../releases/release-info/releases.service';
import { UploadsService } from '../../releases/uploads/uploads.service';
import { FileStorage } from '../../storage/file-storage';
import { PLACEHOLDER_DPID } from '../distribution.config';
import { measureAudio } from '../qc/audio-measure';
import { md5Of, QcService } from '../qc/qc.service';
import { buildErn43, releaseParentalWarning } from './ern43.builder';
import type { ErnArtistCredit, ErnContributor, ErnInput, ErnLine, ErnParentalWarning, ErnReleaseKind, ErnSoundRecording } from './ern43.types';
import { validateErn } from './ern-validator';

/** A built message and the files a delivery puts beside it (`uri` as the message names them). */
export type DdexMessage = { xml: string; filename: string; files: { uri: string; storage_key: string }[]; messageId: string; icpn: string };

const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const PARENTAL: Record<string, ErnParentalWarning> = { Yes: 'Explicit', No: 'NotExplicit', Cleaned: 'ExplicitContentEdited' };

/** "2026 Saffron Sound" → year 2026 and the text; no year when the line does not start with one. */
export function parseLine(text: string): ErnLine {
  const m = /^\s*(?:\(?[pc℗©]\)?\s*)?(\d{4})\b/i.exec(text);
  return { year: m ? Number(m[1]) : null, text: text.trim() };
}

/**
 * The ERN 4.3 message of a release for one store (docs/decisions/020): gathers the release and its
 * tracks (ReleasesService), the artists' names (ArtistsService), the files' measured technical details
 * and MD5s (QcService; measured now when an upload predates QC), and builds it with `buildErn43`.
 * Every message is validated against the schema before anyone gets it.
 */
@Injectable()
export class DdexService {
  private readonly logger = new Logger(DdexService.name);

  constructor(
    private readonly releases: ReleasesService,
    private readonly artists: ArtistsService,
    private readonly uploads: UploadsService,
    private readonly qc: QcService,
    private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Build and validate the message of `releaseId` for `store` (a STORES name). Approved: the
   * NewReleaseMessage; taken down (or `takedown` for one store): its takedown form (deals end on
   * `now`'s date). `recipientDpid`: the store's DPID from its delivery target (else config); `control`: the
   * target's feed as MessageControlType (else DDEX_MESSAGE_CONTROL). Sent again after a change (issue 39 §3)
   * it is the same complete message with the same identifiers and a newer MessageCreatedDateTime (`now`).
   * Errors: 404 release; 409 ddexNotApproved; 422 ddexInvalid (schema errors in `extra.errors`).
   */
  async message(releaseId: number, store: string, opts: { now?: Date; takedown?: boolean; recipientDpid?: string; control?: 'LiveMessage' | 'TestMessage' } = {}): Promise<DdexMessage> {
    const now = opts.now ?? new Date();
    const { user_id, release } = await this.releases.readAny(releaseId);
    if (release.status !== 'approved' && release.status !== 'takendown') throw DomainError.conflict(M.ddexNotApproved, 'not_approved');
    const input = await this.input(user_id, release, store, now, opts.takedown || release.status === 'takendown', opts.recipientDpid, opts.control);
    const xml = buildErn43(input.ern);
    const check = await validateErn(xml, { schemaDir: distributionSettings.of(this.config).ernSchemaDir });
    if (!check.valid) {
      this.logger.error({ msg: 'ERN did not validate', release_id: releaseId, errors: check.errors.slice(0, 10) });
      throw new DomainError(422, M.ddexInvalid, { code: 'ddex_invalid', extra: { errors: check.errors.slice(0, 20) } });
    }
    return { xml, filename: `${release.upc_ean}.xml`, files: input.files, messageId: input.ern.messageId, icpn: release.upc_ean };
  }

  private async input(userId: number, release: Release, store: string, now: Date, takedown: boolean, recipientDpid: string | undefined, control: 'LiveMessage' | 'TestMessage' | undefined): Promise<{ ern: ErnInput; files: DdexMessage['files'] }> {
    const ids = [release, ...release.audios].flatMap((x) => [x.primary_artist1, x.primary_artist2, x.primary_artist3, x.featuring1, x.featuring2, x.featuring3]).filter((x): x is number => typeof x === 'number');
    const names = await this.artists.names(userId, ids);
    const credits = (x: Pick<Release, 'primary_artist1' | 'primary_artist2' | 'primary_artist3' | 'featuring1' | 'featuring2' | 'featuring3'>): ErnArtistCredit[] => [
      ...[x.primary_artist1, x.primary_artist2, x.primary_artist3].filter((i): i is number => !!i && names.has(i)).map((i) => ({ name: names.get(i)!, role: 'MainArtist' as const })),
      ...[x.featuring1, x.featuring2, x.featuring3].filter((i): i is number => !!i && names.has(i)).map((i) => ({ name: names.get(i)!, role: 'FeaturedArtist' as const })),
    ];
    const upc = release.upc_ean;
    const qcRows = await this.qc.byFilename([release.album_artwork, ...release.audios.map((t) => t.audio_track)]);
    const files: DdexMessage['files'] = [];
    const tracks: ErnSoundRecording[] = [];
    for (const [i, t] of release.audios.entries()) {
      const upload = await this.uploads.describe(t.audio_track);
      if (!upload) throw DomainError.conflict(`Track "${t.title}" has no stored audio.`, 'audio_missing');
      const row = qcRows.get(t.audio_track);
      let m = row?.status === 'passed' ? (JSON.parse(row.measurements) as AudioMeasurements | null) : null;
      m ??= await measureAudio(() => this.storage.open(upload.storage_key), upload.mime, upload.size);
      const md5 = row?.md5 || (await md5Of(await this.storage.open(upload.storage_key))).md5;
      const wav = upload.mime === 'audio/wav';
      const uri = `${upc}_01_${String(i + 1).padStart(3, '0')}.${wav ? 'wav' : 'mp3'}`;
      files.push({ uri, storage_key: upload.storage_key });
      tracks.push(this.recording(t, credits(t), m, { uri, md5, size: upload.size }, wav, release));
    }
    const art = await this.uploads.describe(release.album_artwork);
    if (!art) throw DomainError.conflict('The release has no stored artwork.', 'artwork_missing');
    const facts = await this.qc.measureArtwork(art.storage_key);
    const ext = facts.format === 'jpeg' ? 'jpg' : facts.format;
    const coverUri = `${upc}.${ext}`;
    files.push({ uri: coverUri, storage_key: art.storage_key });
    const d = distributionSettings.of(this.config);
    const ern: ErnInput = {
      messageId: `${d.sender.dpid}-${release.release_id}-${now.getTime()}`,
      threadId: `${d.sender.dpid}-${release.release_id}`,
      createdAt: now,
      control: control ?? d.messageControl,
      sender: d.sender,
      recipient: { dpid: recipientDpid ?? d.storeDpids[store] ?? PLACEHOLDER_DPID(store), name: store },
      release: {
        icpn: upc,
        kind: release.release_type as ErnReleaseKind,
        title: release.release_title,
        artists: credits(release),
        label: release.lable_name,
        genre: release.genre,
        subGenre: release.sub_genre,
        pLine: parseLine(release.p_line),
        cLine: parseLine(release.c_line),
        releaseDate: ymd(release.release_date),
        parentalWarning: releaseParentalWarning(tracks.map((t) => t.parentalWarning)),
      },
      tracks,
      cover: { codec: facts.format === 'png' ? 'PNG' : facts.format === 'gif' ? 'GIF' : 'JPEG', width: facts.width, height: facts.height, file: { uri: coverUri, md5: facts.md5, size: facts.size } },
      takedownDate: takedown ? ymd(now.getTime()) : undefined,
    };
    return { ern, files };
  }

  private recording(t: Track, artists: ErnArtistCredit[], m: AudioMeasurements, file: { uri: string; md5: string; size: number }, wav: boolean, release: Release): ErnSoundRecording {
    const contributors: ErnContributor[] = [
      ...[t.author1, t.author2, t.author3].filter(Boolean).map((name) => ({ name, role: 'Lyricist' as const })),
      ...[t.composer1, t.composer2, t.composer3].filter(Boolean).map((name) => ({ name, role: 'Composer' as const })),
      ...(t.producer ? [{ name: t.producer, role: 'Producer' as const }] : []),
    ];
    return {
      isrc: t.isrc,
      title: t.title,
      subtitle: t.version_subtitle,
      artists: artists.length ? artists : [{ name: release.artist_name || 'Unknown Artist', role: 'MainArtist' }],
      contributors,
      pLine: { year: t.production_year || parseLine(t.p_line).year, text: t.p_line },
      parentalWarning: PARENTAL[t.explicit_version] ?? 'NoAdviceAvailable',
      instrumental: t.instrumental === 'Yes',
      language: t.lyrics_language,
      genre: t.genre,
      subGenre: t.subgenre,
      isCover: t.track_version === 'Cover',
      technical: {
        codec: wav ? 'PCM' : 'MP3',
        container: wav ? 'WAV' : null,
        sampleRateHz: m.sample_rate_hz,
        bitsPerSample: wav ? m.bit_depth : null,
        channels: m.channels,
        bitRateKbps: wav ? null : m.bitrate_kbps,
        durationSeconds: m.duration_s,
      },
      file,
    };
  }
}
