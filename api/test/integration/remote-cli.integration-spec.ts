import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runRemoteCommand } from '../../src/remote-registry/remote-registry.cli';

/**
 * The operators' `remote` command boots its own, smaller module graph (not the app's): it must resolve
 * every provider the registry reaches (staff lockout counts included) and answer on a fresh database.
 */
describe('remote command', () => {
  it('lists versions on a fresh database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-remote-cli-'));
    try {
      const out = await runRemoteCommand(['list'], { root: resolve(__dirname, '../../..'), cwd: dataDir, env: { DATA_DIR: dataDir, STATIC_ROOT: '', NODE_ENV: 'test' } });
      expect(out).toMatch(/^no versions deployed yet/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
