import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { createReadStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIO_EXTENSIONS, AUDIO_TUS_PATH, RELEASE_LIMITS, RELEASE_MESSAGES as M, SERVER_MESSAGES, SESSION_OVER_STATUS } from '@portal/contracts';
import type { Server as TusServer } from '@tus/server';
import type { FileStore as TusFileStore } from '@tus/file-store';
import { SessionService } from '../../auth/session.service';
import { DomainError, SessionOverError } from '../../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobsService } from '../../jobs/jobs.service';
import { ReleaseGateService } from '../release-info/release-gate.service';
import { UploadsService } from './uploads.service';
import { releaseSettings } from '../releases.settings';

/** The repeatable job that removes expired unfinished tus uploads (once per deployment with REDIS_URL). */
export const TUS_EXPIRE_JOB = 'uploads.tus-expire';
declare module '../../jobs/job-map' {
  interface JobMap {
    'uploads.tus-expire': { data: Record<string, never>; result: { removed: number } };
  }
}

/** What a tus hook throws: the server answers `status_code` with `body` (here the portal's JSON envelope). */
type TusRefusal = { status_code: number; body: string };

/** The tus error of a portal error: DomainError → its status and envelope; session over → 401 status 0. */
export function tusRefusal(error: unknown): TusRefusal | null {
  if (error instanceof DomainError) return { status_code: error.httpStatus, body: JSON.stringify({ status: error.httpStatus, message: error.message, code: error.code }) };
  if (error instanceof SessionOverError) return { status_code: 401, body: JSON.stringify({ status: SESSION_OVER_STATUS, message: SERVER_MESSAGES.unauthorized }) };
  return null;
}

const bad = (message: string, code?: string) => tusRefusal(new DomainError(400, message, code ? { code } : {}))!;

/**
 * Resumable audio uploads with the tus protocol (docs/decisions/020 "Resumable uploads"), at
 * AUDIO_TUS_PATH (`POST /api/tus` creates, `HEAD /api/tus/<id>` answers the offset, `PATCH` appends,
 * `DELETE` cancels; `GET` is not served). `@tus/server` with `@tus/file-store` in TUS_DIR (ES modules,
 * loaded on first use). Every request carries the artist's login token (`Authorization: Bearer`): none or
 * a bad one answers 401 status 0; another user's upload answers 404. Creation needs `Upload-Length`
 * (≤ 104857600 bytes, else 413 audioTooLarge) and a file name ending .mp3 or .wav in metadata
 * `filename` (else 415 audioType); the upload rate and quota of POST /api/upload apply (429, 413), and
 * 403 away / revoked. The last PATCH streams the bytes through the same type check into FileStorage
 * (local disk or S3), writes the upload row, queues the audio QC job, deletes the tus file and answers 200
 * with POST /api/upload's envelope. An unfinished upload expires TUS_EXPIRY_SECONDS after its creation
 * and is removed by the TUS_EXPIRE_JOB sweep.
 */
@Injectable()
export class TusUploads implements OnModuleDestroy {
  private readonly logger = new Logger(TusUploads.name);
  private server: Promise<{ server: TusServer; store: TusFileStore }> | null = null;
  /** The user each request proved (set by onIncomingRequest, read by the hooks of the same request). */
  private readonly users = new WeakMap<object, number>();

  constructor(
    private readonly uploads: UploadsService,
    private readonly sessions: SessionService,
    private readonly gate: ReleaseGateService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    jobs: JobsService,
  ) {
    jobs.register(TUS_EXPIRE_JOB, async () => ({ removed: await this.removeExpired() }));
    jobs.repeat(TUS_EXPIRE_JOB, releaseSettings.of(config).tusTimes.sweepSeconds * 1000);
  }

