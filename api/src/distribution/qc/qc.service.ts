import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { In, Repository } from 'typeorm';
import sharp from 'sharp';
import { fillMessage, QC_MESSAGES, RELEASE_MESSAGES, type AudioMeasurements, type QcProblem, type StoreReadyChecklist, type TrackQc } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { distributionSettings } from '../distribution.settings';
import { DomainError } from '../../common/domain-error';
import { FileStorage } from '../../storage/file-storage';
import { UploadsService } from '../../releases/uploads/uploads.service';
import type { UploadQcHook } from '../../releases/uploads/upload-qc.hook';
import { artworkScratchDir, withArtworkFile } from '../../releases/uploads/artwork-file';
import { ThumbnailsService } from '../../video/thumbnails.service';
import type { ThumbnailQcHook } from '../../video/thumbnail-qc.hook';
import { JobsService } from '../../jobs/jobs.service';
import { DistributionJobs } from '../distribution-jobs';
import { closeMediaWorker, measureAudio, UndecodableAudioError } from './audio-measure';
import { artworkProblems, audioProblems, thumbnailProblems, type ImageFacts } from './qc-rules';
import { UploadQcEntity } from './upload-qc.entity';
import { observe } from '../../observability/metrics';

/** Data of the audio QC job: everything it needs, no request context. */
export type AudioQcJob = { filename: string };
/** The JobsService job that measures one stored audio file (idempotent; id `audio-qc-<filename>`). */
export const AUDIO_QC_JOB = 'distribution.audio-qc';
/** The start-up job that queues the audio QC a stopped process left (RUN_JOBS instances). */
export const QC_RESUME_JOB = 'distribution.qc-resume';
declare module '../../jobs/job-map' {
  interface JobMap {
    'distribution.audio-qc': { data: AudioQcJob; result: Record<string, never> };
    'distribution.qc-resume': { data: Record<string, never>; result: { queued: number } };
  }
}
export type ArtworkFacts = ImageFacts & { md5: string; size: number };

const MAX_ARTWORK_PIXELS = 64_000_000;

/** MD5 (hex) and byte count of a stream. */
export async function md5Of(stream: Readable): Promise<{ md5: string; size: number }> {
  const hash = createHash('md5');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { md5: hash.digest('hex'), size };
}

