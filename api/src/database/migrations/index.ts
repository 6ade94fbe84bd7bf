import { Accounts1763769600000 } from './1763769600000-accounts';
import { Releases1763856000000 } from './1763856000000-releases';
import { Notifications1763900000000 } from './1763900000000-notifications';
import { RemoteRegistry1764300000000 } from './1764300000000-remote-registry';

/** Every migration, in order. Each runs on SQLite and MySQL/MariaDB (Table API only, no engine SQL). */
export const MIGRATIONS = [Accounts1763769600000, Releases1763856000000, Notifications1763900000000, RemoteRegistry1764300000000];
