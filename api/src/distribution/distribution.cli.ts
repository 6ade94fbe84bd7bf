import { STORES } from '@portal/contracts';
import type { CliCommand } from '../common/cli-command';
import { DdexService } from './ddex/ddex.service';

/** Operator commands of the distribution engine (docs/decisions/020). */
export const DISTRIBUTION_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'ddex',
    usage: 'ddex <release_id> [store]   (prints the validated ERN 4.3 message of an approved or taken-down release; store default Spotify)',
    run: async (app, [id, ...store]) => {
      const releaseId = Number(id);
      if (!Number.isInteger(releaseId) || releaseId <= 0) throw new Error('ddex <release_id> [store]');
      const name = store.join(' ') || STORES[0].name;
      if (!STORES.some((s) => s.name === name)) throw new Error(`unknown store ${name}; one of: ${STORES.map((s) => s.name).join(', ')}`);
      try {
        return (await app.get(DdexService).message(releaseId, name)).xml.trimEnd();
      } catch (e) {
        const extra = (e as { extra?: { errors?: string[] } }).extra;
        throw new Error([(e as Error).message, ...(extra?.errors ?? [])].join('\n'));
      }
    },
  },
];
