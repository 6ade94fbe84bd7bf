import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runRemoteCommand } from '../../src/remote-registry/remote-registry.cli';

/**
 * The operators' `remote` command boots its own, smaller module graph (not the app's): it must resolve
 * every provider the registry reaches (staff lockout counts included) and answer on a fresh database.
 */
describe('remote command', () => {
  it('lists every remote on a fresh database, each served from its build folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-remote-cli-'));
    try {
      const out = await runRemoteCommand(['list'], { root: resolve(__dirname, '../../..'), cwd: dataDir, env: { DATA_DIR: dataDir, STATIC_ROOT: '', NODE_ENV: 'test' } });
      const lines = out.split('\n');
      expect(lines.map((l) => l.trim().split(/\s+/)[0])).toEqual(['mfe_auth', 'mfe_ops', 'mfe_releases', 'mfe_support', 'mfe_tools_rights']);
      for (const line of lines) expect(line).toMatch(/never deployed: served from its build folder \((build \S+, commit [0-9a-f]{10}|not built)\)$/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
