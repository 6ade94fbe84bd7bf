/**
 * LRC (synchronised lyrics) files as stores take them (docs/decisions/005): UTF-8 text; every non-blank line is
 * an ID tag ([ar:Artist], [ti:Title], [offset:+250]...) or one or more [mm:ss.xx] time tags followed by
 * the sung text (word-level <mm:ss.xx> marks inside the text are allowed); the first time of each
 * timed line never goes back; at least one timed line.
 */

/** A timed line: start in milliseconds (every time tag of the line) and its text. */
export type LrcLine = { times: number[]; text: string };
export type LrcParseResult = { ok: true; lines: LrcLine[]; tags: Record<string, string> } | { ok: false; line: number; reason: string };

const ID_TAG = /^\[(ar|ti|al|au|by|re|ve|length|offset|la|lr|tool|#)\s*:([^\]]*)\]\s*$/i;
const TIME_TAG = /^\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/;

const fmt = (ms: number) => {
  const m = Math.floor(ms / 60000);
  const s = ((ms % 60000) / 1000).toFixed(2).padStart(5, '0');
  return `${String(m).padStart(2, '0')}:${s}`;
};

/**
 * Parse the text of an LRC file. Answers the timed lines, or the first bad line's 1-based number and
 * why, e.g. `{ ok: false, line: 3, reason: 'expected [mm:ss.xx] time tags or an ID tag' }`. Line 0 with
 * a reason means the file as a whole (no timed line).
 */
export function parseLrc(text: string): LrcParseResult {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const lines: LrcLine[] = [];
  const tags: Record<string, string> = {};
  let previous = -1;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i].trim();
    const n = i + 1;
    if (!row) continue;
    const id = ID_TAG.exec(row);
    if (id) {
      const key = id[1].toLowerCase();
      const value = id[2].trim();
      if (key === 'offset' && !/^[+-]?\d{1,7}$/.test(value)) return { ok: false, line: n, reason: 'the offset must be a whole number of milliseconds' };
      tags[key] = value;
      continue;
    }
    if (!row.startsWith('[')) return { ok: false, line: n, reason: 'expected [mm:ss.xx] time tags or an ID tag' };
    let rest = row;
    const times: number[] = [];
    for (let m = TIME_TAG.exec(rest); m; m = TIME_TAG.exec(rest)) {
      const seconds = Number(m[2]);
      if (seconds >= 60) return { ok: false, line: n, reason: `seconds must be below 60 in [${m[1]}:${m[2]}${m[3] ? `.${m[3]}` : ''}]` };
      const fraction = m[3] ? Number(m[3].padEnd(3, '0')) : 0;
      times.push(Number(m[1]) * 60000 + seconds * 1000 + fraction);
      rest = rest.slice(m[0].length);
    }
    if (!times.length) return { ok: false, line: n, reason: 'expected [mm:ss.xx] time tags or an ID tag' };
    if (/^\s*\[\d/.test(rest)) return { ok: false, line: n, reason: 'a time tag is malformed (use [mm:ss.xx])' };
    const first = times[0];
    if (first < previous) return { ok: false, line: n, reason: `the time ${fmt(first)} is before the previous line (${fmt(previous)})` };
    previous = first;
    lines.push({ times, text: rest.trim() });
  }
  if (!lines.length) return { ok: false, line: 0, reason: 'it has no timed lyric line' };
  return { ok: true, lines, tags };
}
