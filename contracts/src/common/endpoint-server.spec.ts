import * as yup from 'yup';
import { defineRoute } from './endpoint';
import { pairServerMap, type EndpointDocs } from './endpoint-server';

const pingSchema = yup.object({ name: yup.string().required() });
const ROUTES = {
  ping: defineRoute<yup.InferType<typeof pingSchema>, { pong: string }, 'POST'>({ method: 'POST', path: 'ping', access: 'public', tag: 'test' }),
  health: defineRoute<undefined, undefined, 'GET'>({ method: 'GET', path: 'health', access: 'public', tag: 'test' }),
} as const;
const docs = (summary: string): EndpointDocs => ({ summary, errors: [] });

/** The two halves of an area's wire map are paired by name (docs/decisions/014); the compiler checks the pairing. */
describe('pairServerMap', () => {
  it('answers each route with its own server entry', () => {
    const pairs = pairServerMap(ROUTES, { ping: { ...docs('Ping'), body: pingSchema }, health: docs('Health') });
    expect(pairs.map(([route, entry]) => [route.path, entry.summary])).toEqual([
      ['ping', 'Ping'],
      ['health', 'Health'],
    ]);
  });

  it('is refused by the compiler for a route without a server entry, or an entry without a route', () => {
    // @ts-expect-error health has no server entry
    expect(() => pairServerMap(ROUTES, { ping: docs('Ping') })).toThrow();
    // @ts-expect-error extra names no route
    pairServerMap(ROUTES, { ping: docs('Ping'), health: docs('Health'), extra: docs('Extra') });
  });

  it('infers a route’s request type from its schema', () => {
    const body: NonNullable<(typeof ROUTES.ping)['__types']>['req'] = { name: 'a' };
    expect(body).toEqual({ name: 'a' });
  });
});
