import { Logger } from '@nestjs/common';
import { matchRoute } from '@portal/contracts';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { acceptedEncodings } from '../common/http/precompressed';

/** The shell build's first-load files (scripts/webpack/preload-hints-plugin.js): URLs by purpose. */
export type ShellPreloadHints = { bootstrap: string[]; layout: string[] };

/** What the preload needs of a remote's mf-manifest.json (Module Federation 2's manifest). */
type RemoteManifest = {
  metaData?: { publicPath?: string; getPublicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: unknown } } }>;
};

/** A preload hint: `as=script` for code, `as=fetch` (CORS, like the federation runtime's fetch) for a manifest. */
export type PreloadLink = { href: string; as: 'script' | 'fetch' };

/** Where the document's inputs come from (app.factory wires the registry service and the folders it serves). */
export type ShellDocumentSources = {
  /** The shell's build folder (index.html, preload-hints.json). */
  shellDist: string;
  /** The live registry: federation name → mf-manifest.json URL (what /remotes.json answers). */
  registry: () => Promise<Record<string, string>>;
  /** The file this server answers a same-origin URL path with, if it serves one (`/remotes/...`). */
  localFile: (urlPath: string) => Promise<string | undefined>;
};

/** Rendered variants kept with their compressed bytes: one per route's set of links and registry state. */
const RENDERED_MAX = 64;

/**
 * The shell's `index.html` for a client route, with `<link rel=preload>` for the files that route's
 * first load needs (docs/decisions/015): the shell's entry files, the layout's on a protected route,
 * and the route's remote: its mf-manifest.json and, when this server serves that manifest, its
 * remoteEntry.js and the exposed module's chunks, read from the live version's manifest. The browser
 * then asks for all of them with the page instead of one round trip after another (main.js, then the
 * manifest, then remoteEntry.js and the chunks).
 *
 * The server cannot see the session (localStorage), so a protected path is assumed to be opened with
 * one (contracts `matchRoute`); a wrong guess only costs unused preloads, never a wrong page:
 * the shell's router still decides. The hints are `fetchpriority="low"` so they never delay main.js,
 * which paints the page frame. Any failure to read a hint (no preload-hints.json, a manifest that
 * is missing or not JSON, a registry error) leaves that hint out and is logged; the page is always
 * served. Files are re-read when their modification time changes (a new build or deploy).
 */
export class ShellDocument {
  private readonly logger = new Logger('ShellDocument');
  private readonly files = new Map<string, { mtimeMs: number; size: number; value: unknown }>();
  private readonly rendered = new Map<string, { etag: string; plain: Buffer; br: Buffer; gzip: Buffer }>();

  constructor(private readonly sources: ShellDocumentSources) {}

  /** The preload links for `pathname`, in load order, without duplicates. Never rejects. */
  async preloadLinks(pathname: string): Promise<PreloadLink[]> {
    const links: PreloadLink[] = [];
    const add = (href: string, as: PreloadLink['as']) => {
      if (!links.some((link) => link.href === href)) links.push({ href, as });
    };
    const first = matchRoute(pathname);
    const hints = await this.shellHints();
    for (const href of hints?.bootstrap ?? []) add(href, 'script');
    if (first?.withLayout) for (const href of hints?.layout ?? []) add(href, 'script');
    if (!first) return links;
    const manifestUrl = await this.sources.registry().then(
      (remotes) => remotes[first.route.remote],
      (error: unknown) => void this.logger.warn({ msg: 'registry unreadable: no remote preload', error: String(error) }),
    );
    if (!manifestUrl) return links;
    add(manifestUrl, 'fetch');
    for (const href of await this.remoteFiles(manifestUrl, first.route.module)) add(href, 'script');
    return links;
  }

  /**
   * Answers GET of a client route: the document with its preload links, from the best encoding the
   * client accepts (brotli, gzip, none; compressed once per distinct document), `Cache-Control:
   * no-cache`, a strong ETag of the document and 304 to a matching If-None-Match.
   */
  async send(req: Request, res: Response): Promise<void> {
    const template = await this.read(join(this.sources.shellDist, 'index.html'), (text) => text);
    const html = injectPreloads(template, await this.preloadLinks(req.path));
    const doc = this.compressed(html);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.vary('Accept-Encoding');
    res.setHeader('ETag', doc.etag);
    if (req.headers['if-none-match'] === doc.etag) {
      res.status(304).end();
      return;
    }
    const encoding = acceptedEncodings(req)[0]?.name;
    const body = encoding === 'br' ? doc.br : encoding === 'gzip' ? doc.gzip : doc.plain;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  }

