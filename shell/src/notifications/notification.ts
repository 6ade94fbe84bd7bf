import type { NotificationRow } from '@portal/contracts';

export type NotificationView = { key: string; text: string; time: number; link: string | null };

/** An in-app path: one leading slash, not `//` (a link elsewhere is never followed from the bell; decision 017). */
const IN_APP_PATH = /^\/(?!\/)/;

/**
 * A row of GET /api/getNotificationsForUser (contracts' NotificationRow: `notification_id`,
 * `notification`, `created_at` in epoch ms, `link` the in-app page it is about) as the bell shows it.
 */
export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    key: String(row.notification_id),
    text: row.notification,
    time: row.created_at,
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
