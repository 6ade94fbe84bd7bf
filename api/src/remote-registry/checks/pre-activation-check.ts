import { Script } from 'node:vm';

/**
 * Pre-activation check of a candidate version (docs/decisions/021 §"Checked before it goes live"): what
 * a browser will fetch is fetched first, from the origin browsers will use: the version's
 * `mf-manifest.json` (HTTP 200, JSON, the remote's name), its `remoteEntry.js` (200, a JavaScript content
 * type, parses as a script) and every file each exposed module lists (sync and async JS and CSS: 200 with
 * the right content type), all within `timeoutMs` in total. Any miss is the reason of a refusal.
 */

/** How a file is fetched: over HTTP for an absolute origin, from the store for a version this API serves. */
export type FileFetcher = (url: string, signal: AbortSignal) => Promise<{ status: number; contentType: string; body: Buffer }>;

/** The manifest fields the check reads (Module Federation 2 `mf-manifest.json`). */
type Manifest = {
  name?: unknown;
  metaData?: { publicPath?: unknown; getPublicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ path?: unknown; assets?: { js?: { sync?: unknown; async?: unknown }; css?: { sync?: unknown; async?: unknown } } }>;
};

const JS = /^(application|text)\/(javascript|ecmascript|x-javascript)\b/i;
const JSON_TYPE = /^application\/([a-z.+-]*\+)?json\b/i;
const CSS = /^text\/css\b/i;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : []);

/** HTTP fetcher with the given signal (no cookies, no cache): what a browser on another machine would get. */
export const httpFetcher: FileFetcher = async (url, signal) => {
  const res = await fetch(url, { signal, cache: 'no-store', redirect: 'follow' });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
};

/**
 * Check the version whose manifest is at `manifestUrl` (absolute) for remote `name`. Resolves when every
 * file answered as a browser needs it; rejects with an Error whose message is the reason (which file,
 * what it answered, or that the origin did not answer within `timeoutMs`).
 */
export async function checkCandidate(name: string, manifestUrl: string, fetchFile: FileFetcher, timeoutMs: number): Promise<{ files: number }> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const get = async (url: string, what: string, type: RegExp, typeName: string) => {
    let res: Awaited<ReturnType<FileFetcher>>;
    try {
      res = await fetchFile(url, deadline);
    } catch (error) {
      if (deadline.aborted) throw new Error(`${what} (${url}) did not answer within ${timeoutMs} ms`);
      throw new Error(`${what} (${url}) could not be fetched: ${(error as Error).message}`);
    }
    if (res.status !== 200) throw new Error(`${what} (${url}) answered HTTP ${res.status}`);
    if (!type.test(res.contentType)) throw new Error(`${what} (${url}) is served as "${res.contentType || 'no content type'}", not ${typeName}`);
    return res.body;
  };

  const manifestBody = await get(manifestUrl, 'mf-manifest.json', JSON_TYPE, 'JSON');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBody.toString('utf8')) as Manifest;
  } catch {
    throw new Error(`mf-manifest.json (${manifestUrl}) is not JSON`);
  }
  if (manifest?.name !== name) throw new Error(`mf-manifest.json (${manifestUrl}) names ${JSON.stringify(manifest?.name)}, not ${name}`);
  const meta = manifest.metaData ?? {};
  const publicPath = typeof meta.publicPath === 'string' && meta.publicPath !== 'auto' && meta.publicPath !== '' ? meta.publicPath : null;
  // publicPath "auto": files sit beside remoteEntry.js, which sits beside the manifest.
  const base = new URL(publicPath ?? './', manifestUrl).href.replace(/\/?$/, '/');
  const entryName = typeof meta.remoteEntry?.name === 'string' ? meta.remoteEntry.name : '';
  if (!entryName) throw new Error(`mf-manifest.json (${manifestUrl}) names no remoteEntry`);
  const entryPath = typeof meta.remoteEntry?.path === 'string' && meta.remoteEntry.path ? `${meta.remoteEntry.path.replace(/\/?$/, '/')}` : '';
  const entryUrl = new URL(`${entryPath}${entryName}`, base).href;
  const entry = await get(entryUrl, entryName, JS, 'JavaScript');
  try {
    new Script(entry.toString('utf8'), { filename: entryUrl });
  } catch (error) {
    throw new Error(`${entryName} (${entryUrl}) does not parse: ${(error as Error).message}`);
  }

  const files = new Map<string, { type: RegExp; typeName: string; module: string }>();
  for (const expose of Array.isArray(manifest.exposes) ? manifest.exposes : []) {
    const module = typeof expose.path === 'string' ? expose.path : '?';
    for (const f of [...strings(expose.assets?.js?.sync), ...strings(expose.assets?.js?.async)]) files.set(new URL(f, base).href, { type: JS, typeName: 'JavaScript', module });
    for (const f of [...strings(expose.assets?.css?.sync), ...strings(expose.assets?.css?.async)]) files.set(new URL(f, base).href, { type: CSS, typeName: 'CSS', module });
  }
  const queue = [...files.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, f] = next;
      await get(url, `a chunk of ${f.module}`, f.type, f.typeName);
    }
  };
  await Promise.all(Array.from({ length: Math.min(6, queue.length) }, worker));
  return { files: files.size + 2 };
}
