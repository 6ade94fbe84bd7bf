import 'reflect-metadata';
import './settings'; // registers every module's settings before bootConfig runs (docs/decisions/035)
import { NestFactory } from '@nestjs/core';
import { CommanderError } from 'commander';
import { AppModule } from './app.module';
import { bootConfig } from './config/app-config';
import { CommandsHelpModule } from './cli-commands';
import { BackupCommandsModule } from './backup/backup.cli';
import { commandLine } from './common/cli/command-line';

/** The exit code of a name that is no command (EX_USAGE of sysexits.h); the command list is printed. */
const EX_USAGE = 64;

const io = { out: (text: string) => console.log(text), err: (text: string) => console.error(text) };

/**
 * `npm run cli -w @portal/api -- <command> [arguments] [options]`: the operator commands
 * (docs/decisions/036-cli.md, README "Operator commands"). Without a command, or with `--help`, it lists
 * every command; `<command> --help` prints that command's arguments and options; neither opens the
 * database. `backup` and `restore` run without the API booted; every other command runs in the API's
 * context (no HTTP, no jobs). The answer goes to stdout; a refusal to stderr with exit code 1; an unknown
 * command prints the list with exit code 64.
 */
async function main(argv: string[]): Promise<number> {
  const [name] = argv;
  const help = await NestFactory.createApplicationContext(CommandsHelpModule, { logger: false });
  try {
    const list = await commandLine(help, io);
    if (!name || name === '--help' || name === '-h' || (name === 'help' && !argv[1])) {
      io.out(list.listing());
      return 0;
    }
    if (!list.names.includes(name) && name !== 'help') {
      io.out(list.listing());
      return EX_USAGE;
    }
    if (argv.includes('--help') || argv.includes('-h') || name === 'help') {
      await list.run(argv);
      return 0;
    }
  } finally {
    await help.close();
  }
  // `npm run cli -w @portal/api` runs in api/: resolve DATA_DIR from where npm was invoked (INIT_CWD).
  const cwd = process.env.INIT_CWD || process.cwd();
  const app =
    name === 'backup' || name === 'restore'
      ? await NestFactory.createApplicationContext(BackupCommandsModule, { logger: ['error', 'warn'] })
      : await NestFactory.createApplicationContext(AppModule.forRoot({ ...bootConfig(process.env, cwd), logRequests: false, runJobs: false, runsAs: 'cli' }), { logger: ['error', 'warn'] });
  try {
    await (await commandLine(app, io)).run(argv);
    return 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code) process.exit(code);
  },
  (e: unknown) => {
    // commander wrote its own message (a missing argument, an unknown option) before failing.
    if (e instanceof CommanderError) process.exit(e.exitCode || 1);
    console.error((e as Error).message);
    process.exit(1);
  },
);
