/**
 * Composition root of the modules' settings (docs/decisions/035): importing a `*.settings.ts` registers
 * its declaration with the config (`config/settings.ts`), so `loadConfig` parses it at boot. main.ts,
 * cli.ts and app.module.ts import this file; a module that declares settings adds its file here, and
 * its README table (between `<!-- settings:<module> -->` and `<!-- /settings:<module> -->`) is generated
 * from the declaration: `npm run docs:settings -w @portal/api` (settings.spec.ts fails until it is).
 * The core's own tables (`core`, `remotes`) come from `config/core.settings.ts`.
 */
import { coreSettings, remoteSettings } from './config/core.settings';
import { authSettings } from './auth/auth.settings';
import { captchaSettings } from './captcha/captcha.settings';
import { releaseSettings } from './releases/releases.settings';
import { supportSettings } from './support/support.settings';
import { distributionSettings } from './distribution/distribution.settings';
import { identifierSettings } from './identifiers/identifiers.settings';
import { observabilitySettings } from './observability/observability.settings';

/** Every module declaration, in README order. */
export const MODULE_SETTINGS = [authSettings, captchaSettings, releaseSettings, supportSettings, identifierSettings, distributionSettings, observabilitySettings] as const;

/** The core's declarations (README tables `core` and `remotes`), parsed by `loadConfig` itself. */
export const CORE_SETTINGS = [coreSettings, remoteSettings] as const;
