import { type INestApplication, Logger } from '@nestjs/common';
import { PortalLogger } from './common/portal-logger';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { REMOTE_DIRS, type AppConfig } from './config/app-config';
import { EnvelopeExceptionFilter } from './common/exception.filter';
import { requestId, requestIdInTraceContext } from './common/request-context';
import { indexRoutes } from './common/http/route-index';
import { requestLogger } from './common/request-logger';
import { livePortalCsp, noStoreByDefault, securityHeaders } from './common/http/security-headers';
import { buildFolderCacheControl, precompressed, resolveWithin, withoutEncodingSuffix } from './common/http/precompressed';
import { RemoteRegistryService } from './remote-registry/remote-registry.service';
import { RemoteCanaryService } from './remote-registry/canary/canary.service';
import { LOAD_TOKENS_HEADER } from '@portal/contracts';
import { WIRE_MAP } from '@portal/contracts/server';
import { ShellDocument } from './front-end/shell-document';
import { TusUploads } from './releases/uploads/tus-uploads';
import { httpMetrics, metricsRoute, routeLabel } from './observability/http-metrics';
import { traceRequest } from './observability/tracing';
import { observabilitySettings } from './observability/observability.settings';
import { PublicPageHttp } from './public-page/public-page.http';

/**
 * Build the configured Nest app: /api prefix, request ids, structured logs, the envelope filter,
 * OpenAPI at /api/docs and, when STATIC_ROOT holds built front ends, the shell, the remotes and
 * /remotes.json on the same origin (docs/decisions/001). Resolves initialised (routes registered and indexed). Used by main.ts and by the integration tests.
 */
export async function createApp(config: AppConfig, options: { quiet?: boolean } = {}): Promise<NestExpressApplication> {
  const logger = options.quiet ? false : new PortalLogger({ json: config.logFormat === 'json', colors: config.logFormat !== 'json' });
  // abortOnError false: a boot failure rejects (Nest would exit(1) itself), so main.ts can print a
  // ConfigError found once the database is open (a SEAL_KEY that does not open its values, decision 032).
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), { logger, bodyParser: false, abortOnError: false });
  // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY); by default a client
  // cannot choose the address its rate-limit buckets are counted under.
  app.set('trust proxy', config.trustProxy.length ? config.trustProxy : false);
  app.disable('x-powered-by');
  // API answers are no-store, so an ETag (a hash of every JSON body) would never be used (docs/decisions/010).
  app.set('etag', false);
  // Everything in front of the routes runs as ONE router layer (docs/decisions/010 and 042, hot path): each
  // layer of its own costs every request a path match, and a mounted one a prefix trim and restore.
  // The request's server span when tracing is on (decision 038) comes right after the timer, so everything after runs in its trace.
  const traced = traceRequest(routeLabel);
  const bodyParsers: RequestHandler[] = [express.json({ limit: '1mb', strict: false }), express.urlencoded({ extended: false, limit: '1mb' })];
  app.use(
    series([
      // Every request timed by route template (docs/decisions/038).
      httpMetrics,
      ...(traced ? [traced] : []),
      // With tracing on the request id is the trace id (decision 038), carried in the trace's own async context.
      traced ? requestIdInTraceContext : requestId,
      securityHeaders(config),
      // GET /metrics only for METRICS_TOKEN's bearer (docs/decisions/038).
      metricsRoute(observabilitySettings.of(config).metrics.token),
      skipUnless(
        (req) => API_PATH.test(req.path),
        series([
          noStoreByDefault,
          // JSON answers are made per request: compressed on the fly (gzip/deflate/br by Accept-Encoding,
          // from 1 KB); a client that accepts no encoding skips the wrapper. The static front ends are
          // precompressed at build time instead (serveFrontEnds).
          skipUnless((req) => !!req.headers['accept-encoding'], compression({ threshold: 1024 }) as unknown as RequestHandler),
          ...(config.logRequests && !options.quiet ? [requestLogger as RequestHandler] : []),
          // Not strict: a JSON scalar body parses, and the validation pipe answers that it must be an object.
          // A GET or HEAD carries no body to parse.
          // Nor does a route that reads its body itself (a deploy's tarball, contracts `rawBody`): it answers a wrong type 415.
          ...bodyParsers.map((parser) => skipUnless((req) => req.method !== 'GET' && req.method !== 'HEAD' && !readsOwnBody(req), parser)),
        ]),
      ),
      // Resumable audio uploads (tus, docs/decisions/020): raw express middleware before Nest's routes.
      app.get(TusUploads).middleware,
    ]),
  );
  // The public release pages (/r/<slug>, docs/decisions/037): HTML of their own, ahead of the shell's client routes.
  app.use('/r', app.get(PublicPageHttp).router);
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new EnvelopeExceptionFilter());

  const doc = new DocumentBuilder()
    .setTitle('Artist distribution portal API')
    .setDescription('Every answer is the envelope { status, message, body?, total? }; a protected call with a bad token answers HTTP 401 with status 0.')
    .setVersion('1')
    .addServer('/', 'This portal')
    .setLicense('Proprietary', '/terms')
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, doc));

  serveRemotes(app, config);
  if (config.staticRoot) serveFrontEnds(app, config);
  // Nest adds its routes at init; then each request goes straight to the routes that can match it (decision 042).
  await app.init();
  indexRoutes((app.getHttpAdapter().getInstance() as unknown as { router: Parameters<typeof indexRoutes>[0] }).router);
  return app;
}

