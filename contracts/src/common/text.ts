/** Replace `{name}` placeholders of a message text, e.g. `fillMessage(RELEASE_MESSAGES.revoked, { email })`. Unknown keys stay as written. */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * Characters XML 1.0 cannot carry (XML 1.0 §2.2 `Char`): C0 controls other than tab, LF and CR,
 * U+FFFE and U+FFFF, and UTF-16 surrogates that are not part of a pair. Text holding one can never be
 * written into an ERN (DDEX), a pain.001 bank file, and breaks CSV readers (docs/decisions/031).
 */
// eslint-disable-next-line no-control-regex -- matching the control characters XML forbids is the point
export const XML_FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first character of `text` XML 1.0 cannot carry, as `U+XXXX`, or null when there is none. */
export function xmlForbiddenChar(text: string): string | null {
  const m = XML_FORBIDDEN_CHAR.exec(text);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : null;
}

/**
 * The first string in `value` (a request body or query: objects, arrays, strings, any depth) holding a
 * character XML 1.0 cannot carry: its top-level field name and the character, or null. Top-level fields
 * for which `skip(field)` is true are not looked at (secrets such as passwords never reach a file, and
 * refusing them could lock an account out). Used at the API's edge for every body and query, and
 * usable by forms.
 */
export function findXmlForbidden(value: unknown, skip: (field: string) => boolean = () => false): { field: string; code: string } | null {
  const walk = (v: unknown, field: string): { field: string; code: string } | null => {
    if (typeof v === 'string') {
      const code = xmlForbiddenChar(v);
      return code ? { field, code } : null;
    }
    const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((item) => [field, item]) : v && typeof v === 'object' ? Object.entries(v as Record<string, unknown>).map(([k, item]) => [field || k, item]) : [];
    for (const [f, item] of entries) {
      if (!field && skip(f)) continue;
      const hit = walk(item, f);
      if (hit) return hit;
    }
    return null;
  };
  return walk(value, '');
}

/** Messages of the shared text rules. */
export const TEXT_MESSAGES = {
  /** A field holding a character XML 1.0 cannot carry (docs/decisions/031); `{field}` is the body or query field. */
  xmlCharInvalid: 'The field {field} contains a character that cannot be sent to stores or banks ({code}): remove it and try again.',
} as const;