  /** Express middleware answering every request under AUDIO_TUS_PATH; other paths pass by. */
  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    const path = req.path;
    if (path !== AUDIO_TUS_PATH && !path.startsWith(`${AUDIO_TUS_PATH}/`)) return next();
    // tus GET would stream an unfinished upload back: the finished file is read at /api/files/audio.
    if (req.method === 'GET') {
      res.status(404).json({ status: 404, message: M.uploadUnknownFile });
      return;
    }
    this.load()
      .then(({ server }) => server.handle(req, res))
      .catch((e: unknown) => next(e));
  };

  /** Remove expired unfinished uploads (files and their .json info); answers how many went. */
  async removeExpired(): Promise<number> {
    try {
      const removed = await (await this.load()).server.cleanUpExpiredUploads();
      if (removed) this.logger.log({ msg: 'expired tus uploads removed', removed });
      return removed;
    } catch (e) {
      this.logger.warn({ msg: 'tus expiry sweep failed', err: (e as Error).message });
      return 0;
    }
  }

  onModuleDestroy(): void {
    this.server = null;
  }

  private load(): Promise<{ server: TusServer; store: TusFileStore }> {
    this.server ??= this.create().catch((e: unknown) => {
      this.server = null;
      throw e;
    });
    return this.server;
  }

  private async create(): Promise<{ server: TusServer; store: TusFileStore }> {
    // ES modules: Node 20.19+ loads them through require() (what tsc's CommonJS output of import() does).
    const [{ Server, EVENTS }, { FileStore }] = await Promise.all([import('@tus/server'), import('@tus/file-store')]);
    const { tusDir: dir, tusTimes } = releaseSettings.of(this.config);
    mkdirSync(dir, { recursive: true });
    const store = new FileStore({ directory: dir, expirationPeriodInMilliseconds: tusTimes.expirySeconds * 1000 });
    const server = new Server({
      path: AUDIO_TUS_PATH,
      datastore: store,
      maxSize: RELEASE_LIMITS.audioMaxBytes,
      // Location is this origin's /api/tus/<id>, whatever host or balancer the browser came through.
      relativeLocation: true,
      respectForwardedHeaders: false,
      // Same origin only, like the rest of the API (tus would answer Access-Control-Allow-Origin: *).
      allowedOrigins: () => false,
      onIncomingRequest: (req, id) => this.authorize(req, id, store),
      onUploadCreate: async (req, upload) => {
        const userId = this.users.get(req)!;
        if (upload.sizeIsDeferred || upload.size === undefined) throw bad(M.uploadMissingFile);
        const name = upload.metadata?.filename ?? '';
        const ext = name.split('.').pop()?.toLowerCase() ?? '';
        if (!(AUDIO_EXTENSIONS as readonly string[]).includes(ext)) throw tusRefusal(DomainError.unsupported(M.audioType));
        try {
          await this.gate.assertCanCreate(userId);
          await this.uploads.admitAudio(userId, upload.size);
        } catch (e) {
          throw tusRefusal(e) ?? e;
        }
        // The owner is the server's word, never the client's metadata.
        return { metadata: { filename: name.slice(-255), user_id: String(userId) } };
      },
      onUploadFinish: async (req, upload) => {
        const userId = this.users.get(req)!;
        const file = join(dir, upload.id);
        try {
          const stored = await this.uploads.adoptAudio(userId, createReadStream(file));
          return { status_code: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 200, message: M.audioUploaded, body: stored }) };
        } catch (e) {
          const refusal = tusRefusal(e);
          if (!refusal) this.logger.error({ msg: 'finished tus upload could not be stored', user_id: userId, err: (e as Error).message });
          throw refusal ?? e;
        } finally {
          await store.remove(upload.id).catch(() => undefined);
        }
      },
      onResponseError: (_req, err) => {
        const own = tusRefusal(err);
        if (own) return own;
        const status = 'status_code' in err ? err.status_code : 500;
        // tus' own refusals in the portal's envelope with the spec's texts where one applies.
        if (status === 413) return { status_code: 413, body: JSON.stringify({ status: 413, message: M.audioTooLarge }) };
        if (status === 404 || status === 410) return { status_code: status, body: JSON.stringify({ status, message: M.uploadUnknownFile }) };
        if (status >= 500) this.logger.error({ msg: 'tus request failed', err: 'message' in err ? err.message : err.body });
        return undefined;
      },
    });
    server.on(EVENTS.POST_CREATE, (_req, upload) => this.logger.log({ msg: 'tus upload created', id: upload.id, size: upload.size }));
    return { server, store };
  }

  /** Every request: the login token's user; for an existing upload, its owner (else 404 like a missing one). */
  private async authorize(req: { headers: Headers; method: string }, id: string, store: TusFileStore): Promise<void> {
    const header = req.headers.get('authorization')?.trim() ?? '';
    const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header || undefined;
    let userId: number;
    try {
      userId = (await this.sessions.authenticate(token, 'login')).id;
    } catch (e) {
      throw tusRefusal(e) ?? e;
    }
    this.users.set(req, userId);
    if (req.method === 'POST') return;
    const upload = await store.getUpload(id).catch(() => null);
    if (!upload || upload.metadata?.user_id !== String(userId)) throw tusRefusal(DomainError.notFound(M.uploadUnknownFile));
  }
}
