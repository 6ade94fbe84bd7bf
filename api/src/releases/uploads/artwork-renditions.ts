import { Inject, Injectable, Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import sharp, { type OutputInfo } from 'sharp';
import { ARTWORK_RENDITION_FORMATS, ARTWORK_RENDITION_WIDTHS, type ArtworkRenditionFormat, type ArtworkRenditionWidth } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { FileStorage } from '../../storage/file-storage';
import { JobsService } from '../../jobs/jobs.service';

/**
 * Encoder settings; a change of them needs new rendition names, since URLs are cached a year. JPEG is
 * only the fallback of browsers without WebP, so it skips mozjpeg (about 20% smaller, 3x the CPU).
 */
const QUALITY = { webp: 78, jpg: 80 } as const;
/**
 * Largest image decoded, in pixels (8000 x 8000). A 1.5 MB PNG of one colour can claim 30000 x 30000;
 * such an image is refused rather than decoded (libvips checks the header before allocating).
 */
export const MAX_ARTWORK_PIXELS = 64_000_000;
/** Requests that may wait for a lazy rendition job; beyond this a request is sent to the original instead. */
const MAX_WAITING_JOBS = 8;
/** The job that makes one artwork's renditions (JobsService; docs/decisions/018-scale-out.md). */
export const RENDITIONS_JOB = 'artwork.renditions';
declare module '../../jobs/job-map' {
  interface JobMap {
    'artwork.renditions': { data: { storageKey: string }; result: RenditionsResult };
  }
}
/** What the job answers: the bytes written, or why nothing was (kept as results, not failures: retrying cannot help). */
type RenditionsResult = { bytes: number } | { unreadable: string } | { missing: true };

// One libvips thread per job, and no operation cache: every artwork is seen once, so a cache only holds memory.
sharp.concurrency(1);
sharp.cache(false);

/** The original's bytes are not an image sharp can decode (corrupt, truncated, or over MAX_ARTWORK_PIXELS). */
export class UnreadableArtworkError extends Error {}

/** Storage key of one rendition of the upload stored under `storageKey`: `<key>.<width>.<format>`. */
export const renditionKey = (storageKey: string, width: ArtworkRenditionWidth, format: ArtworkRenditionFormat): string => `${storageKey}.${width}.${format}`;

/** Every rendition key of one stored artwork (3 widths x 2 formats). */
export const renditionKeys = (storageKey: string): string[] =>
  ARTWORK_RENDITION_WIDTHS.flatMap((w) => (Object.keys(ARTWORK_RENDITION_FORMATS) as ArtworkRenditionFormat[]).map((f) => renditionKey(storageKey, w, f)));

/**
 * Square renditions of an artwork (docs/decisions/010; contracts ARTWORK_RENDITION_WIDTHS x FORMATS), written
 * next to the original through the FileStorage, by the job RENDITIONS_JOB: with REDIS_URL whichever
 * instance takes it makes them, once (docs/decisions/018-scale-out.md). One job decodes the original once (JPEG shrink-on-load,
 * EXIF orientation applied, transparency flattened on white, sRGB), reduces it to the largest width, and
 * makes the smaller widths from that, so a job holds about 3 MB of pixels whatever the original's size.
 * Jobs run ARTWORK_RENDITION_JOBS at a time per instance (default 1) with one libvips thread each; two
 * requests for the same original share one job (job id `renditions-<key>`).
 */
@Injectable()
export class ArtworkRenditions {
  private readonly logger = new Logger(ArtworkRenditions.name);
  /** Requests of this process waiting for a rendition job. */
  private waiting = 0;

  constructor(
    private readonly storage: FileStorage,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    jobs.register(RENDITIONS_JOB, ({ storageKey }) => this.job(storageKey), { concurrency: config.uploads.renditionJobs, attempts: 2, backoffMs: 1000 });
  }

  /** Whether so many requests wait for jobs that a lazy request should not queue another one. */
  get saturated(): boolean {
    return this.waiting >= MAX_WAITING_JOBS;
  }

  /**
   * Make all six renditions of the original under `storageKey`; resolves to the bytes written. All or
   * nothing: on any failure the renditions written so far are removed (the original is the caller's).
   * Errors: UnreadableArtworkError when the bytes do not decode; a storage error as is.
   */
  async make(storageKey: string): Promise<number> {
    this.waiting += 1;
    let result: RenditionsResult;
    try {
      result = await this.jobs.run(RENDITIONS_JOB, { storageKey }, { jobId: `renditions-${storageKey}` });
    } finally {
      this.waiting -= 1;
    }
    if ('unreadable' in result) throw new UnreadableArtworkError(result.unreadable);
    if ('missing' in result) throw Object.assign(new Error(`no stored original ${storageKey}`), { code: 'ENOENT' });
    return result.bytes;
  }

  /** The job: render, with the outcomes retrying cannot change answered as results. */
  private async job(storageKey: string): Promise<RenditionsResult> {
    try {
      return { bytes: await this.render(storageKey) };
    } catch (e) {
      if (e instanceof UnreadableArtworkError) return { unreadable: e.message };
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
      throw e;
    }
  }

  /** Remove every rendition of `storageKey` (missing ones are not an error). */
  async deleteAll(storageKey: string): Promise<void> {
    await Promise.all(renditionKeys(storageKey).map((key) => this.storage.delete(key)));
  }

  private async render(storageKey: string): Promise<number> {
    const started = Date.now();
    const largest = ARTWORK_RENDITION_WIDTHS[ARTWORK_RENDITION_WIDTHS.length - 1];
    let pixels: { data: Buffer; info: OutputInfo };
    try {
      const decoder = sharp({ limitInputPixels: MAX_ARTWORK_PIXELS, failOn: 'error' });
      const source = await this.storage.open(storageKey);
      source.on('error', (e) => decoder.destroy(e));
      source.pipe(decoder);
      pixels = await decoder
        .rotate()
        .resize(largest, largest, { fit: 'cover', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw e;
      throw new UnreadableArtworkError((e as Error).message);
    }
    const written: string[] = [];
    let bytes = 0;
    try {
      for (const width of ARTWORK_RENDITION_WIDTHS) {
        const resized = sharp(pixels.data, { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } }).resize(width, width, {
          fit: 'cover',
          withoutEnlargement: true,
        });
        for (const format of Object.keys(ARTWORK_RENDITION_FORMATS) as ArtworkRenditionFormat[]) {
          const encoded = await (format === 'webp' ? resized.clone().webp({ quality: QUALITY.webp }) : resized.clone().jpeg({ quality: QUALITY.jpg, progressive: true, optimiseCoding: true })).toBuffer();
          const key = renditionKey(storageKey, width, format);
          written.push(key);
          bytes += (await this.storage.put(key, Readable.from([encoded]))).size;
        }
      }
    } catch (e) {
      await Promise.all(written.map((key) => this.storage.delete(key).catch(() => undefined)));
      throw e;
    }
    this.logger.log({ msg: 'artwork renditions made', storage_key: storageKey, bytes, ms: Date.now() - started });
    return bytes;
  }
}