/** The API's paths: `/api` and below, in any letter case (as Express matches a mount path and Nest's routes). */
const API_PATH = /^\/api(?:\/|$)/i;

/** Paths of the POST routes that read their body themselves (contracts `rawBody`). */
const OWN_BODY_PATHS = ((): RegExp => {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const paths = WIRE_MAP.filter(([, e]) => e.rawBody && e.method === 'POST').map(([, e]) => escape(`/api/${e.path}`).replace(/:[A-Za-z_]+/g, '[^/]+'));
  return paths.length ? new RegExp(`^(?:${paths.join('|')})$`, 'i') : /(?!)/;
})();

/** Whether `req` is for a route that reads its own body stream (no JSON or form parsing). */
function readsOwnBody(req: Request): boolean {
  return req.method === 'POST' && OWN_BODY_PATHS.test(req.path);
}

/** Run `handlers` one after the other as one middleware; an error goes straight to `next`. */
export function series(handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err) return next(err);
      const handler = handlers[i++];
      if (!handler) return next();
      handler(req, res, step);
    };
    step();
  };
}

/** `handler` only for requests `when` accepts; the others pass by. */
export function skipUnless(when: (req: Request) => boolean, handler: RequestHandler): RequestHandler {
  return (req, res, next) => (when(req) ? handler(req, res, next) : next());
}

/**
 * The live registry and the version store (docs/decisions/007): `/remotes.json` is read from the database on every
 * request (`Cache-Control: no-store`, so a deploy or rollback is seen by the next page load), and
 * `/remotes/<dir>/<version>/…` serves the store's immutable folders: `mf-manifest.json` and
 * `version.json` no-cache, every other file (content-hashed chunks, the folder's remoteEntry.js)
 * cached for a year as immutable.
 */
function serveRemotes(app: INestApplication, config: AppConfig): void {
  const http = app.getHttpAdapter().getInstance() as express.Express;
  const canary = app.get(RemoteCanaryService);
  http.get('/remotes.json', (req: Request, res: Response, next: NextFunction) => {
    // Per browser: canaries for their share of browsers, a staff member's pins (docs/decisions/021).
    canary.registryFor(req.headers.cookie, req.secure).then(({ registry: remotes, tokens, setCookie }) => {
      res.setHeader('Cache-Control', 'no-store');
      if (setCookie) res.setHeader('Set-Cookie', setCookie);
      // The load tokens the shell's beacon sends back (docs/decisions/029): beside the body, whose shape stays name → URL.
      if (Object.keys(tokens).length) res.setHeader(LOAD_TOKENS_HEADER, JSON.stringify(tokens));
      res.json(remotes);
    }, next);
  });
  http.use(
    '/remotes',
    precompressed(config.remoteStore.storeDir),
    express.static(config.remoteStore.storeDir, {
      index: false,
      dotfiles: 'ignore',
      setHeaders: (res: Response, path: string) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cache-Control', /(mf-manifest|version)\.json$/.test(withoutEncodingSuffix(path)) ? 'no-cache' : 'public, max-age=31536000, immutable');
      },
    }),
  );
}

