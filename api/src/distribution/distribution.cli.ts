import { readFileSync } from 'node:fs';
import { deliveryTargetSchema, deliveryTargetWhere, STORES } from '@portal/contracts';
import { CLI_ACTOR } from '../audit/audit.service';
import { validateBody } from '../common/validate';
import { DeliveryService, type TargetInput } from './delivery/delivery.service';
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
  {
    name: 'delivery-target',
    usage: 'delivery-target <store> <DPID> (sftp://<user>@<host>:<port>/<path> | s3://<access key id>@<host>:<port>/<bucket>/<prefix>) (--key-file <file> | --password <password or secret key>)   (creates or changes a store\'s target; audited as cli)',
    run: async (app, args) => {
      const [store, dpid, url, flag, value] = args;
      const m = /^(sftp|s3):\/\/([^@/]+)@([^:/]+)(?::(\d+))?(\/.*)$/.exec(url ?? '');
      if (!store || !dpid || !m || !value || (flag !== '--key-file' && flag !== '--password')) throw new Error('delivery-target <store> <DPID> (sftp://user@host:port/path | s3://key@host:port/bucket/prefix) (--key-file <file> | --password <password>)');
      const service = app.get(DeliveryService);
      const existing = (await service.listTargets()).find((t) => t.store === store);
      const dto = (await validateBody(deliveryTargetSchema, {
        target_id: existing?.target_id,
        store,
        dpid,
        protocol: m[1],
        host: m[3],
        port: Number(m[4] ?? (m[1] === 's3' ? 443 : 22)),
        path: m[5],
        username: m[2],
        password: flag === '--password' ? value : '',
        private_key: flag === '--key-file' ? readFileSync(value, 'utf8') : '',
        enabled: true,
      })) as TargetInput;
      const saved = await service.saveTarget(dto, CLI_ACTOR);
      return `${saved.store}: ${deliveryTargetWhere(saved)} (target ${saved.target_id})`;
    },
  },
];
