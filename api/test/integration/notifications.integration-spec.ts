import request from 'supertest';
import { UsersService } from '../../src/users/users.service';
import { NotificationsService } from '../../src/notifications/notifications.service';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';

describe.each(ENGINES)('notification bell on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('pages 20 newest first, flags new ones until read, and keeps each user to their own', async () => {
    const a = await createVerifiedUser(t);
    const b = await createVerifiedUser(t);
    const get = (path: string, token: string) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).expect(200);
    expect((await get('checkNotificationBell', a.token)).body.notification_icon).toBe(0);
    const idA = (await t.app.get(UsersService).findByEmail(a.email))!.id;
    for (let i = 1; i <= 25; i++) await t.app.get(NotificationsService).notify(idA, `Release ${i} approved https://example.com/r/${i}`);
    expect((await get('checkNotificationBell', a.token)).body.notification_icon).toBe(1);
    expect((await get('checkNotificationBell', b.token)).body.notification_icon).toBe(0);

    const first = await get('getNotificationsForUser?offset=0', a.token);
    expect(first.body.total).toBe(25);
    expect(first.body.body).toHaveLength(20);
    expect(first.body.body[0]).toMatchObject({ notification: 'Release 25 approved https://example.com/r/25', created_at: expect.any(Number) });
    expect((await get('checkNotificationBell', a.token)).body.notification_icon).toBe(0);
    const second = await get('getNotificationsForUser?offset=20', a.token);
    expect(second.body.body.map((n: { notification: string }) => n.notification.split(' ')[1])).toEqual(['5', '4', '3', '2', '1']);
    expect((await get('getNotificationsForUser?offset=0', b.token)).body).toMatchObject({ body: [], total: 0 });
  });
});
