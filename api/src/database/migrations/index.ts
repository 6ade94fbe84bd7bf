import { Accounts1763769600000 } from './1763769600000-accounts';

/** Every migration, in order. Each runs on SQLite and MySQL/MariaDB (Table API only, no engine SQL). */
export const MIGRATIONS = [Accounts1763769600000];
