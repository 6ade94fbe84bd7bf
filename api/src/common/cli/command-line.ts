import { Logger, type INestApplicationContext } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { Command, CommanderError } from 'commander';
import { CommandRunnerService } from 'nest-commander';
import { withCommandOutput } from './operator-command';

/** What `--help` and the command list are titled with: how an operator starts the CLI (README "Operator commands"). */
export const CLI_NAME = 'npm run cli -w @portal/api --';

type Discovered = { name: string; instance: object };

/**
 * The part of `@golevelup/nestjs-discovery` (nest-commander's discovery) that CommandRunnerService uses,
 * over Nest's own DiscoveryService, so a command line can be built on any application context (the CLI's
 * or a test's) without booting a second one. Metadata is read from each provider instance's class, so a
 * `useValue` stand-in (the help-only context of cli.ts) is found like the real command.
 */
class ProviderDiscovery {
  private readonly scanner = new MetadataScanner();
  private readonly classes: Discovered[];

  constructor(app: INestApplicationContext) {
    const seen = new Set<object>();
    this.classes = [];
    for (const wrapper of new DiscoveryService(app.get(ModulesContainer)).getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!instance || typeof instance !== 'object' || seen.has(instance)) continue;
      seen.add(instance);
      this.classes.push({ name: instance.constructor.name, instance });
    }
  }

  async providersWithMetaAtKey(key: string): Promise<Array<{ meta: unknown; discoveredClass: Discovered }>> {
    return this.classes.flatMap((c) => {
      const meta: unknown = Reflect.getMetadata(key, c.instance.constructor);
      return meta ? [{ meta, discoveredClass: c }] : [];
    });
  }

  async providerMethodsWithMetaAtKey(key: string, filter: (c: Discovered) => boolean = () => true) {
    return this.classes.filter(filter).flatMap((c) => {
      const prototype = Object.getPrototypeOf(c.instance) as Record<string, unknown>;
      return this.scanner.getAllMethodNames(prototype).flatMap((methodName) => {
        const handler = prototype[methodName];
        const meta: unknown = typeof handler === 'function' ? Reflect.getMetadata(key, handler) : undefined;
        return meta == null ? [] : [{ meta, discoveredMethod: { handler, methodName, parentClass: c } }];
      });
    });
  }
}

/** The operator command line of an application context: its commands' names, the listing, and a runner. */
export type CommandLine = {
  /** Every command's name, as typed after `npm run cli --`. */
  names: string[];
  /** The list of every command with its arguments and description (what `--help` without a command prints). */
  listing(): string;
  /**
   * Parse and run one command line (`argv` without node and script). Resolves when the command printed
   * its answer (through `out`) or its help; rejects with the command's Error, or with commander's
   * CommanderError (`exitCode`, message already written to `err`) for a line that does not parse.
   */
  run(argv: string[]): Promise<void>;
};

/**
 * Build the command line of every `OperatorCommand` provider of `app` with nest-commander's runner
 * (docs/decisions/036-cli.md). A fresh commander program is built per call (commander keeps option values
 * between parses). `out` receives answers and help, `err` commander's parse errors.
 */
export async function commandLine(app: INestApplicationContext, io: { out(text: string): void; err(text: string): void }): Promise<CommandLine> {
  const program = new Command('cli');
  let failure: unknown;
  // `never`: the adapter has the two discovery methods the runner calls, not the whole golevelup class.
  const runner = new CommandRunnerService(new ProviderDiscovery(app) as never, program, {
    // A failure is kept and rethrown after the parse: nest-commander's default only writes it to stderr (exit code 0).
    serviceErrorHandler: (e: unknown) => {
      failure = e;
    },
  } as never, new Logger('cli'));
  await runner.onModuleInit();
  const throwInstead = (e: CommanderError) => {
    throw e;
  };
  const output = {
    writeOut: (s: string) => io.out(s.replace(/\n$/, '')),
    writeErr: (s: string) => io.err(s.replace(/\n$/, '')),
  };
  program.name(CLI_NAME).usage('<command> [arguments] [options]').exitOverride(throwInstead).configureOutput(output);
  for (const command of program.commands) command.exitOverride(throwInstead).configureOutput(output);
  return {
    names: program.commands.map((c) => c.name()),
    listing: () => program.helpInformation().replace(/\n$/, ''),
    run: async (argv) => {
      failure = undefined;
      // nest-commander's run hands every rejection of the parse (commander's or the command's) to serviceErrorHandler.
      await withCommandOutput(io.out, () => runner.run(['node', 'cli', ...argv]));
      // Help asked for (`--help`) ends the parse with commander's exit code 0: not a failure.
      if (failure instanceof CommanderError && failure.exitCode === 0) return;
      if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
    },
  };
}
