import type { INestApplicationContext } from '@nestjs/common';

/** An operator command of `cli.ts`: `usage` is printed by the command list; `run` answers the line to print. */
export type CliCommand = { name: string; usage: string; run(app: INestApplicationContext, args: string[]): Promise<string> };
