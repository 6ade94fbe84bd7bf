import type { NotificationRow } from '@portal/contracts';
import { linkify, toNotificationView } from './notification';

describe('notifications', () => {
  it('turns URLs in a notification into links', () => {
    expect(linkify('See https://example.com/a?b=1. Thanks')).toEqual([
      { kind: 'text', value: 'See ' },
      { kind: 'link', value: 'https://example.com/a?b=1' },
      { kind: 'text', value: '. Thanks' },
    ]);
    expect(linkify('plain')).toEqual([{ kind: 'text', value: 'plain' }]);
  });
  it('shows a row of getNotificationsForUser as the API answers it (contracts NotificationRow)', () => {
    const row: NotificationRow = { notification_id: 4, notification: 'Your release "Monsoon" was approved.', created_at: 1_764_000_000_000 };
    expect(toNotificationView(row)).toEqual({ key: '4', text: 'Your release "Monsoon" was approved.', time: 1_764_000_000_000, link: null });
  });
  it('follows in-app links only (decision 017)', () => {
    const row = (link: string | null): NotificationRow => ({ notification_id: 1, notification: 'x', created_at: 1, link });
    expect(toNotificationView(row('/catalog/4')).link).toBe('/catalog/4');
    expect(toNotificationView(row('//evil.example/x')).link).toBeNull();
    expect(toNotificationView(row('https://evil.example/x')).link).toBeNull();
    expect(toNotificationView(row('javascript:alert(1)')).link).toBeNull();
  });
});
