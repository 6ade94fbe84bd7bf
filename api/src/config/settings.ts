/**
 * Per-module settings (docs/decisions/035-one-way-per-concern.md, docs/conventions.md §5): a module declares its
 * environment variables once, in `<module>/<module>.settings.ts`, with `defineSettings`: for each setting
 * the variables it reads, the default and meaning the README shows, and the parser that validates it.
 * The declarations register themselves here when imported (the composition root, `api/src/settings.ts`,
 * imports every one); `loadConfig` parses each registered declaration at boot, so a bad value stops the
 * start naming the variable, and the README's table of each module is generated from the same
 * declaration (`api/src/settings.spec.ts` fails when README differs; `npm run docs:settings -w @portal/api`
 * rewrites it). The config (core) never imports a module: modules import this file.
 */

/** A bad configuration value: the message names the variable. Stops the start. */
export class ConfigError extends Error {}

/** What a setting's parser reads: the environment, the folder relative paths resolve from, and whether NODE_ENV=production. */
export type SettingsInput = { env: NodeJS.ProcessEnv; cwd: string; production: boolean };

/**
 * One setting: `variables` it reads (README's first column), `default` and `meaning` as the README shows
 * them (markdown), and `parse`, which answers the value or throws ConfigError naming the variable.
 */
export type Setting<T> = {
  variables: readonly string[];
  default: string;
  meaning: string;
  /** Parse from `input`; `earlier` holds the values of the settings declared before this one in the same declaration. */
  parse: (input: SettingsInput, earlier: Readonly<Record<string, unknown>>) => T;
};

type Parsed<S> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** A module's declaration: its name (the key in `AppConfig.modules`), the README table it fills, and its settings in README order. */
export type SettingsDeclaration<S extends Record<string, Setting<unknown>> = Record<string, Setting<unknown>>> = {
  module: string;
  settings: S;
  /** Parse every setting of `input` (ConfigError on a bad value). */
  load(input: SettingsInput): Parsed<S>;
  /**
   * The module's parsed settings in a loaded configuration. Throws when the declaration was not
   * registered before `loadConfig` ran (its file is missing from `api/src/settings.ts`).
   */
  of(config: { modules: Readonly<Record<string, unknown>> }): Parsed<S>;
};

const registry = new Map<string, SettingsDeclaration>();
/** The core's declarations (`describeSettings`): checked for clashes and tabled, not registered as modules. */
const described = new Map<string, SettingsDeclaration>();

/**
 * Declare (and register) the settings of `module`. `settings` keeps README order. A second declaration
 * of the same module replaces the first; throws when another module already declared one of its variables.
 */
export function defineSettings<S extends Record<string, Setting<unknown>>>(module: string, settings: S): SettingsDeclaration<S> {
  const declaration: SettingsDeclaration<S> = {
    module,
    settings,
    load: (input) => parseAll(settings, input) as Parsed<S>,
    of: (config) => {
      if (!(module in config.modules)) throw new Error(`the settings of ${module} were not loaded at boot: import its .settings.ts in api/src/settings.ts`);
      return config.modules[module] as Parsed<S>;
    },
  };
  for (const other of [...registry.values(), ...described.values()]) {
    if (other.module === module) continue;
    const clash = variablesOf(declaration as unknown as SettingsDeclaration).find((v) => variablesOf(other).includes(v));
    if (clash) throw new Error(`${clash} is declared by both ${other.module} and ${module}`);
  }
  registry.set(module, declaration as unknown as SettingsDeclaration);
  return declaration;
}

/** Parse each setting in order, handing it the values parsed before it. */
function parseAll(settings: Record<string, Setting<unknown>>, input: SettingsInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(settings)) out[key] = setting.parse(input, out);
  return out;
}


/**
 * Declare the settings of the core (`config/core.settings.ts`): the same declaration as `defineSettings`
 * (README table, parsers, clash check) but not registered as a module: `loadConfig` parses it itself and
 * lays its values out as `AppConfig`'s own fields, so `of()` is not used for it.
 */
export function describeSettings<S extends Record<string, Setting<unknown>>>(name: string, settings: S): SettingsDeclaration<S> {
  const declaration: SettingsDeclaration<S> = {
    module: name,
    settings,
    load: (input) => parseAll(settings, input) as Parsed<S>,
    of: () => {
      throw new Error(`${name} is the core's declaration: read its values from AppConfig's fields`);
    },
  };
  for (const other of [...registry.values(), ...described.values()]) {
    if (other.module === name) continue;
    const clash = variablesOf(declaration as unknown as SettingsDeclaration).find((v) => variablesOf(other).includes(v));
    if (clash) throw new Error(`${clash} is declared by both ${other.module} and ${name}`);
  }
  described.set(name, declaration as unknown as SettingsDeclaration);
  return declaration;
}

const variablesOf = (d: SettingsDeclaration): string[] => Object.values(d.settings).flatMap((s) => [...s.variables]);

/** The core's declarations, in declaration order. */
export const describedSettings = (): SettingsDeclaration[] => [...described.values()];

/** Every registered declaration, in registration order. */
export const registeredSettings = (): SettingsDeclaration[] => [...registry.values()];

/** Parse every registered declaration → `AppConfig.modules` (module name → parsed settings). */
export function loadModuleSettings(input: SettingsInput): Record<string, unknown> {
  return Object.fromEntries(registeredSettings().map((d) => [d.module, d.load(input)]));
}

/** The README table of a declaration (markdown, one row per setting, `|` in text escaped), ending with a newline. */
export function settingsTable(declaration: SettingsDeclaration): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const rows = Object.values(declaration.settings).map((s) => `| ${s.variables.map((v) => `\`${v}\``).join(', ')} | ${cell(s.default)} | ${cell(s.meaning)} |`);
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n') + '\n';
}

/** An integer variable within [min, max], `fallback` when unset or empty. Message as the core's: "<NAME> must be an integer from <min> to <max>". */
export function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, withValue = true): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new ConfigError(`${name} must be an integer from ${min} to ${max}${withValue ? ` (got "${env[name]}").` : ''}`);
  return value;
}
