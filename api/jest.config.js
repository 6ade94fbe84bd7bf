/**
 * Unit specs beside the code (src/**\/*.spec.ts) and integration specs booting the real app on a real
 * database (test/integration/*.integration-spec.ts): SQLite always, MariaDB/MySQL too when MYSQL_URL is set.
 */
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }] },
  testTimeout: 60000,
  // Two spec files at a time (API_TEST_WORKERS, 1 = one by one): every spec boots its own app on its own
  // SQLite file or MariaDB database, temp folders and free ports, so files share no state.
  maxWorkers: Number(process.env.API_TEST_WORKERS || 2),
  // A worker whose heap passed this after a spec file is replaced by a fresh one: whatever a file leaves
  // behind (a Nest app per boot, its module graph) cannot pile up over the hundred files of a run.
  workerIdleMemoryLimit: '1GB',
  // The Redis/BullMQ specs boot apps in this process; ioredis can keep a socket open for a moment after
  // every app closed. The run's result is final once the last suite ended: do not wait on those sockets.
  forceExit: true,
};
