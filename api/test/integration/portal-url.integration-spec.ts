import { statSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../../src/app.module';
import { SupportConfig } from '../../src/support/shared/support-config';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';

/**
 * E-mailed links from operator commands (decision 022): a CLI run without PORTAL_URL, and with another
 * PORT in its environment, mails the same portal URL as the server it administers.
 */
describe.each(ENGINES)('the portal URL of CLI mails on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(engine, { PORT: '4321' });
  });
  afterAll(async () => t?.close());

  it('uses the URL the server published, not its own PORT default', async () => {
    expect(t.app.get(SupportConfig).link('/tickets/1')).toBe('http://localhost:4321/tickets/1');
    const cli = await NestFactory.createApplicationContext(AppModule.forRoot({ ...t.config, port: 8080, portalUrl: null, runsAs: 'cli', logRequests: false }), { logger: false });
    try {
      expect(cli.get(SupportConfig).link('/tickets/1')).toBe('http://localhost:4321/tickets/1');
    } finally {
      await cli.close();
    }
  });

  (engine === 'sqlite' ? it : it.skip)('creates the SQLite database readable by its owner only (0600)', () => {
    if (t.config.database.type !== 'sqlite') throw new Error('expected SQLite');
    expect(statSync(t.config.database.path).mode & 0o777).toBe(0o600);
  });

  it('uses PORTAL_URL when the CLI has it', async () => {
    const cli = await NestFactory.createApplicationContext(AppModule.forRoot({ ...t.config, portalUrl: 'https://portal.example.com', runsAs: 'cli', logRequests: false }), { logger: false });
    try {
      expect(cli.get(SupportConfig).link('/signup', { name: 'Ravi' })).toBe('https://portal.example.com/signup?name=Ravi');
    } finally {
      await cli.close();
    }
  });
});
