import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { SERVER_MESSAGES } from '@portal/contracts';
import { HttpDrain, ShutdownState } from '../../src/common/http/graceful-shutdown';
import { bootTestApp, type TestApp } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';

type Answer = { status: number; close: boolean };

function get(port: number, agent: http.Agent, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, close: /close/i.test(String(res.headers.connection ?? '')) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Graceful shutdown (decision 022): once a drain begins, readiness answers 503, no new connection is
 * accepted, every request on an open keep-alive connection is answered with `Connection: close`, a slow
 * request in flight still completes, idle connections are closed, and the drain ends well within its grace.
 */
describe('graceful drain', () => {
  let t: TestApp;
  let drain: HttpDrain;
  let port: number;

  beforeAll(async () => {
    t = await bootTestApp('sqlite');
    drain = new HttpDrain(t.http);
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('answers readiness 503 with the draining message while the process drains', async () => {
    await request(t.http).get('/api/health/ready').expect(200);
    const state = t.app.get(ShutdownState);
    state.draining = true;
    const res = await request(t.http).get('/api/health/ready').expect(503);
    expect(res.body.message).toBe(SERVER_MESSAGES.draining);
    expect(res.headers['retry-after']).toBeDefined();
    await request(t.http).get('/api/health/live').expect(200);
    state.draining = false;
  });

  it('answers every request on open keep-alive connections, resets none, refuses new connections, and ends', async () => {
    const agents = Array.from({ length: 10 }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    const errors: string[] = [];
    const closes: Answer[] = [];
    let completed = 0;
    const answeredAgents = new Set<http.Agent>();
    let stop = false;
    const loops = agents.map(async (agent) => {
      while (!stop) {
        try {
          const answer = await get(port, agent, '/api/health/live');
          completed++;
          answeredAgents.add(agent);
          if (answer.close) {
            closes.push(answer);
            return;
          }
        } catch (e) {
          errors.push((e as NodeJS.ErrnoException).code ?? (e as Error).message);
          return;
        }
      }
    });
    // A request in flight across the start of the drain: its body arrives slowly.
    const [first, second] = ['{"email":"slow@example.com",', '"password":"not-the-password"}'];
    let slowStarted = false;
    const slow = new Promise<number>((resolve, reject) => {
      const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(first + second) };
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/login', headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write(first, () => (slowStarted = true));
      setTimeout(() => req.end(second), 600);
    });
    // The drain starts once every keep-alive connection has been answered and the slow request's first half is sent.
    await waitFor(() => answeredAgents.size === agents.length && slowStarted, { what: 'every connection open and the slow request started' });
    const before = completed;
    const result = await drain.drain({ graceMs: 10_000 });
    stop = true;
    await Promise.all(loops);
    expect(errors).toEqual([]);
    expect(closes).toHaveLength(agents.length);
    expect(completed).toBeGreaterThan(before);
    expect(await slow).toBeLessThan(500);
    expect(result.destroyed).toBe(0);
    expect(result.ms).toBeLessThan(5000);
    await expect(get(port, new http.Agent(), '/api/health/live')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
