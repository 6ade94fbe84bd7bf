import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';
import { listFiles } from '../store/remote-store';

/** A gzip-compressed tarball of the built bundle folder `dir` (regular files only: never a link). */
export async function packBundle(dir: string): Promise<Buffer> {
  const tar = pack();
  // Level 1: most of a build is already compressed (.br, .gz siblings) or maps; a higher level only costs time.
  const gzip = createGzip({ level: 1 });
  const chunks: Buffer[] = [];
  gzip.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  tar.pipe(gzip);
  for (const rel of listFiles(dir)) {
    const full = join(dir, rel);
    await new Promise<void>((resolve, reject) => tar.entry({ name: rel, size: statSync(full).size, mode: 0o644 }, readFileSync(full), (error) => (error ? reject(error) : resolve())));
  }
  tar.finalize();
  await done;
  return Buffer.concat(chunks);
}

/**
 * `npm run remote -- deploy <remote> --to <portal URL>` (docs/decisions/021): the built bundle packed and
 * POSTed to `<url>/api/ops/remotes/<remote>/versions` with the deploy token; `rollback <remote> --api <url>`
 * POSTs to `.../rollback`. Resolves to the server's message; rejects with it (and the HTTP status) on refusal.
 */
export async function deployOverHttp(url: string, token: string, remote: string, action: { deploy: string } | { rollback: { to?: string; force?: boolean } }, force = false): Promise<string> {
  if (!token) throw new Error('A deploy token is needed: --token <token> or REMOTE_DEPLOY_TOKEN (an admin creates one in the console, Remote versions).');
  const base = url.replace(/\/+$/, '');
  let res: Response;
  if ('deploy' in action) {
    const body = await packBundle(action.deploy);
    res = await fetch(`${base}/api/ops/remotes/${encodeURIComponent(remote)}/versions${force ? '?force=true' : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/gzip', 'content-length': String(body.length) },
      body: new Uint8Array(body),
    });
  } else {
    res = await fetch(`${base}/api/ops/remotes/${encodeURIComponent(remote)}/rollback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(action.rollback),
    });
  }
  const text = await res.text();
  let answer: { message?: string; body?: { manifest_url?: string; from?: string | null } } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    /* not JSON: reported below */
  }
  const message = answer.message ?? `HTTP ${res.status}: ${text.slice(0, 200)}`;
  if (!res.ok) throw new Error(`${message} (HTTP ${res.status})`);
  return `${message}${answer.body?.from ? ` (was ${answer.body.from})` : ''}${answer.body?.manifest_url ? ` → ${answer.body.manifest_url}` : ''}`;
}
