import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfig } from './config/app-config';
import { UsersService } from './users/users.service';
import { NotificationsService } from './notifications/notifications.service';
import { CLI_COMMANDS, type CliCommand } from './cli-commands';
import { creditRevenue } from './support/support.cli';
import { AuditService, CLI_ACTOR } from './audit/audit.service';
import { BACKUP_USAGE, runBackupCommand } from './backup/backup.cli';

/**
 * Operator commands until an admin area exists (the data behind checkAwayStatus, checkUserRevokeStatus,
 * getUserDetails and the review outcome). Usage: `npm run cli -w @portal/api -- <command> [args]`.
 */
const CORE_COMMANDS: CliCommand[] = [
  {
    name: 'revenue',
    usage: 'revenue <email> <usd> [usd-to-inr rate] [note...]   (adds a ledger credit; the balance is the ledger sum)',
    run: async (app, [email, usd, rate, ...note]) => {
      // The balance is the sum of the support ledger: this adds a credit entry (never sets a number).
      if (rate && !(Number.isFinite(Number(rate)) && Number(rate) > 0)) throw new Error('the usd-to-inr rate must be a positive number');
      const credited = await creditRevenue(app, email, usd, note.join(' '));
      if (rate) {
        const user = (await app.get(UsersService).findByEmail(email ?? ''))!;
        await app.get(UsersService).update(user.id, { conversion_rate: Number(rate) });
        await app.get(AuditService).record(CLI_ACTOR, 'user.conversion_rate', 'user', user.id, { conversion_rate: user.conversion_rate }, { conversion_rate: Number(rate) });
      }
      return `${credited}${rate ? ` rate=${rate}` : ''}`;
    },
  },
  {
    name: 'notify',
    usage: 'notify <email> "<text>"',
    run: async (app, [email, text]) => {
      const user = await app.get(UsersService).findByEmail(email ?? '');
      if (!user || !text) throw new Error('notify <email> "<text>"');
      await app.get(NotificationsService).notify(user.id, text);
      return `notified ${email}`;
    },
  },
];

// `npm run cli -w @portal/api` runs in api/: resolve DATA_DIR from where npm was invoked (INIT_CWD).
async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  // Backup and restore run without the app: a restore's database must not be migrated before the dump is loaded.
  if (name === 'backup' || name === 'restore') {
    console.log(await runBackupCommand(name, args, process.env.INIT_CWD || process.cwd()));
    return;
  }
  const commands = [...CORE_COMMANDS, ...CLI_COMMANDS];
  const command = commands.find((c) => c.name === name);
  if (!command) {
    console.log(`Commands:\n${commands.map((c) => `  ${c.usage}`).join('\n')}\n${BACKUP_USAGE}`);
    process.exit(name ? 64 : 0);
  }
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...loadConfig(process.env, process.env.INIT_CWD || process.cwd()), logRequests: false, runJobs: false, runsAs: 'cli' }), { logger: ['error', 'warn'] });
  try {
    console.log(await command.run(app, args));
  } finally {
    await app.close();
  }
}

main().catch((e) => {
  console.error((e as Error).message);
  process.exit(1);
});
