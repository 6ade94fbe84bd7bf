import { Module } from '@nestjs/common';
import { Command } from 'nest-commander';
import { OperatorCommand } from '../common/cli/operator-command';
import { bootConfig } from '../config/app-config';
import { createFileStorage } from '../storage/storage.module';
import { S3FileStorage } from '../storage/s3.storage';
import { backup, restore } from './backup';

export const BACKUP_USAGE = `  backup <dir>                 database + every stored object + every file a row refers to + local secrets into <dir> (docs/decisions/018, 032)
  restore <dir>                into an EMPTY database and file store (API stopped); checks every row count and object checksum`;

/**
 * `npm run cli -- backup <dir>` and `restore <dir>`: run without booting the API (the database of a
 * restore must stay untouched until the dump is loaded), on the configuration of the environment
 * (DATABASE_URL, DATA_DIR, STORAGE_S3_*). Answers the line to print; throws with the reason.
 */
export async function runBackupCommand(name: 'backup' | 'restore', args: string[], cwd: string): Promise<string> {
  const dir = args[0];
  if (!dir) throw new Error(`usage:\n${BACKUP_USAGE}`);
  const config = bootConfig(process.env, cwd);
  const storage = createFileStorage(config);
  try {
    if (name === 'backup') {
      const m = await backup(config, storage, dir);
      const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
      const warnings = [
        ...(m.missing ?? []).map((x) => `warning: ${x.table}.${x.column} refers to ${x.value}, which does not exist: not in the backup`),
        ...(m.unclassified_columns ?? []).map((c) => `warning: ${c} looks like it holds files but is not classified in api/src/backup/file-columns.ts: its files may be missing from the backup`),
      ];
      const files = m.files ?? [];
      return [
        `backup in ${dir}: ${m.engine} database (${Object.keys(m.tables).length} tables, ${rows} rows), ${m.objects.length} objects (${m.objects.reduce((a, o) => a + o.size, 0)} bytes), ${files.length} files rows refer to outside the store (${files.reduce((a, f) => a + f.size, 0)} bytes)${m.local_secrets ? ', local secrets' : ''}`,
        ...warnings,
      ].join('\n');
    }
    const r = await restore(config, storage, dir);
    return `restored from ${dir}: ${r.tables} tables, ${r.rows} rows, ${r.objects} objects and ${r.files} files (${r.bytes} bytes), every row count and checksum checked`;
  } finally {
    if (storage instanceof S3FileStorage) storage.close();
  }
}

/** Where `npm run cli -w @portal/api` was started (npm runs it in api/): DATA_DIR and relative dirs resolve from there. */
const invokedFrom = (): string => process.env.INIT_CWD || process.cwd();

/** `backup <dir>`: the database, every stored object, every file a row refers to and the local secrets into `dir`; prints the counts and any warning. */
@Command({ name: 'backup', arguments: '<dir>', description: 'database + every stored object + every file a row refers to + local secrets into <dir> (docs/decisions/018, 032)' })
export class BackupCommand extends OperatorCommand {
  async answer(args: string[]): Promise<string> {
    return runBackupCommand('backup', args, invokedFrom());
  }
}

/** `restore <dir>`: into an EMPTY database and file store (API stopped); checks every row count and object checksum. */
@Command({ name: 'restore', arguments: '<dir>', description: 'into an EMPTY database and file store (API stopped); checks every row count and object checksum' })
export class RestoreCommand extends OperatorCommand {
  async answer(args: string[]): Promise<string> {
    return runBackupCommand('restore', args, invokedFrom());
  }
}

/**
 * The context `backup` and `restore` run in (cli.ts): these two commands and nothing else, so the API is
 * not booted (a restore's database must not be migrated before the dump is loaded).
 */
@Module({ providers: [BackupCommand, RestoreCommand] })
export class BackupCommandsModule {}

export const BACKUP_COMMANDS = [BackupCommand, RestoreCommand];
