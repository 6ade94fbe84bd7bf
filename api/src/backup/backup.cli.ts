import { loadConfig } from '../config/app-config';
import { createFileStorage } from '../storage/storage.module';
import { S3FileStorage } from '../storage/s3.storage';
import { backup, restore } from './backup';

export const BACKUP_USAGE = `  backup <dir>                 database + every stored object + local secrets into <dir> (docs/decisions/018-scale-out.md)
  restore <dir>                into an EMPTY database and file store (API stopped); checks every row count and object checksum`;

/**
 * `npm run cli -- backup <dir>` and `restore <dir>`: run without booting the API (the database of a
 * restore must stay untouched until the dump is loaded), on the configuration of the environment
 * (DATABASE_URL, DATA_DIR, STORAGE_S3_*). Answers the line to print; throws with the reason.
 */
export async function runBackupCommand(name: 'backup' | 'restore', args: string[], cwd: string): Promise<string> {
  const dir = args[0];
  if (!dir) throw new Error(`usage:\n${BACKUP_USAGE}`);
  const config = loadConfig(process.env, cwd);
  const storage = createFileStorage(config);
  try {
    if (name === 'backup') {
      const m = await backup(config, storage, dir);
      const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
      return `backup in ${dir}: ${m.engine} database (${Object.keys(m.tables).length} tables, ${rows} rows), ${m.objects.length} objects (${m.objects.reduce((a, o) => a + o.size, 0)} bytes)${m.local_secrets ? ', local secrets' : ''}`;
    }
    const r = await restore(config, storage, dir);
    return `restored from ${dir}: ${r.tables} tables, ${r.rows} rows, ${r.objects} objects (${r.bytes} bytes), every row count and checksum checked`;
  } finally {
    if (storage instanceof S3FileStorage) storage.close();
  }
}
