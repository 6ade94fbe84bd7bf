/**
 * A row of GET /api/getNotificationsForUser. The API is not built yet (core §7 gives no shape), so
 * the bell reads the likely field names and ignores the rest.
 */
export type NotificationRow = {
  id?: number | string;
  notification_id?: number | string;
  text?: string;
  message?: string;
  notification?: string;
  created_at?: number | string;
  createdAt?: number | string;
  time?: number | string;
  /** The in-app page it is about (docs/decisions/017). */
  link?: string | null;
};

export type NotificationView = { key: string; text: string; time: number | string | undefined; link: string | null };

/** An in-app path: one leading slash, not `//` (a link elsewhere is never followed from the bell). */
const IN_APP_PATH = /^\/(?!\/)/;

export function toNotificationView(row: NotificationRow, index: number): NotificationView {
  const text = row.text ?? row.message ?? row.notification ?? '';
  return {
    key: String(row.notification_id ?? row.id ?? `n-${index}`),
    text,
    time: row.created_at ?? row.createdAt ?? row.time,
    link: typeof row.link === 'string' && IN_APP_PATH.test(row.link) ? row.link : null,
  };
}

/** Splits text into plain parts and http(s) links ("text with links", core §2). */
export function linkify(text: string): Array<{ kind: 'text' | 'link'; value: string }> {
  const parts: Array<{ kind: 'text' | 'link'; value: string }> = [];
  const pattern = /https?:\/\/[^\s<]+[^\s<.,;:!?)'"]/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}
