/** Replace `{name}` placeholders of a message text, e.g. `fillMessage(RELEASE_MESSAGES.revoked, { email })`. Unknown keys stay as written. */
export function fillMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
