/**
 * Secrets never reach a log line (docs/decisions/038-observability.md): PortalLogger passes every
 * message through `redact`. A field whose name says it holds a secret (password, secret, token,
 * authorization, cookie, IBAN, private or API key, credentials, OTP/TOTP code) is replaced by
 * `[redacted]` at any depth; in text, bearer tokens, JWTs and IBANs are masked.
 */
export const REDACTED = '[redacted]';

const SECRET_KEY = /pass(word|wd|phrase)?$|passw|secret|token|authori[sz]ation|cookie|iban|private_?key|api_?key|credential|^otp$|otp_?code|totp|seal_?key/i;
const SECRET_TEXT = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, // an Authorization header's value
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g, // a JWT
  /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g, // an IBAN (with or without the groups' spaces)
];
/** Deeper than this an object is not walked (a log line is small; a cycle stops here too). */
const MAX_DEPTH = 6;

/** `text` with bearer tokens, JWTs and IBANs masked. */
export function redactText(text: string): string {
  let out = text;
  for (const pattern of SECRET_TEXT) if (pattern.test(out)) out = out.replace(pattern, (m) => (m.startsWith('Bearer') || m.startsWith('Basic') ? `${m.split(/\s/)[0]} ${REDACTED}` : REDACTED));
  for (const pattern of SECRET_TEXT) pattern.lastIndex = 0;
  return out;
}

/** A copy of `value` (a log message: text, object, array) with its secrets redacted; other values as they are. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) && v !== null && v !== undefined && typeof v !== 'boolean' ? REDACTED : redact(v, depth + 1);
  return out;
}
