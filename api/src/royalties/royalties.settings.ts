import { defineSettings, intSetting } from '../config/settings';

/**
 * Settings of the money engine's explained holds and monthly statements (docs/decisions/039-explained-holds.md),
 * declared by the royalties module (docs/decisions/035). README's table under "Money engine" is generated
 * from this list.
 */
export const royaltiesSettings = defineSettings('royalties', {
  detection: {
    variables: ['HOLD_DETECTION'],
    default: '`on`',
    meaning: '`off`: no rule is checked at import (every matched row is credited); clawbacks are debited either way',
    parse: ({ env }): boolean => (env.HOLD_DETECTION?.trim() || 'on') !== 'off',
  },
  spikeFactor: {
    variables: ['HOLD_SPIKE_FACTOR'],
    default: '`10`',
    meaning: 'Spike rule K: a track’s units in one store, country and month above K × its trailing three-month median there are held',
    parse: ({ env }): number => intSetting(env, 'HOLD_SPIKE_FACTOR', 10, 2, 1000),
  },
  spikeFloorUnits: {
    variables: ['HOLD_SPIKE_FLOOR_UNITS'],
    default: '`5000`',
    meaning: 'Spike rule floor: the usual is taken as at least this many units a month, so a track without history (a first release) is flagged only above K × this (50,000 units in one store, country and month by default)',
    parse: ({ env }): number => intSetting(env, 'HOLD_SPIKE_FLOOR_UNITS', 5000, 0, 1_000_000_000),
  },
  concentrationPercent: {
    variables: ['HOLD_CONCENTRATION_PERCENT'],
    default: '`80`',
    meaning: 'Concentration rule: more than this % of a track’s units in an import from one country or store where the track, with earlier sales, never sold',
    parse: ({ env }): number => intSetting(env, 'HOLD_CONCENTRATION_PERCENT', 80, 1, 100),
  },
  concentrationMinUnits: {
    variables: ['HOLD_CONCENTRATION_MIN_UNITS'],
    default: '`1000`',
    meaning: 'Concentration rule: only tracks with more units than this in the import are checked',
    parse: ({ env }): number => intSetting(env, 'HOLD_CONCENTRATION_MIN_UNITS', 1000, 0, 1_000_000_000),
  },
  rateFactor: {
    variables: ['HOLD_RATE_FACTOR'],
    default: '`20`',
    meaning: 'Rate outlier: earnings per unit above or below the store’s median rate in the same import by this factor are held',
    parse: ({ env }): number => intSetting(env, 'HOLD_RATE_FACTOR', 20, 2, 1_000_000),
  },
  rateMinUnits: {
    variables: ['HOLD_RATE_MIN_UNITS'],
    default: '`10`',
    meaning: 'Rate outlier: groups of fewer units than this are not judged (too few to have a rate)',
    parse: ({ env }): number => intSetting(env, 'HOLD_RATE_MIN_UNITS', 10, 1, 1_000_000_000),
  },
  forfeitFourEyesCents: {
    variables: ['HOLD_FORFEIT_FOUR_EYES_CENTS'],
    default: '`10000` (100 USD)',
    meaning: 'A forfeit of a hold above this many cents needs a second finance member',
    parse: ({ env }): number => intSetting(env, 'HOLD_FORFEIT_FOUR_EYES_CENTS', 10_000, 0, 1_000_000_000),
  },
});

/** The parsed settings of the royalties module. */
export type RoyaltiesConfig = ReturnType<typeof royaltiesSettings.load>;
