import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import request from 'supertest';
import { indexRoutes } from './route-index';

/** Express 5's application (Nest's adapter's), whose `router` is the one the index rewrites. */
type App = Omit<Express, 'router'> & { router: Parameters<typeof indexRoutes>[0] } & Express;
const newApp = (): App => new ExpressAdapter().getInstance() as App;

/**
 * One Express 5 application as Nest builds it (ExpressAdapter): a middleware, twelve static routes, a
 * parameterised route registered before a static one it also matches (its handler passes `pass` on),
 * a route that fails, then a not-found answer and an error handler, as Nest adds them at init.
 */
function buildApp(): App {
  const app = newApp();
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.setHeader('x-seen', 'yes');
    next();
  });
  for (let i = 0; i < 12; i++) app.get(`/api/r${i}`, (_req: Request, res: Response) => res.send(`r${i}`));
  app.get('/api/items/:id', (req: Request, res: Response, next: NextFunction) => (req.params.id === 'pass' ? next() : res.send(`param ${req.params.id}`)));
  app.get('/api/items/pass', (_req: Request, res: Response) => res.send('static pass'));
  app.get('/api/items/special', (_req: Request, res: Response) => res.send('static special'));
  app.post('/api/r3', (_req: Request, res: Response) => res.send('posted r3'));
  app.get('/api/fails', (_req: Request, _res: Response, next: NextFunction) => next(new Error('boom')));
  app.use((req: Request, res: Response) => res.status(404).send(`not found ${req.method} ${req.path}`));
  app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => res.status(500).send(`error ${err.message}`));
  return app;
}

const REQUESTS: Array<[method: 'get' | 'post' | 'head' | 'options' | 'put', path: string]> = [
  ['get', '/api/r0'],
  ['get', '/api/r11'],
  ['get', '/API/R3'],
  ['get', '/api/r3/'],
  ['get', '/api/r3?x=1'],
  ['post', '/api/r3'],
  ['put', '/api/r3'],
  ['head', '/api/r7'],
  ['options', '/api/r7'],
  ['get', '/api/items/42'],
  ['get', '/api/items/pass'],
  ['get', '/api/items/special'],
  ['get', '/api/fails'],
  ['get', '/api/nothing'],
  ['get', '/elsewhere'],
];

describe('indexRoutes (decision 042, hot path)', () => {
  it('replaces the run of route layers with one dispatcher', () => {
    const app = buildApp();
    const before = app.router.stack.length;
    expect(indexRoutes(app.router)).toBe(17);
    expect(app.router.stack.length).toBe(before - 16);
  });

  it.each(REQUESTS)('answers %s %s exactly as the unindexed router does', async (method, path) => {
    const plain = buildApp();
    const indexed = buildApp();
    indexRoutes(indexed.router);
    const [a, b] = await Promise.all([request(plain)[method](path), request(indexed)[method](path)]);
    expect({ status: b.status, text: b.text, allow: b.headers.allow, seen: b.headers['x-seen'] }).toEqual({ status: a.status, text: a.text, allow: a.headers.allow, seen: a.headers['x-seen'] });
  });

  it('keeps the order of handlers: a parameterised route before a static one still answers first, and passes on', async () => {
    const app = buildApp();
    indexRoutes(app.router);
    expect((await request(app).get('/api/items/special')).text).toBe('param special');
    expect((await request(app).get('/api/items/pass')).text).toBe('static pass');
    expect((await request(app).get('/api/items/7')).text).toBe('param 7');
    expect((await request(app).get('/api/r5')).text).toBe('r5');
    expect((await request(app).get('/api/fails')).text).toBe('error boom');
    expect((await request(app).options('/api/r5')).text).toBe('not found OPTIONS /api/r5');
  });

  it('leaves a run alone when a route answers OPTIONS or every method', () => {
    const app = buildApp();
    app.router.stack.splice(3, 0, ...(() => {
      const other = newApp();
      other.all('/api/any', (_req: Request, res: Response) => res.send('any'));
      return other.router.stack;
    })());
    expect(indexRoutes(app.router)).toBe(0);
  });
});
