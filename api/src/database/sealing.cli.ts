import { Command, Option } from 'nest-commander';
import { DataSource } from 'typeorm';
import { OperatorCommand } from '../common/cli/operator-command';
import { keyringOf, resealAll, sealCensus, type SealCensus } from '../sealing/sealed-columns';

const describe = (c: SealCensus): string =>
  `under SEAL_KEY: ${c.current}, under the previous keys: ${c.previous}, sealed before SEAL_KEY (v1): ${c.legacy}, in clear: ${c.clear}`;

/**
 * `seal-rotate [--check]` (docs/decisions/032-sealed-secrets-and-complete-backups.md "Key rotation"):
 * re-seal every sealed value (staff TOTP seeds, bank identifiers, delivery credentials) under SEAL_KEY,
 * opening those under SEAL_KEY_PREVIOUS or the v1 key; `--check` only counts them. Run it after every
 * instance runs with the new SEAL_KEY and the old one in SEAL_KEY_PREVIOUS; when it reports 0 under the
 * previous keys, SEAL_KEY_PREVIOUS can go (an instance started without a key its values need refuses to
 * start, naming SEAL_KEY). Safe to run again and beside running instances (each row is rewritten only
 * if unchanged since it was read).
 */
@Command({ name: 'seal-rotate', description: 're-seal every sealed value (TOTP seeds, bank identifiers, delivery credentials) under SEAL_KEY' })
export class SealRotateCommand extends OperatorCommand {
  constructor(private readonly db: DataSource) {
    super();
  }

  @Option({ flags: '--check', description: 'only count the sealed values by key, change nothing' })
  check(): boolean {
    return true;
  }

  async answer(_params: string[], options: { check?: boolean }): Promise<string> {
    const keyring = keyringOf(this.db);
    if (options.check) return `sealed values (key ${keyring.currentId}): ${describe(await sealCensus(this.db))}`;
    const { resealed } = await resealAll(this.db);
    const after = await sealCensus(this.db);
    const left = after.previous + after.legacy + after.clear;
    return `re-sealed ${resealed} values under key ${keyring.currentId}; now ${describe(after)}${left ? '' : keyring.previousIds.length ? '. SEAL_KEY_PREVIOUS can be removed.' : ''}`;
  }
}
