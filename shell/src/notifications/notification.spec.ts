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
  it('reads the likely field names', () => {
    expect(toNotificationView({ notification_id: 4, message: 'Hi', created_at: 1 }, 0)).toEqual({ key: '4', text: 'Hi', time: 1, link: null });
  });
  it('keeps an in-app link and drops any other (docs/decisions/017)', () => {
    expect(toNotificationView({ notification_id: 5, notification: 'Approved', created_at: 1, link: '/catalog/12' }, 0).link).toBe('/catalog/12');
    for (const link of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)']) {
      expect(toNotificationView({ notification_id: 6, notification: 'x', link }, 0).link).toBeNull();
    }
  });
});
