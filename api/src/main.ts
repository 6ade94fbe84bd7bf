import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './app.factory';

/**
 * Start the API (and the built front ends) on PORT. A bad setting stops the start with a message naming
 * it. Several instances run as separate processes behind a balancer, sharing REDIS_URL
 * (docs/decisions/018-scale-out.md).
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(78);
    }
    throw e;
  }
  const app = await createApp(config);
  app.enableShutdownHooks();
  await app.listen(config.port);
  new Logger('Main').log(`Portal on http://localhost:${config.port} (database: ${config.database.type}, data: ${config.dataDir})`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
