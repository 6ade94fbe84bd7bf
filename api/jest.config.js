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
  maxWorkers: 1,
  // The Redis/BullMQ specs boot apps in this process; ioredis can keep a socket open for a moment after
  // every app closed. The run's result is final once the last suite ended: do not wait on those sockets.
  forceExit: true,
};
