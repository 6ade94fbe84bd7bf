import { Inject, Injectable, Logger } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { ARTWORK_RENDITION_FORMATS, ARTWORK_RENDITION_WIDTHS, type ArtworkRenditionFormat, type ArtworkRenditionWidth } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { FileStorage } from '../../storage/file-storage';
import { JobsService } from '../../jobs/jobs.service';
import { artworkScratchDir, scratchFile, withArtworkFile } from './artwork-file';

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
    'artwork.renditions': { data: { storageKey: string; localCopy?: string }; result: RenditionsResult };
  }
}
/** What the job answers: the bytes written, or why nothing was (kept as results, not failures: retrying cannot help). */
type RenditionsResult = { bytes: number } | { unreadable: string } | { missing: true };

// One libvips thread per job, and no operation cache: every artwork is seen once, so a cache only holds memory.
// Measured on this pipeline alone (18 covers of 3000 x 3000, 2 cores): peak RSS growth 12-14 MB, 19-25 MB
// with libvips' default cache; one thread or one per core made no clear difference on 2 cores (009 "Memory").
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
 * Square renditions of an artwork (docs/decisions/009-artwork-renditions.md; contracts ARTWORK_RENDITION_WIDTHS
 * x FORMATS), written next to the original through the FileStorage, by the job RENDITIONS_JOB: with REDIS_URL
 * whichever instance takes it makes them, once (docs/decisions/018-scale-out.md). One job decodes the original
 * once, from its file (JPEG shrink-on-load, EXIF orientation applied, transparency flattened on white, sRGB),
 * reduces it to the largest width into a temporary uncompressed file, and makes every rendition from that
 * file; neither the original's bytes nor decoded pixels pass through JavaScript memory (009 "Memory").
 * Jobs run ARTWORK_RENDITION_JOBS at a time per instance (default 1) with one libvips thread each and no
 * libvips cache; two requests for the same original share one job (job id `renditions-<key>`).
 */
@Injectable()
export class ArtworkRenditions {
  private readonly logger = new Logger(ArtworkRenditions.name);
  /** Requests of this process waiting for a rendition job. */
  private waiting = 0;
  /** Where a job keeps its temporary files (artworkScratchDir). */
  private readonly scratch: string;

  constructor(
    private readonly storage: FileStorage,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.scratch = artworkScratchDir(config.dataDir);
    jobs.register(RENDITIONS_JOB, ({ storageKey, localCopy }) => this.job(storageKey, localCopy), { concurrency: config.uploads.renditionJobs, attempts: 2, backoffMs: 1000 });
  }

  /** Whether so many requests wait for jobs that a lazy request should not queue another one. */
  get saturated(): boolean {
    return this.waiting >= MAX_WAITING_JOBS;
  }

  /**
   * Make all six renditions of the original under `storageKey`; resolves to the bytes written. All or
   * nothing: on any failure the renditions written so far are removed (the original is the caller's).
   * `localCopy`: the same bytes in a file on this machine, which a job run here reads instead of the store
   * (the caller keeps it until this settles). Errors: UnreadableArtworkError when the bytes do not decode; a
   * storage error as is.
   */
  async make(storageKey: string, localCopy?: string): Promise<number> {
    this.waiting += 1;
    let result: RenditionsResult;
    try {
      result = await this.jobs.run(RENDITIONS_JOB, localCopy ? { storageKey, localCopy } : { storageKey }, { jobId: `renditions-${storageKey}` });
    } finally {
      this.waiting -= 1;
    }
    if ('unreadable' in result) throw new UnreadableArtworkError(result.unreadable);
    if ('missing' in result) throw Object.assign(new Error(`no stored original ${storageKey}`), { code: 'ENOENT' });
    return result.bytes;
  }

  /** The job: render, with the outcomes retrying cannot change answered as results. */
  private async job(storageKey: string, localCopy: string | undefined): Promise<RenditionsResult> {
    try {
      return { bytes: await this.render(storageKey, localCopy) };
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

  /**
   * Decode the original once from its file (withArtworkFile: libvips reads it in pieces; none of its bytes
   * in JavaScript memory) to the largest width, into an uncompressed TIFF in the scratch folder (the one decoded
   * copy, 3 MB at 1000 px, removed at the end), then each rendition: libvips reads that file, resizes and
   * encodes, and the encoded file is streamed into the FileStorage. The decoded pixels never become a JavaScript
   * Buffer, so nothing of a job waits for V8's garbage collector after it. Errors: UnreadableArtworkError,
   * ENOENT, the store's.
   */
  private async render(storageKey: string, localCopy: string | undefined): Promise<number> {
    const started = Date.now();
    const largest = ARTWORK_RENDITION_WIDTHS[ARTWORK_RENDITION_WIDTHS.length - 1];
    const written: string[] = [];
    let bytes = 0;
    const decoded = scratchFile(this.scratch, '.tif');
    try {
      await withArtworkFile(this.storage, storageKey, this.scratch, async (original) => {
        try {
          await sharp(original, { limitInputPixels: MAX_ARTWORK_PIXELS, failOn: 'error' })
            .rotate()
            .resize(largest, largest, { fit: 'cover', withoutEnlargement: true })
            .flatten({ background: '#ffffff' })
            .toColourspace('srgb')
            .tiff({ compression: 'none' })
            .toFile(decoded);
        } catch (e) {
          // The temporary file could not be written (libvips names it): a server error, retried, not the artwork's fault.
          if ((e as Error).message.includes(decoded)) throw e;
          // Removed while it was read (another request's job, a deletion): missing, not unreadable.
          if (!(await this.storage.stat(storageKey))) throw Object.assign(new Error(`no stored original ${storageKey}`), { code: 'ENOENT' });
          throw new UnreadableArtworkError((e as Error).message);
        }
      }, localCopy);
      for (const width of ARTWORK_RENDITION_WIDTHS) {
        for (const format of Object.keys(ARTWORK_RENDITION_FORMATS) as ArtworkRenditionFormat[]) {
          const resized = sharp(decoded).resize(width, width, { fit: 'cover', withoutEnlargement: true });
          const encoder = format === 'webp' ? resized.webp({ quality: QUALITY.webp }) : resized.jpeg({ quality: QUALITY.jpg, progressive: true, optimiseCoding: true });
          // libvips hands an encoded file over whole (sharp's stream output pushes that same one Buffer), at
          // most a few hundred KB: taken as a Buffer, streamed on into the store.
          const encoded = await encoder.toBuffer();
          const key = renditionKey(storageKey, width, format);
          written.push(key);
          bytes += (await this.storage.put(key, Readable.from([encoded]))).size;
        }
      }
    } catch (e) {
      await Promise.all(written.map((key) => this.storage.delete(key).catch(() => undefined)));
      throw e;
    } finally {
      await rm(decoded, { force: true }).catch(() => undefined);
    }
    this.logger.log({ msg: 'artwork renditions made', storage_key: storageKey, bytes, ms: Date.now() - started });
    return bytes;
  }
}
