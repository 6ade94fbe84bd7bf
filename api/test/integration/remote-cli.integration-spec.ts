import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { REMOTE_USAGE, runRemoteCommand } from '../../src/remote-registry/remote-registry.cli';
import { RemoteRegistryService } from '../../src/remote-registry/remote-registry.service';
import { RemoteDeployClaimEntity } from '../../src/remote-registry/remote-registry.entities';
import { bootTestApp, ENGINES } from '../helpers/test-app';

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

  it('answers --help for every command without opening a database, and refuses an unknown option with the usage', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-remote-cli-help-'));
    const options = { root: resolve(__dirname, '../../..'), cwd: dataDir, env: { DATA_DIR: join(dataDir, 'none'), STATIC_ROOT: '', NODE_ENV: 'test' } };
    try {
      expect(await runRemoteCommand(['--help'], options)).toBe(REMOTE_USAGE);
      for (const name of ['deploy', 'rollback', 'canary', 'mark-bad', 'list', 'history']) {
        const help = await runRemoteCommand([name, '--help'], options);
        expect(help).toMatch(new RegExp(`^Usage: npm run remote -- ${name} \\[options\\]`));
        expect(help).toContain('-h, --help');
      }
      expect(await runRemoteCommand(['canary', '-h'], options)).toContain('--percent <n>');
      await expect(runRemoteCommand(['deploy', 'mfe-releases', '--frm', 'x'], options)).rejects.toThrow(/^unknown option '--frm'\n\(Did you mean --from\?\)\nusage: npm run remote/);
      await expect(runRemoteCommand(['frobnicate'], options)).rejects.toThrow(/usage: npm run remote/);
      // Nothing opened a database: DATA_DIR was never created.
      expect(existsSync(join(dataDir, 'none'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each(ENGINES)('prints only its own message when another deploy holds the remote, no failed SQL (issue 34 §7) on %s', async (engine) => {
    const work = mkdtempSync(join(tmpdir(), 'portal-remote-cli-claim-'));
    const shared = { react: '19.3.1', 'react-dom': '19.3.1' };
    writeFileSync(join(work, 'shared-versions.json'), JSON.stringify(shared));
    const t = await bootTestApp(engine, { SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json') });
    const printed: string[] = [];
    const capture = (stream: NodeJS.WriteStream) => jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => (printed.push(String(chunk)), true));
    const spies = [capture(process.stdout), capture(process.stderr), ...(['log', 'error', 'warn', 'info'] as const).map((m) => jest.spyOn(console, m).mockImplementation((...a: unknown[]) => void printed.push(a.map(String).join(' '))))];
    try {
      // A deploy of mfe_releases from another machine is in progress: its claim row is there.
      await t.app.get(RemoteRegistryService)['db'].getRepository(RemoteDeployClaimEntity).insert({ remote: 'mfe_releases', version: '9.0.0-other', actor: 'ci@elsewhere', claimed_at: new Date(), expires_at: new Date(Date.now() + 60_000) });
      const dist = join(work, 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(join(dist, 'version.json'), JSON.stringify({ name: 'mfe_releases', version: '9.0.1-mine', buildId: 'b', commit: 'c' }));
      writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'mfe_releases', metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } }, shared: Object.entries(shared).map(([name, version]) => ({ name, version, singleton: true })), exposes: [] }));
      writeFileSync(join(dist, 'remoteEntry.js'), 'var mfe_releases;');
      const env = { DATA_DIR: t.dataDir, STATIC_ROOT: '', NODE_ENV: 'test', SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json'), ...(t.config.database.type === 'mysql' ? { DATABASE_URL: t.config.database.url } : {}) };
      const lost = await runRemoteCommand(['deploy', 'mfe-releases', '--from', dist, '--by', 'me@here'], { root: work, cwd: work, env }).then(() => 'deployed', (e: Error) => e.message);
      expect(lost).toMatch(/^Another deploy of mfe_releases won: 9\.0\.0-other by ci@elsewhere, started \S+, is in progress; nothing changed\.$/);
      expect(printed.join('')).not.toMatch(/UNIQUE|Duplicate entry|query failed|ER_DUP_ENTRY|SqliteError|INSERT INTO/i);
    } finally {
      for (const spy of spies) spy.mockRestore();
      await t.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
