import { join, resolve } from 'node:path';
import { defineSettings, intSetting } from '../config/settings';
import { dataDirOf } from '../config/core.settings';

/**
 * The releases module's settings (docs/decisions/035): the catalogue at scale (docs/decisions/011) and
 * resumable audio uploads (docs/decisions/020). README's `<!-- settings:releases -->` table is generated
 * from this list.
 */
/** `releaseSettings.of(config)` → `{ catalog: { snapshotMin, snapshotEntries }, tusDir, tusTimes: { expirySeconds, sweepSeconds } }`. */
export const releaseSettings = defineSettings('releases', {
  catalog: {
    variables: ['CATALOG_SNAPSHOT_MIN', 'CATALOG_SNAPSHOT_ENTRIES'],
    default: '`5000`, `250000`',
    meaning: 'a catalogue of at least this many releases is listed and searched on an in-process snapshot checked against a database version; releases all snapshots of one process may hold (`0`: off, every list runs in SQL) ([decision 011](docs/decisions/011-catalogue-at-scale.md))',
    parse: ({ env }) => ({
      snapshotMin: intSetting(env, 'CATALOG_SNAPSHOT_MIN', 5000, 1, 100_000_000),
      snapshotEntries: intSetting(env, 'CATALOG_SNAPSHOT_ENTRIES', 250_000, 0, 100_000_000),
    }),
  },
  tusDir: {
    variables: ['TUS_DIR'],
    default: '`DATA_DIR/tus`',
    meaning: 'unfinished resumable (tus) audio uploads at `/api/tus`; every API instance must see the same folder ([decision 020](docs/decisions/020-distribution-engine.md))',
    parse: (input) => resolve(input.cwd, input.env.TUS_DIR || join(dataDirOf(input), 'tus')),
  },
  tusTimes: {
    variables: ['TUS_EXPIRY_SECONDS', 'TUS_SWEEP_SECONDS'],
    default: '`86400`, `900`',
    meaning: 'an unfinished upload expires this long after its creation; seconds between removals of expired ones (`0`: none)',
    parse: ({ env }) => ({
      expirySeconds: intSetting(env, 'TUS_EXPIRY_SECONDS', 24 * 3600, 1, 30 * 24 * 3600),
      sweepSeconds: intSetting(env, 'TUS_SWEEP_SECONDS', 15 * 60, 0, 24 * 3600),
    }),
  },
});
