import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export type ErnValidation = { valid: boolean; errors: string[] };

/**
 * Validate an ERN message against release-notification.xsd with xmllint (Debian libxml2-utils),
 * the AVS import resolved through the catalog beside the schema so no network is needed. The message
 * goes in on stdin; answers `{ valid, errors }` with xmllint's error lines (line numbers of the message).
 * `schemaDir`: the folder of the schema and its catalog (the `distribution.ernSchemaDir` setting).
 * Rejects when xmllint or the schema is missing, or after `timeoutMs`.
 */
export function validateErn(xml: string, opts: { schemaDir: string; timeoutMs?: number }): Promise<ErnValidation> {
  const dir = opts.schemaDir;
  const schema = join(dir, 'release-notification.xsd');
  if (!existsSync(schema)) return Promise.reject(new Error(`ERN 4.3 schema not found at ${schema} (set DDEX_SCHEMA_DIR)`));
  return new Promise((done, fail) => {
    const child = spawn('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], {
      env: { ...process.env, XML_CATALOG_FILES: join(dir, 'catalog.xml') },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (e) => {
      clearTimeout(timer);
      fail(new Error(`xmllint could not run: ${e.message} (apt-get install libxml2-utils)`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const errors = stderr
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !/ validates$/.test(l) && !/fails to validate$/.test(l));
      if (code === 0) done({ valid: true, errors: [] });
      else if (code === 3 || code === 4 || code === 1) done({ valid: false, errors: errors.length ? errors : [`xmllint exit ${code}`] });
      else fail(new Error(`xmllint exit ${code}: ${stderr.slice(0, 500)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(xml);
  });
}
