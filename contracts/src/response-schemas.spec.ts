import { readFileSync } from 'node:fs';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generator is a plain Node script
const generator = require('../../scripts/contracts/response-schemas.js') as { responseSchemas(): Record<string, unknown>; render(schemas: Record<string, unknown>): string; OUT: string };

/**
 * The OpenAPI response schemas generated from the routes' response types (docs/decisions/014) are those
 * of the current types: after changing a response type, `node scripts/contracts/response-schemas.js`.
 */
describe('response-schemas.generated.json', () => {
  let schemas: Record<string, { properties?: Record<string, unknown> } | null>;
  beforeAll(() => {
    schemas = generator.responseSchemas() as typeof schemas;
  }, 120_000);

  it('is what the generator makes of the current route types', () => {
    expect(readFileSync(generator.OUT, 'utf8')).toBe(generator.render(schemas));
  });

  it('documents a body with properties for the console routes that used to show an empty placeholder', () => {
    for (const name of ['OPS_ENDPOINTS.reviewQueue', 'OPS_ENDPOINTS.staffSession', 'PAYOUT_DESK_ENDPOINTS.payoutDetail', 'ROYALTY_ENDPOINTS.getEarnings', 'JOBS_ENDPOINTS.opsFailedJobs']) {
      expect(Object.keys(schemas[name]?.properties ?? {}).length).toBeGreaterThan(0);
    }
    expect(schemas['AUTH_ENDPOINTS.login']).toBeNull();
  });
});
