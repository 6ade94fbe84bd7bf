import { readFileSync } from 'node:fs';
import { Command, Option } from 'nest-commander';
import { deliveryTargetSchema, deliveryTargetWhere, STORES } from '@portal/contracts';
import { CLI_ACTOR } from '../audit/audit.service';
import { OperatorCommand } from '../common/cli/operator-command';
import { validateBody } from '../common/validate';
import { DeliveryService, type TargetInput } from './delivery/delivery.service';
import { DdexService } from './ddex/ddex.service';

/**
 * `ddex <release_id> [store...]`: print the validated ERN 4.3 message of an approved or taken-down
 * release for a store (default the first of STORES, Spotify). A message that fails validation is refused
 * with the reason and every schema error, one a line (docs/decisions/020).
 */
@Command({ name: 'ddex', arguments: '<release_id> [store...]', description: `prints the validated ERN 4.3 message of an approved or taken-down release; store default ${STORES[0].name}` })
export class DdexCommand extends OperatorCommand {
  constructor(private readonly ddex: DdexService) {
    super();
  }

  async answer([id, ...store]: string[]): Promise<string> {
    const releaseId = Number(id);
    if (!Number.isInteger(releaseId) || releaseId <= 0) throw new Error('ddex <release_id> [store]');
    const name = store.join(' ') || STORES[0].name;
    if (!STORES.some((s) => s.name === name)) throw new Error(`unknown store ${name}; one of: ${STORES.map((s) => s.name).join(', ')}`);
    try {
      return (await this.ddex.message(releaseId, name)).xml.trimEnd();
    } catch (e) {
      const extra = (e as { extra?: { errors?: string[] } }).extra;
      throw new Error([(e as Error).message, ...(extra?.errors ?? [])].join('\n'));
    }
  }
}

const TARGET_USAGE = 'delivery-target <store> <DPID> (sftp://user@host:port/path | s3://key@host:port/bucket/prefix) (--key-file <file> | --password <password>)';

/**
 * `delivery-target <store> <DPID> <url> (--key-file <file> | --password <secret>)`: create or change a
 * store's delivery target (sftp://<user>@<host>:<port>/<path> or s3://<access key id>@<host>:<port>/<bucket>/<prefix>),
 * through the console's schema and service, audited as actor `cli`. Prints `<store>: <where> (target <id>)`.
 */
@Command({
  name: 'delivery-target',
  arguments: '<store> <dpid> <url>',
  description: "creates or changes a store's target; url: sftp://<user>@<host>:<port>/<path> or s3://<access key id>@<host>:<port>/<bucket>/<prefix>; audited as cli",
})
export class DeliveryTargetCommand extends OperatorCommand {
  constructor(private readonly delivery: DeliveryService) {
    super();
  }

  @Option({ flags: '--key-file <file>', description: 'the SFTP private key, read from this file' })
  keyFile(value: string): string {
    return value;
  }

  @Option({ flags: '--password <password>', description: 'the SFTP password or the S3 secret key' })
  password(value: string): string {
    return value;
  }

  async answer([store, dpid, url]: string[], options: { keyFile?: string; password?: string }): Promise<string> {
    const m = /^(sftp|s3):\/\/([^@/]+)@([^:/]+)(?::(\d+))?(\/.*)$/.exec(url ?? '');
    const secret = options.keyFile ?? options.password;
    if (!store || !dpid || !m || !secret || (options.keyFile !== undefined && options.password !== undefined)) throw new Error(TARGET_USAGE);
    const existing = (await this.delivery.listTargets()).find((t) => t.store === store);
    const dto = (await validateBody(deliveryTargetSchema, {
      target_id: existing?.target_id,
      store,
      dpid,
      protocol: m[1],
      host: m[3],
      port: Number(m[4] ?? (m[1] === 's3' ? 443 : 22)),
      path: m[5],
      username: m[2],
      password: options.password ?? '',
      private_key: options.keyFile !== undefined ? readFileSync(options.keyFile, 'utf8') : '',
      enabled: true,
    })) as TargetInput;
    const saved = await this.delivery.saveTarget(dto, CLI_ACTOR);
    return `${saved.store}: ${deliveryTargetWhere(saved)} (target ${saved.target_id})`;
  }
}

/** Operator commands of the distribution engine (docs/decisions/020), providers of DistributionModule. */
export const DISTRIBUTION_COMMANDS = [DdexCommand, DeliveryTargetCommand];
