/**
 * Composition root of the modules' settings (docs/decisions/035): importing a `*.settings.ts` registers
 * its declaration with the config (`config/settings.ts`), so `loadConfig` parses it at boot. main.ts,
 * cli.ts and app.module.ts import this file; a module that declares settings adds its file here, and
 * its README table (between `<!-- settings:<module> -->` and `<!-- /settings:<module> -->`) is generated
 * from the declaration: `npm run docs:settings -w @portal/api` (settings.spec.ts fails until it is).
 */
import { distributionSettings } from './distribution/distribution.settings';
import { identifierSettings } from './identifiers/identifiers.settings';

/** Every module declaration, in README order. */
export const MODULE_SETTINGS = [identifierSettings, distributionSettings] as const;