function serveFrontEnds(app: INestApplication, config: AppConfig): void {
  const root = config.staticRoot!;
  const http = app.getHttpAdapter().getInstance() as express.Express;
  for (const dir of REMOTE_DIRS) {
    const dist = join(root, dir, 'dist');
    http.use(`/remotes/${dir}`, precompressed(dist), express.static(dist, { fallthrough: false, setHeaders: buildFolderCaching }));
  }
  const shell = join(root, 'shell', 'dist');
  if (!existsSync(join(shell, 'index.html'))) {
    new Logger('Static').warn({ msg: 'shell/dist not built: only the API is served', root });
    return;
  }
  // Not in front of the API: a call would otherwise cost a file lookup in shell/dist first (docs/decisions/010).
  const shellFiles = [precompressed(shell), express.static(shell, { index: false, setHeaders: buildFolderCaching })];
  http.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/')) return next();
    shellFiles[0](req, res, (error?: unknown) => (error ? next(error) : shellFiles[1](req, res, next)));
  });
  // Client-side routes: any GET that is not the API or a file answers the shell's index.html, with
  // preload links for the route's first load (docs/decisions/015).
  const registry = app.get(RemoteRegistryService);
  const canary = app.get(RemoteCanaryService);
  const document = new ShellDocument({ shellDist: shell, registry: () => registry.registry(), localFile: (path) => servedRemoteFile(config, path) });
  const liveCsp = livePortalCsp(config);
  http.get(/^(?!\/api(\/|$)|\/remotes\/).*/, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || /\.[a-z0-9]+$/i.test(req.path)) return next();
    // The document's CSP names the origins the live registry serves remotes from now (docs/decisions/021),
    // and those of this browser's staff pins: what its own /remotes.json answer names (docs/decisions/029).
    canary
      .originsFor(req.headers.cookie)
      .then((origins) => {
        const csp = liveCsp(origins);
        if (csp) res.setHeader('Content-Security-Policy', csp);
        return document.send(req, res);
      })
      .catch(next);
  });
}

/**
 * The file this server answers a `/remotes/…` URL path with, the way the routes above serve it: the
 * version store first (`/remotes/<dir>/<version>/…`), then a remote's build folder
 * (`/remotes/<dir>/…` from STATIC_ROOT/<dir>/dist). Undefined for any other path or a missing file.
 */
async function servedRemoteFile(config: AppConfig, urlPath: string): Promise<string | undefined> {
  if (!urlPath.startsWith('/remotes/')) return undefined;
  let rest: string;
  try {
    rest = decodeURIComponent(urlPath.slice('/remotes/'.length));
  } catch {
    return undefined;
  }
  const candidates = [resolveWithin(config.remoteStore.storeDir, rest)];
  const [dir, ...inside] = rest.split('/');
  if (config.staticRoot && (REMOTE_DIRS as readonly string[]).includes(dir)) candidates.push(resolveWithin(join(config.staticRoot, dir, 'dist'), inside.join('/')));
  for (const file of candidates) {
    if (file && (await stat(file).then((s) => s.isFile(), () => false))) return file;
  }
  return undefined;
}

/** Build folders (docs/decisions/010): content-hashed chunks immutable for a year, index.html, main.js, remoteEntry.js and manifests no-cache. */
function buildFolderCaching(res: Response, path: string): void {
  res.setHeader('Cache-Control', buildFolderCacheControl(path));
}
