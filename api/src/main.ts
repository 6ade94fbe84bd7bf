import 'reflect-metadata';
import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { runPrimary } from './cluster/cluster-primary';
import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './app.factory';

/**
 * Start the API (and the built front ends) on PORT. A bad setting stops the start with a message naming
 * it. With API_WORKERS > 1 this process becomes the cluster's primary and forks the workers that serve.
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
  if (config.apiWorkers > 1 && cluster.isPrimary) {
    await runPrimary(config.apiWorkers);
    new Logger('Main').log(`Portal on http://localhost:${config.port} (${config.apiWorkers} workers, database: ${config.database.type}, data: ${config.dataDir})`);
    return;
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
