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
    expect(toNotificationView({ notification_id: 4, message: 'Hi', created_at: 1 }, 0)).toEqual({ key: '4', text: 'Hi', time: 1 });
  });
});
