import type { INestApplicationContext } from '@nestjs/common';
import { commandLine } from '../../src/common/cli/command-line';
import { RevenueCommand } from '../../src/support/support.cli';

/**
 * Run one operator command line on a test app as `npm run cli -w @portal/api -- <name> <args...>` would
 * (the same nest-commander parsing, the command provider of the app's own module). Resolves to what the
 * command printed on stdout; rejects with the command's Error, or with commander's error for a line that
 * does not parse (its message is what the CLI prints on stderr).
 */
export async function runCommand(app: INestApplicationContext, name: string, args: string[] = []): Promise<string> {
  const printed: string[] = [];
  const errors: string[] = [];
  const line = await commandLine(app, { out: (text) => printed.push(text), err: (text) => errors.push(text) });
  await line.run([name, ...args]);
  return printed.join('\n');
}

/** The credit of the `revenue` command (no rate, any note): answers `<email> credited <usd> USD; balance <usd> USD`. */
export function creditRevenue(app: INestApplicationContext, email: string | undefined, usd: string | undefined, note: string): Promise<string> {
  return app.get(RevenueCommand).credit(email, usd, note);
}

/** One operator command by name, run as on the command line: `command('ledger').run(t.app, ['a@b.c'])`. */
export const command = (name: string) => ({ run: (app: INestApplicationContext, args: string[] = []) => runCommand(app, name, args) });
