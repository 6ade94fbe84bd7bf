import { ConfigError, defineSettings } from '../config/settings';

/**
 * Identifiers given on approval (docs/decisions/008), declared by the identifiers module
 * (docs/decisions/035): the GS1 company prefix of UPC-A codes (6 to 10 digits; the sequence fills the
 * digits up to 11, then the check digit), the ISRC country (2 letters) and registrant (3 letters or
 * digits). README's table under "Operations console" is generated from this list.
 */
/** `identifierSettings.of(config)` → `{ gs1Prefix, isrcCountry, isrcRegistrant }`. */
export const identifierSettings = defineSettings('identifiers', {
  gs1Prefix: {
    variables: ['GS1_COMPANY_PREFIX'],
    default: '`089000`',
    meaning: 'GS1 company prefix (6 to 10 digits) of the UPC-A codes given on approval',
    parse: ({ env }) => {
      const gs1Prefix = env.GS1_COMPANY_PREFIX?.trim() || '089000';
      if (!/^\d{6,10}$/.test(gs1Prefix)) throw new ConfigError('GS1_COMPANY_PREFIX must be 6 to 10 digits');
      return gs1Prefix;
    },
  },
  isrcCountry: {
    variables: ['ISRC_COUNTRY'],
    default: '`IN`',
    meaning: 'ISRC country code (2 letters) of the ISRCs given on approval',
    parse: ({ env }) => {
      const country = (env.ISRC_COUNTRY?.trim() || 'IN').toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) throw new ConfigError('ISRC_COUNTRY must be 2 letters');
      return country;
    },
  },
  isrcRegistrant: {
    variables: ['ISRC_REGISTRANT'],
    default: '`P0R`',
    meaning: 'ISRC registrant code (3 letters or digits)',
    parse: ({ env }) => {
      const registrant = (env.ISRC_REGISTRANT?.trim() || 'P0R').toUpperCase();
      if (!/^[A-Z0-9]{3}$/.test(registrant)) throw new ConfigError('ISRC_REGISTRANT must be 3 letters or digits');
      return registrant;
    },
  },
});