/** Facts of the image file at `path`: its header through sharp, MD5 and size streamed from the file. Errors: sharp's (not an image, over MAX_ARTWORK_PIXELS). */
async function measureImageFile(path: string): Promise<ArtworkFacts> {
  const meta = await sharp(path, { limitInputPixels: MAX_ARTWORK_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error('no size');
  const { md5, size } = await md5Of(createReadStream(path));
  return {
    width: meta.autoOrient?.width ?? meta.width,
    height: meta.autoOrient?.height ?? meta.height,
    space: String(meta.space ?? ''),
    channels: meta.channels ?? 0,
    format: String(meta.format ?? ''),
    md5,
    size,
  };
}

/**
 * Store QC of uploads (docs/decisions/020; rules in qc-rules.ts, limits and texts in contracts
 * QC_LIMITS / QC_MESSAGES). Artwork is measured with sharp during the upload (it is small and decoded
 * for its renditions anyway) and refused at once with the measured values. Audio is measured by the
 * `audio-qc` job after the bytes are stored: the upload answers at once, the row says `checking`, then
 * `passed` or `refused` (a refused file is removed, the QC row stays to say why). Results, measurements
 * and the MD5 of the bytes are kept per upload in `upload_qc`, shown to the artist and the reviewer, and
 * used by the DDEX message. STORE_QC=report records everything but refuses nothing.
 */
@Injectable()
export class QcService implements UploadQcHook, ThumbnailQcHook, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(QcService.name);
  private readonly queue: DistributionJobs;
  /** Where an artwork kept in S3 is copied to be measured (artworkScratchDir). */
  private readonly scratch: string;

  constructor(
    @InjectRepository(UploadQcEntity) private readonly rows: Repository<UploadQcEntity>,
    private readonly uploads: UploadsService,
    private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    jobs: JobsService,
    private readonly thumbnails: ThumbnailsService,
  ) {
    jobs.register(AUDIO_QC_JOB, async (data: AudioQcJob) => {
      await this.runAudioQc(data);
      return {};
    }, { attempts: 3, backoffMs: 2000, concurrency: 1 });
    // Runners only, at start: queue again the audio left `checking` by a process that stopped (the job id keeps one job per file).
    jobs.register(QC_RESUME_JOB, async () => ({ queued: await this.resume() }));
    jobs.afterStart(QC_RESUME_JOB, 0, {});
    this.queue = new DistributionJobs(jobs, this.logger);
    this.scratch = artworkScratchDir(config.dataDir);
  }

  /** Resolves once the audio QC jobs this process queued have ended (in-process jobs; tests). */
  drain(): Promise<void> {
    return this.queue.drain();
  }

  private queueAudio(filename: string): Promise<void> {
    return this.queue.add(AUDIO_QC_JOB, { filename } satisfies AudioQcJob, { jobId: `audio-qc-${filename}` });
  }

  private get enforce(): boolean {
    return distributionSettings.of(this.config).qc === 'enforce';
  }

  /**
   * Register with the uploads and re-queue audio left `checking` by a stopped process. Only a server
   * does the re-queue: an operator CLI command must not start measuring files it did not upload (it
   * would close under the running job).
   */
  async onModuleInit(): Promise<void> {
    this.uploads.registerQcHook(this);
    this.thumbnails.registerQcHook(this);
  }

  /** Queue the QC of every audio file left `checking`; answers how many. */
  async resume(): Promise<number> {
    const left = await this.rows.find({ select: { filename: true }, where: { kind: 'audio', status: 'checking' } });
    for (const r of left) await this.queueAudio(r.filename);
    return left.length;
  }

  /** Stop the media worker; running QC jobs were closed by the JobsService's bounded shutdown (decision 018). */
  async onApplicationShutdown(): Promise<void> {
    await closeMediaWorker();
  }

  /** UploadQcHook: measure a stored artwork; its refusal text (every blocking problem) when enforced. */
  async checkArtwork(upload: { user_id: number; filename: string; storage_key: string; local_copy?: string }): Promise<string | null> {
    let facts: ArtworkFacts;
    try {
      facts = await this.measureArtwork(upload.storage_key, upload.local_copy);
    } catch {
      return null; // not decodable: the renditions refuse it with the spec's type text (415)
    }
    const problems = artworkProblems(facts);
    const refused = problems.some((p) => p.severity === 'blocking');
    await this.save(upload.user_id, upload.filename, 'artwork', refused ? 'refused' : 'passed', facts, problems, facts.md5);
    return refused && this.enforce ? problems.map((p) => p.message).join(' ') : null;
  }

  /**
   * ThumbnailQcHook: measure a stored video thumbnail (16:9 within 1 %, at least 1280×720); the refusal
   * text naming its size (QC_MESSAGES thumbnailNotWide / thumbnailTooSmall) when enforced, else null.
   * Bytes sharp cannot decode pass here (the type was read from them; the video area serves them as is).
   */
  async checkThumbnail(upload: { user_id: number; filename: string; storage_key: string }): Promise<string | null> {
    let facts: ArtworkFacts;
    try {
      facts = await this.measureArtwork(upload.storage_key);
    } catch {
      return null;
    }
    const problems = thumbnailProblems(facts);
    if (problems.length) this.logger.log({ msg: 'thumbnail qc', filename: upload.filename, user_id: upload.user_id, problems: problems.map((p) => p.code), width: facts.width, height: facts.height });
    return problems.length && this.enforce ? problems.map((p) => p.message).join(' ') : null;
  }

  /**
   * Read an artwork's header with sharp and hash its bytes, from its file (withArtworkFile: libvips reads
   * the header only; the hash streams the file), so no copy of the file is held in memory;
   * from `localCopy` when the caller has the same bytes in a file on this machine.
   * Errors: ENOENT, the store's, or sharp's when the bytes are not an image it reads (or over MAX_ARTWORK_PIXELS).
   */
  async measureArtwork(storageKey: string, localCopy?: string): Promise<ArtworkFacts> {
    return withArtworkFile(this.storage, storageKey, this.scratch, measureImageFile, localCopy);
  }

  /** UploadQcHook: a `checking` row, then the job. */
  async audioStored(upload: { user_id: number; filename: string; storage_key: string; mime: string }): Promise<void> {
    await this.save(upload.user_id, upload.filename, 'audio', 'checking', null, [], '');
    await this.queueAudio(upload.filename);
  }

  /**
   * The audio QC job (idempotent: a row no longer `checking`, or an upload gone, is left alone).
   * Measures the stored bytes, hashes them, applies the rules; a blocking problem (or undecodable
   * bytes) refuses the file and, when enforced, removes it. Other errors are thrown to be retried.
   */
  async runAudioQc({ filename }: AudioQcJob): Promise<void> {
    const row = await this.rows.findOne({ where: { filename } });
    if (!row || row.status !== 'checking') return;
    const upload = await this.uploads.describe(filename);
    if (!upload) {
      await this.rows.delete({ id: row.id });
      return;
    }
    await this.rows.increment({ id: row.id }, 'attempts', 1);
    let measurements: AudioMeasurements | null = null;
    let problems: QcProblem[];
    try {
      measurements = await measureAudio(() => this.storage.open(upload.storage_key), upload.mime, upload.size);
      problems = audioProblems(measurements, upload.mime);
    } catch (e) {
      if (!(e instanceof UndecodableAudioError)) throw e;
      problems = [{ code: 'audioUnreadable', severity: 'blocking', message: QC_MESSAGES.audioUnreadable }];
    }
    const { md5 } = await md5Of(await this.storage.open(upload.storage_key));
    const refused = problems.some((p) => p.severity === 'blocking');
    await this.rows.update({ id: row.id }, { status: refused ? 'refused' : 'passed', measurements: JSON.stringify(measurements), problems: JSON.stringify(problems), md5, checked_at: new Date() });
    this.logger.log({ msg: 'audio qc', filename, status: refused ? 'refused' : 'passed', problems: problems.map((p) => p.code) });
    observe.qc(refused ? 'fail' : 'pass');
    if (refused && this.enforce) await this.uploads.discard(row.user_id, filename);
  }

  /** GET /api/getTrackQc: the caller's audio upload's QC. Errors: 404 uploadUnknownFile (none, or another user's). */
  async trackQc(userId: number, filename: string): Promise<TrackQc> {
    const row = await this.rows.findOne({ where: { filename, user_id: userId } });
    if (!row) throw DomainError.notFound(RELEASE_MESSAGES.uploadUnknownFile);
    return toTrackQc(row);
  }

  /** QC rows of these files (any owner), by filename. */
  async byFilename(filenames: string[]): Promise<Map<string, UploadQcEntity>> {
    const names = [...new Set(filenames.filter(Boolean))];
    if (!names.length) return new Map();
    return new Map((await this.rows.find({ where: { filename: In(names) } })).map((r) => [r.filename, r]));
  }

  /**
   * The store-ready checklist of a release: its artwork and every track (in order) with status and
   * problems. A file without a QC row (uploaded before QC existed) counts as passed with no values.
   */
  async checklist(artwork: string, tracks: { title: string; audio_track: string }[]): Promise<StoreReadyChecklist> {
    const rows = await this.byFilename([artwork, ...tracks.map((t) => t.audio_track)]);
    const item = (subject: string, filename: string) => {
      const r = rows.get(filename);
      return { subject, status: r?.status ?? 'passed', problems: r ? (JSON.parse(r.problems) as QcProblem[]) : [] } as StoreReadyChecklist['items'][number] & { measurements?: unknown };
    };
    const items = [item('Artwork', artwork), ...tracks.map((t) => ({ ...item(t.title, t.audio_track), measurements: rows.get(t.audio_track) ? JSON.parse(rows.get(t.audio_track)!.measurements) : null }))];
    return { ready: items.every((i) => i.status === 'passed'), items };
  }

  /** UploadQcHook: blocking or pending QC of a release about to be submitted, as texts (enforced only). */
  async submitProblems(_userId: number, artwork: string, tracks: { title: string; audio_track: string }[]): Promise<string[]> {
    if (!this.enforce) return [];
    const { items } = await this.checklist(artwork, tracks);
    const out: string[] = [];
    for (const i of items) {
      if (i.status === 'checking') out.push(fillMessage(QC_MESSAGES.qcPending, { title: i.subject }));
      for (const p of i.problems.filter((p) => p.severity === 'blocking')) out.push(fillMessage(QC_MESSAGES.qcRefused, { title: i.subject, problem: p.message }));
    }
    return out;
  }

  private async save(userId: number, filename: string, kind: 'artwork' | 'audio', status: UploadQcEntity['status'], measurements: unknown, problems: QcProblem[], md5: string): Promise<void> {
    await this.rows.insert({ user_id: userId, filename, kind, status, measurements: JSON.stringify(measurements), problems: JSON.stringify(problems), md5, attempts: 0, checked_at: status === 'checking' ? null : new Date(), created_at: new Date() });
  }
}

export function toTrackQc(r: UploadQcEntity): TrackQc {
  return { filename: r.filename, status: r.status, measurements: JSON.parse(r.measurements) as AudioMeasurements | null, problems: JSON.parse(r.problems) as QcProblem[], checked_at: r.checked_at ? new Date(r.checked_at).toISOString() : null };
}
