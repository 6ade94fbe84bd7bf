import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CommandsHelpModule, OPERATOR_COMMANDS } from '../../src/cli-commands';
import { commandLine } from '../../src/common/cli/command-line';
import { CLI, ensureBuilt } from './instances';

type Run = { code: number | null; out: string; err: string };

/** `node dist/cli.js <args>` as an operator runs it (npm run cli -w @portal/api -- <args>), in `cwd`. */
function cli(env: NodeJS.ProcessEnv, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

/**
 * The operator command line (docs/decisions/036-cli.md): every registered command answers `--help` with
 * its usage and exit code 0 without opening the database; the list, an unknown name, a refusal and an
 * answer keep their output and exit codes (operators' scripts read them).
 */
describe('npm run cli', () => {
  const dirs: string[] = [];
  let env: NodeJS.ProcessEnv;
  let dataDir: string;
  let names: string[];

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
    dirs.push(dataDir);
    env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, CAPTCHA_REQUIRED: 'false', LOG_REQUESTS: 'false', INIT_CWD: dataDir };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const help = await NestFactory.createApplicationContext(CommandsHelpModule, { logger: false });
    names = (await commandLine(help, { out: () => undefined, err: () => undefined })).names;
    await help.close();
  }, 180_000);

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('registers every command class once, under its own name', () => {
    expect(names.length).toBe(OPERATOR_COMMANDS.length);
    expect(new Set(names).size).toBe(names.length);
    // The names operators' scripts call (README "Operator commands").
    expect(names).toEqual(
      expect.arrayContaining(['revenue', 'notify', 'ledger', 'review', 'staff', 'away', 'revoke', 'ticket-reply', 'payout-paid', 'statement-import', 'ddex', 'delivery-target', 'jobs', 'seal-rotate', 'xml-text-scan', 'backup', 'restore']),
    );
  });

  it('lists every command without one (exit 0) and after an unknown one (exit 64)', async () => {
    const list = await cli(env, [], dataDir);
    expect(list.code).toBe(0);
    for (const name of names) expect(list.out).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    const unknown = await cli(env, ['frobnicate'], dataDir);
    expect(unknown.code).toBe(64);
    expect(unknown.out).toBe(list.out);
  });

  it('answers --help for every command with its usage, exit 0, without opening the database or running it', async () => {
    const queue = [...names];
    const failures: string[] = [];
    // Three at a time: each is a node process booting the help context.
    await Promise.all(
      [0, 1, 2].map(async () => {
        for (let name = queue.shift(); name; name = queue.shift()) {
          const r = await cli(env, [name, '--help'], dataDir);
          const usage = new RegExp(`^Usage: npm run cli -w @portal/api -- ${name}( .*)?\n`);
          if (r.code !== 0 || !usage.test(r.out) || !/^Options:\n(.*\n)* {2}-h, --help {2}/m.test(r.out)) failures.push(`${name}: exit ${r.code}\n${r.out}${r.err}`);
        }
      }),
    );
    expect(failures).toEqual([]);
    // `backup --help` once took --help for the target directory; `-h` is help too. No command ran: no database, no backup.
    expect((await cli(env, ['backup', '-h'], dataDir)).code).toBe(0);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 240_000);

  it('keeps the answers and exit codes of a command: stdout and 0, a refusal on stderr and 1, a missing argument 1', async () => {
    const scan = await cli(env, ['xml-text-scan'], dataDir);
    expect(scan).toEqual({ code: 0, out: '0 row(s) hold characters XML 1.0 cannot carry.\n', err: '' });
    const refused = await cli(env, ['revenue', 'nobody@example.com', '5'], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.out).toBe('');
    expect(refused.err).toBe('revenue <email> <usd, e.g. 250 or 99.50> [usd-to-inr rate] [note...]\n');
    const missing = await cli(env, ['ledger'], dataDir);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/missing required argument 'email'/);
  }, 120_000);
});
