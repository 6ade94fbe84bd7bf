import type { INestApplicationContext } from '@nestjs/common';
import { RELEASE_CLI_COMMANDS } from './releases/releases.cli';
import { SUPPORT_CLI_COMMANDS } from './support/support.cli';

/** An operator command of `cli.ts`; area modules register theirs in CLI_COMMANDS. */
export type CliCommand = { name: string; usage: string; run(app: INestApplicationContext, args: string[]): Promise<string> };

export const CLI_COMMANDS: CliCommand[] = [...RELEASE_CLI_COMMANDS, ...SUPPORT_CLI_COMMANDS];
