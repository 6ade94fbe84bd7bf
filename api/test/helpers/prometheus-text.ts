import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One sample of a Prometheus text scrape: metric name, labels, value. */
export type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a scrape in the Prometheus text format (comments skipped). */
export function parseScrape(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!.replace(/\\(.)/g, '$1');
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of the sample `name` whose labels include `labels` (0 when absent). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const s = samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  return s?.value ?? 0;
}

/** The metric family names of a scrape (histogram/summary series folded into their family). */
export function familiesOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!));
}

/** `promtool` on PATH (Debian package `prometheus`), or null. */
export function promtool(): string | null {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return 'promtool';
  } catch {
    return null;
  }
}

/** Run `promtool check metrics` on `scrape` (stdin); answers its output, throws with it when it fails. */
export function promtoolCheckMetrics(scrape: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'promtool-'));
  try {
    const file = join(dir, 'scrape.prom');
    writeFileSync(file, scrape);
    return execFileSync('sh', ['-c', `promtool check metrics < "${file}" 2>&1`], { encoding: 'utf8' });
  } catch (e) {
    throw new Error(`promtool check metrics failed:\n${(e as { stdout?: string }).stdout ?? (e as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
