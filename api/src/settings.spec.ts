import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config/app-config';
import { describedSettings, registeredSettings, settingsTable } from './config/settings';
import { CORE_SETTINGS, MODULE_SETTINGS } from './settings';
import { distributionSettings } from './distribution/distribution.settings';
import { identifierSettings } from './identifiers/identifiers.settings';

const README = join(__dirname, '..', '..', 'README.md');
const block = (module: string) => new RegExp(`(<!-- settings:${module} -->\\n)([\\s\\S]*?)(<!-- /settings:${module} -->)`);

describe('module settings (docs/decisions/035)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'portal-settings-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env }, dir);

  it('registers every declaration the composition root lists, each variable once', () => {
    expect(registeredSettings().map((d) => d.module).sort()).toEqual(MODULE_SETTINGS.map((d) => d.module).sort());
    expect(describedSettings().map((d) => d.module)).toEqual(CORE_SETTINGS.map((d) => d.module));
    const variables = [...CORE_SETTINGS, ...MODULE_SETTINGS].flatMap((d) => Object.values(d.settings).flatMap((s) => [...s.variables]));
    expect(new Set(variables).size).toBe(variables.length);
  });

  it('parses each module\'s settings at boot, with their defaults', () => {
    const config = load({});
    expect(distributionSettings.of(config)).toMatchObject({ qc: 'enforce', sender: { dpid: 'PADPIDAPORTALSENDER01', name: 'Artist Distribution Portal' }, messageControl: 'TestMessage', storeDpids: {}, delivery: { attempts: 5, backoffMs: 30_000 } });
    expect(identifierSettings.of(load({ ISRC_COUNTRY: 'de' }))).toEqual({ gs1Prefix: '089000', isrcCountry: 'DE', isrcRegistrant: 'P0R' });
  });

  it('the core reads no variable outside its declarations: every process.env name in config/ is declared', () => {
    const declared = new Set([...CORE_SETTINGS, ...MODULE_SETTINGS].flatMap((d) => Object.values(d.settings).flatMap((s) => [...s.variables])));
    const source = ['app-config.ts', 'core.settings.ts'].map((f) => readFileSync(join(__dirname, 'config', f), 'utf8')).join('\n');
    const read = [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]).filter((name) => name !== 'NODE_ENV' || declared.has(name));
    expect(read.filter((name) => !declared.has(name) && name !== 'DELIVERY_CREDENTIALS_KEY')).toEqual([]);
  });

  it.each([
    [{ SESSION_TTL_HOURS: '0' }, 'SESSION_TTL_HOURS must be an integer from 1 to 2160'],
    [{ CAPTCHA_COST: 'x' }, 'CAPTCHA_COST must be an integer'],
    [{ TUS_EXPIRY_SECONDS: '0' }, 'TUS_EXPIRY_SECONDS must be an integer'],
    [{ CATALOG_SNAPSHOT_ENTRIES: '-1' }, 'CATALOG_SNAPSHOT_ENTRIES must be an integer'],
    [{ STORE_QC: 'off' }, 'STORE_QC must be enforce or report'],
    [{ DDEX_SENDER_DPID: 'nope' }, 'DDEX_SENDER_DPID must be a DDEX party id'],
    [{ DDEX_STORES: '{x' }, 'DDEX_STORES must be JSON'],
    [{ DELIVERY_ATTEMPTS: '99' }, 'DELIVERY_ATTEMPTS must be an integer from 1 to 20'],
    [{ DELIVERY_CREDENTIALS_KEY: 'short' }, 'DELIVERY_CREDENTIALS_KEY must be 32 bytes'],
    [{ GS1_COMPANY_PREFIX: '12' }, 'GS1_COMPANY_PREFIX must be 6 to 10 digits'],
    [{ ISRC_REGISTRANT: 'toolong' }, 'ISRC_REGISTRANT must be 3 letters or digits'],
  ])('stops the start on %j with a message naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  // The README's tables are generated from the declarations: UPDATE_README=1 (npm run docs:settings -w @portal/api) rewrites them.
  it('README shows each module\'s table exactly as declared', () => {
    let readme = readFileSync(README, 'utf8');
    const stale: string[] = [];
    const missing: string[] = [];
    for (const declaration of [...CORE_SETTINGS, ...MODULE_SETTINGS]) {
      const match = block(declaration.module).exec(readme);
      if (!match) {
        missing.push(`README.md has no <!-- settings:${declaration.module} --> … <!-- /settings:${declaration.module} --> block`);
        continue;
      }
      const table = settingsTable(declaration);
      if (match[2] !== table) stale.push(declaration.module);
      readme = readme.replace(block(declaration.module), (_all, open: string, _old: string, close: string) => open + table + close);
    }
    if (process.env.UPDATE_README === '1') writeFileSync(README, readme);
    else expect(stale).toEqual([]);
    expect(missing).toEqual([]);
  });
});