  /** The shell build's preload-hints.json, or undefined (not built with it, or unreadable: logged). */
  private async shellHints(): Promise<ShellPreloadHints | undefined> {
    const file = join(this.sources.shellDist, 'preload-hints.json');
    return this.read(file, (text) => {
      const raw = JSON.parse(text) as Partial<Record<keyof ShellPreloadHints, unknown>>;
      return { bootstrap: stringList(raw.bootstrap), layout: stringList(raw.layout) };
    }).catch((error: unknown) => void this.logger.warn({ msg: 'no shell preload hints', file, error: String(error) }));
  }

  /**
   * remoteEntry.js and the sync chunks of `module` (an exposed path, './CatalogPage') of the remote
   * whose manifest is at `manifestUrl`, as URLs: only when this server serves that manifest itself
   * (a same-origin path it has a file for); otherwise none.
   */
  private async remoteFiles(manifestUrl: string, module: string): Promise<string[]> {
    if (!manifestUrl.startsWith('/') || manifestUrl.startsWith('//')) return [];
    const path = manifestUrl.split(/[?#]/)[0];
    const file = await this.sources.localFile(path);
    if (!file) return [];
    const manifest = await this.read(file, (text) => JSON.parse(text) as RemoteManifest).catch((error: unknown) => {
      this.logger.warn({ msg: 'remote manifest unreadable: no remote preload', file, error: String(error) });
      return undefined;
    });
    // A publicPath computed in the browser (getPublicPath) is not known here.
    if (!manifest || manifest.metaData?.getPublicPath !== undefined) return [];
    const publicPath = manifest.metaData?.publicPath;
    // publicPath "auto" (or empty): the remote's files sit beside its remoteEntry.js, which sits beside the manifest.
    const base = publicPath && publicPath !== 'auto' ? publicPath.replace(/\/?$/, '/') : posix.dirname(path).replace(/\/?$/, '/');
    const entry = manifest.metaData?.remoteEntry;
    const urls: string[] = [];
    if (entry?.name) urls.push(`${base}${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}`);
    const expose = manifest.exposes?.find((candidate) => candidate.path === module);
    for (const chunk of stringList(expose?.assets?.js?.sync)) urls.push(`${base}${chunk}`);
    return urls;
  }

  /** `parse(contents)` of a file, cached until its modification time or size changes. */
  private async read<T>(file: string, parse: (text: string) => T): Promise<T> {
    const stats = await fs.stat(file);
    const cached = this.files.get(file);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.value as T;
    const value = parse(await fs.readFile(file, 'utf8'));
    this.files.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, value });
    return value;
  }

  /** The document's bytes in each encoding, compressed once per distinct document (the oldest of RENDERED_MAX dropped). */
  private compressed(html: string): { etag: string; plain: Buffer; br: Buffer; gzip: Buffer } {
    const known = this.rendered.get(html);
    if (known) return known;
    const plain = Buffer.from(html);
    const doc = {
      etag: `"${createHash('sha1').update(plain).digest('base64url')}"`,
      plain,
      br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } }),
      gzip: gzipSync(plain, { level: 9 }),
    };
    if (this.rendered.size >= RENDERED_MAX) this.rendered.delete(this.rendered.keys().next().value!);
    this.rendered.set(html, doc);
    return doc;
  }
}

/** `html` with one `<link rel=preload … fetchpriority=low>` per link before `</head>` (attributes escaped). */
export function injectPreloads(html: string, links: readonly PreloadLink[]): string {
  if (links.length === 0) return html;
  const tags = links
    .map(({ href, as }) => `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${as === 'fetch' ? ' crossorigin="anonymous"' : ''} fetchpriority="low">`)
    .join('');
  const at = html.search(/<\/head>/i);
  return at < 0 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item !== '') : [];
}
