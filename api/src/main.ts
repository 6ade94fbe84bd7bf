import './observability/tracing-bootstrap'; // first: OpenTelemetry patches http, express, mysql2, ioredis as they load (docs/decisions/038)
import 'reflect-metadata';
import './settings'; // registers every module's settings before bootConfig runs (docs/decisions/035)
import { Logger } from '@nestjs/common';
import { ConfigError, bootConfig } from './config/app-config';
import { createApp } from './app.factory';
import { HttpDrain, ShutdownState } from './common/http/graceful-shutdown';
import { installFatalHandlers } from './common/fatal-errors';

/**
 * Start the API (and the built front ends) on PORT. A bad setting stops the start with a message naming
 * it. SIGTERM/SIGINT drain the server (decision 022) before the process exits. Several instances run
 * as separate processes behind a balancer, sharing REDIS_URL (docs/decisions/018-scale-out.md).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = bootConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(78);
    }
    throw e;
  }
  const app = await createApp(config);
  const logger = new Logger('Main');
  const drain = new HttpDrain(app.getHttpServer());
  let exiting = false;
  /** Drain (decision 022), close the app (database, queues), exit with `code`. */
  const shutdown = async (reason: string, code: number, graceMs = config.shutdownGraceSeconds * 1000) => {
    if (exiting) return;
    exiting = true;
    app.get(ShutdownState).draining = true;
    logger.log({ msg: 'draining', reason, grace_s: graceMs / 1000 });
    const deadline = setTimeout(() => {
      logger.error({ msg: 'shutdown deadline passed: exiting anyway', reason });
      process.exit(code || 1);
    }, graceMs + 5000);
    deadline.unref();
    const result = await drain.drain({ graceMs });
    logger.log({ msg: 'drained', answered: result.answered, destroyed: result.destroyed, ms: result.ms });
    await app.close().catch((e: unknown) => logger.error({ msg: 'close failed', err: (e as Error).message }));
    process.exit(code);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal, 0));
  installFatalHandlers(logger, (reason) => void shutdown(reason, 1, Math.min(5000, config.shutdownGraceSeconds * 1000)));
  await app.listen(config.port);
  logger.log(`Portal on http://localhost:${config.port} (database: ${config.database.type}, data: ${config.dataDir})`);
}

main().catch((e) => {
  // A setting found wrong only once the database is open (a SEAL_KEY that does not open its values, decision 032).
  if (e instanceof ConfigError) {
    console.error(`Configuration error: ${e.message}`);
    process.exit(78);
  }
  console.error(e);
  process.exit(1);
});
