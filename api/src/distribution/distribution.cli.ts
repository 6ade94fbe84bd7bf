import { readFileSync } from 'node:fs';
import { Command, Option } from 'nest-commander';
import { deliveryTargetSchema, deliveryTargetWhere, STORES } from '@portal/contracts';
import { CLI_ACTOR } from '../audit/audit.service';
import { OperatorCommand } from '../common/cli/operator-command';
import { validateBody } from '../common/validate';
import { DeliveryService, type TargetInput } from './delivery/delivery.service';
import { DdexService } from './ddex/ddex.service';
import { AcknowledgementsService } from './acknowledgements/acknowledgements.service';

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

const TARGET_USAGE = 'delivery-target <store> <DPID> (sftp://user@host:port/path | s3://key@host:port/bucket/prefix) (--key-file <file> | --password <password>) [--live | --test] [--test-path <path>] [--link-template <url>]';

/**
 * `delivery-target <store> <DPID> <url> (--key-file <file> | --password <secret>) [--live | --test] [--test-path <path>]`:
 * create or change a store's delivery target (sftp://<user>@<host>:<port>/<path> or
 * s3://<access key id>@<host>:<port>/<bucket>/<prefix>), through the console's schema and service, audited as
 * actor `cli` (a switch of feed also as `delivery_target.feed`). The feed is the test feed unless `--live`
 * is given (issue 39 §5). Prints `<store>: <where> (target <id>, <feed> feed)`.
 */
@Command({
  name: 'delivery-target',
  arguments: '<store> <dpid> <url>',
  description: "creates or changes a store's target; url: sftp://<user>@<host>:<port>/<path> or s3://<access key id>@<host>:<port>/<bucket>/<prefix>; the test feed unless --live; audited as cli",
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

  @Option({ flags: '--live', description: 'the live feed (LiveMessage; acknowledgements can make releases Live)' })
  live(): boolean {
    return true;
  }

  @Option({ flags: '--test', description: 'the test feed (TestMessage), the default' })
  test(): boolean {
    return true;
  }

  @Option({ flags: '--test-path <path>', description: 'a separate folder for the test feed (absolute)' })
  testPath(value: string): string {
    return value;
  }

  @Option({ flags: '--link-template <url>', description: 'the release\'s link at the store, {upc} and {isrc} filled in (https://…)' })
  linkTemplate(value: string): string {
    return value;
  }

  async answer([store, dpid, url]: string[], options: { keyFile?: string; password?: string; live?: boolean; test?: boolean; testPath?: string; linkTemplate?: string }): Promise<string> {
    const m = /^(sftp|s3):\/\/([^@/]+)@([^:/]+)(?::(\d+))?(\/.*)$/.exec(url ?? '');
    const secret = options.keyFile ?? options.password;
    if (!store || !dpid || !m || !secret || (options.keyFile !== undefined && options.password !== undefined) || (options.live && options.test)) throw new Error(TARGET_USAGE);
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
      feed: options.live ? 'live' : 'test',
      ...(options.testPath !== undefined ? { test_path: options.testPath } : {}),
      ...(options.linkTemplate !== undefined ? { link_template: options.linkTemplate } : {}),
    })) as TargetInput;
    const saved = await this.delivery.saveTarget(dto, CLI_ACTOR);
    return `${saved.store}: ${deliveryTargetWhere(saved)} (target ${saved.target_id}, ${saved.feed} feed)`;
  }
}

/**
 * `deliveries poll-acks [--target <store>]`: read the stores' acknowledgements now (every enabled target,
 * or one store's), as the job does every DELIVERY_ACK_POLL_MS (issue 39 §1); then make due releases Live.
 * Prints `<targets> target(s), <files> file(s): <applied> applied, <problems> to look at, <skipped> already read`.
 */
@Command({ name: 'deliveries', arguments: '<action>', description: 'poll-acks: reads the stores\' acknowledgements now (--target <store>: one store)' })
export class DeliveriesCommand extends OperatorCommand {
  constructor(private readonly acks: AcknowledgementsService) {
    super();
  }

  @Option({ flags: '--target <store>', description: 'only this store\'s target' })
  target(value: string): string {
    return value;
  }

  async answer([action]: string[], options: { target?: string }): Promise<string> {
    if (action !== 'poll-acks') throw new Error('deliveries poll-acks [--target <store>]');
    if (options.target !== undefined && !STORES.some((s) => s.name === options.target)) throw new Error(`unknown store ${options.target}; one of: ${STORES.map((s) => s.name).join(', ')}`);
    const r = await this.acks.poll(options.target);
    return `${r.targets} target(s), ${r.files} file(s): ${r.applied} applied, ${r.problems} to look at, ${r.skipped} already read`;
  }
}

/** Operator commands of the distribution engine (docs/decisions/020), providers of DistributionModule. */
export const DISTRIBUTION_COMMANDS = [DdexCommand, DeliveryTargetCommand, DeliveriesCommand];
