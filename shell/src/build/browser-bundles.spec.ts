import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The built browser bundles load yup only on pages that validate a form (docs/decisions/014). Runs on
 * the production builds (`npm run build` first; CI builds before `npm test`), for the shell and every
 * remote:
 *
 * - yup is a shared singleton (scripts/webpack/shared.js), so a chunk loads it exactly when webpack's
 *   runtime lists the chunk as a consumer of the `yup` share (`consumesLoadingData.chunkMapping`); a
 *   chunk may also bundle yup's modules itself. Either way the chunk "contains yup".
 * - Such a chunk belongs to a page with a form when one of its own modules validates a form: it passes a
 *   `validationSchema` (Formik) or calls a schema's `validate` / `validateSync` / `validateAt`. Told from
 *   the chunk's source map (its modules and their sources).
 * - The chunk of yup's own modules (the share's fallback, nothing else in it) is fine: it is fetched
 *   only for a consumer.
 */
const ROOT = resolve(__dirname, '..', '..', '..');
const CONTAINERS = ['shell', 'mfe-auth', 'mfe-releases', 'mfe-support', 'mfe-tools-rights', 'mfe-ops'];
const FORM_VALIDATION = /validationSchema|\.validate(Sync|At)?\(/;
const YUP_MODULE = /node_modules\/yup\//;
/**
 * A chunk of rules only (contracts' yup schemas and the limits they read), split off so that a form loads
 * them on first use rather than with its page (mfe-auth's login-schema, issue 40 §2): the form that
 * validates with them is in the chunk that loads it.
 */
const RULES_ONLY = /\/contracts\/src\/.+\.(schemas|limits)\.ts$/;

type SourceMap = { sources: string[]; sourcesContent?: string[] };
type Chunk = { file: string; ids: string[]; own: Array<{ source: string; content: string }>; bundlesYup: boolean; runtime: string[] };

/** Every JavaScript chunk of a container's dist with its chunk ids, its own (non node_modules) modules and whether it bundles yup. */
function chunksOf(dist: string): Chunk[] {
  return readdirSync(dist)
    .filter((file) => file.endsWith('.js') && existsSync(join(dist, `${file}.map`)))
    .map((file) => {
      const code = readFileSync(join(dist, file), 'utf8');
      const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as SourceMap;
      const pushed = /\.push\(\[\[([\d,"\w-]+)\]/.exec(code);
      const ids = pushed ? pushed[1].split(',').map((id) => id.replace(/"/g, '')) : [];
      const all = map.sources.map((source, i) => ({ source, content: map.sourcesContent?.[i] ?? '' }));
      const own = all.filter((m) => !m.source.includes('node_modules') && !/webpack\/(runtime|container|sharing)|^webpack:\/\/[^/]+\/webpack\//.test(m.source));
      const runtime = all.filter((m) => m.content.includes('consumesLoadingData.chunkMapping =')).map((m) => m.content);
      return { file, ids, own, bundlesYup: all.some((m) => YUP_MODULE.test(m.source)), runtime };
    });
}

/** Chunk ids whose loading consumes the shared `yup`, from the container's runtime (its consume mapping). */
function yupConsumers(chunks: Chunk[]): Set<string> {
  const consumers = new Set<string>();
  for (const runtime of chunks.flatMap((c) => c.runtime)) {
    const yupIds = [...runtime.matchAll(/(\d+): \{\s*fallback:[^{}]*?shareKey: "yup"/g)].map((m) => Number(m[1]));
    const mapping = /consumesLoadingData\.chunkMapping = (\{[\s\S]*?\n\});/.exec(runtime);
    if (!yupIds.length || !mapping) continue;
    for (const [chunkId, moduleIds] of Object.entries(JSON.parse(mapping[1]) as Record<string, number[]>)) {
      if (moduleIds.some((id) => yupIds.includes(id))) consumers.add(chunkId);
    }
  }
  return consumers;
}

const built = CONTAINERS.filter((name) => existsSync(join(ROOT, name, 'dist')));

describe('built browser bundles', () => {
  if (built.length === 0) {
    it.skip('(no production build: run `npm run build` first)', () => undefined);
    return;
  }

  it('builds every container (the check covers the shell and each remote)', () => {
    expect(built).toEqual(CONTAINERS);
  });

  it.each(built)('%s: a chunk holds or loads yup only on a page that validates a form', (name) => {
    const chunks = chunksOf(join(ROOT, name, 'dist'));
    const consumers = yupConsumers(chunks);
    const offenders = chunks
      .filter((chunk) => chunk.bundlesYup || chunk.ids.some((id) => consumers.has(id)))
      .filter((chunk) => chunk.own.length > 0 && !chunk.own.some((m) => FORM_VALIDATION.test(m.content)) && !chunk.own.every((m) => RULES_ONLY.test(m.source)))
      .map((chunk) => `${chunk.file}: ${chunk.own.map((m) => m.source.replace(/^webpack:\/\/[^/]+\//, '')).join(', ')}`);
    expect(offenders).toEqual([]);
  });

  it('the shell loads yup on no page of its own (its layout, bell and routing validate no form)', () => {
    const chunks = chunksOf(join(ROOT, 'shell', 'dist'));
    const consumers = yupConsumers(chunks);
    const loading = chunks.filter((chunk) => chunk.own.length > 0 && (chunk.bundlesYup || chunk.ids.some((id) => consumers.has(id)))).map((chunk) => chunk.file);
    expect(loading).toEqual([]);
  });

  it('the auth remote loads yup for its validating forms (the check sees consumers), and the legal page (no form) loads none', () => {
    const chunks = chunksOf(join(ROOT, 'mfe-auth', 'dist'));
    const consumers = yupConsumers(chunks);
    const loadsYup = (prefix: string) => chunks.filter((c) => c.file.startsWith(prefix)).some((c) => c.bundlesYup || c.ids.some((id) => consumers.has(id)));
    expect(chunks.some((c) => c.own.length > 0 && c.ids.some((id) => consumers.has(id)) && c.own.some((m) => FORM_VALIDATION.test(m.content)))).toBe(true);
    expect(loadsYup('__federation_expose_LegalPage')).toBe(false);
  });
});
