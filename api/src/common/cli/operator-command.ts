import { CommandRunner } from 'nest-commander';

/** Where the answer of the running operator command goes; set by `runCommandLine` for the length of one run. */
let output: (text: string) => void = (text) => console.log(text);

/**
 * An operator command of `npm run cli -w @portal/api -- <name> ...` (docs/decisions/036-cli.md): a Nest
 * provider of its module (so its services are injected, never looked up), declared with nest-commander's
 * `@Command({ name, arguments, description })` and `@Option` methods, which give it `--help`.
 *
 * `answer` gets the positional arguments as typed (variadic ones spread, as commander hands them) and the
 * parsed options, and resolves to the text to print on stdout (one `console.log`). A refusal throws an
 * Error whose message is printed on stderr; the process then exits 1.
 */
export abstract class OperatorCommand extends CommandRunner {
  abstract answer(params: string[], options: Record<string, unknown>): Promise<string>;

  /** Called by nest-commander with the parsed command line: prints the answer. */
  async run(params: string[], options: Record<string, unknown> = {}): Promise<void> {
    output(await this.answer(params, options));
  }
}

/** Run `work` with every answer of an operator command sent to `write` (the previous sink is put back after). */
export async function withCommandOutput<T>(write: (text: string) => void, work: () => Promise<T>): Promise<T> {
  const previous = output;
  output = write;
  try {
    return await work();
  } finally {
    output = previous;
  }
}
