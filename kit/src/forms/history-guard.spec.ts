/** The page's popstate gate (history-guard.ts): its listener comes first, a guard hides a step from later listeners (the router). */
describe('history guard', () => {
  const win = new EventTarget();
  beforeAll(() => {
    (globalThis as unknown as { window: EventTarget }).window = win;
  });
  afterAll(() => {
    delete (globalThis as unknown as { window?: EventTarget }).window;
  });

  it('installed before the router, a guard answering true hides the step from it; removed, the router sees every step', async () => {
    const { installHistoryGuard, guardHistory } = await import('./history-guard');
    installHistoryGuard();
    installHistoryGuard(); // once only
    const router: string[] = [];
    win.addEventListener('popstate', (e) => router.push((e as Event & { tag: string }).tag));
    const pop = (tag: string) => win.dispatchEvent(Object.assign(new Event('popstate'), { tag }));

    const seen: string[] = [];
    const unguard = guardHistory((e) => {
      const tag = (e as unknown as { tag: string }).tag;
      seen.push(tag);
      return tag === 'back-with-edits';
    });
    pop('back-with-edits');
    pop('confirmed-step');
    expect(seen).toEqual(['back-with-edits', 'confirmed-step']);
    expect(router).toEqual(['confirmed-step']);

    unguard();
    pop('back-without-guard');
    expect(seen).toHaveLength(2);
    expect(router).toEqual(['confirmed-step', 'back-without-guard']);
  });
});
