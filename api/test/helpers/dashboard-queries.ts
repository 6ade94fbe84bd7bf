/** PromQL words that are not metric names. */
const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan', 'le']);

type Panel = { targets?: Array<{ expr?: string }>; panels?: Panel[] };

/** Every PromQL expression of a Grafana dashboard's panels (rows' nested panels too). */
export function dashboardQueries(dashboard: { panels?: Panel[] }): string[] {
  const walk = (panels: Panel[] = []): string[] => panels.flatMap((p) => [...(p.targets ?? []).map((t) => t.expr ?? '').filter(Boolean), ...walk(p.panels)]);
  return walk(dashboard.panels);
}

/** The metric names a PromQL expression reads (functions, keywords, label names and values left out). */
export function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // strings
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // grouping labels
    .replace(/\[[^\]]*\]/g, ''); // ranges
  return [...bare.matchAll(/(?<![\w$.])[a-zA-Z_:][a-zA-Z0-9_:]*\b(?!\s*\()/g)].map((m) => m[0]).filter((w) => !KEYWORDS.has(w.toLowerCase()) && !/^\d/.test(w) && !/^\$/.test(w));
}

/** Every metric name the dashboard's queries read, sorted, once each. */
export function dashboardMetricNames(dashboard: { panels?: Panel[] }): string[] {
  return [...new Set(dashboardQueries(dashboard).flatMap(metricNamesOf))].sort();
}
