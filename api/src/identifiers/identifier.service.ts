import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { gs1CheckDigit } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { IdentifierCounterEntity } from './identifier.entities';
import { IdentifierRegistryService } from './identifier-registry.service';
import { identifierSettings } from './identifiers.settings';

/** Codes in use skipped in a row before giving up (artists may have entered codes of our own range). */
const MAX_ATTEMPTS = 50;

/**
 * UPC and ISRC codes given on approval (docs/decisions/008), always inside the caller's transaction so a rolled
 * back approval gives its codes back with it. A code comes from an only-increasing counter row (its
 * UPDATE locks the row, so concurrent approvals on MariaDB take turns), and is claimed in
 * the identifier registry (`assigned_identifiers`, docs/decisions/016) whose unique index refuses a
 * second holder; a code already there (assigned before, or entered by an artist on any release) is
 * skipped and the next number tried. Assigned codes are never deleted, so never reused.
 */
@Injectable()
export class IdentifierService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: IdentifierRegistryService,
  ) {}

  /** A UPC-A: GS1 company prefix, a zero-padded sequence up to 11 digits, the GS1 check digit. 422 when the range is used up. */
  async assignUpc(m: EntityManager, releaseId: number, userId = 0): Promise<string> {
    const prefix = identifierSettings.of(this.config).gs1Prefix;
    const digits = 11 - prefix.length;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const seq = await this.next(m, 'upc');
      if (seq >= 10 ** digits) throw new DomainError(422, 'The UPC range of the GS1 company prefix is used up.', { code: 'upc_exhausted' });
      const body = prefix + String(seq).padStart(digits, '0');
      const code = body + String(gs1CheckDigit(body));
      if (await this.registry.insertAssigned(m, 'upc', code, releaseId, userId, releaseId)) return code;
    }
    throw new DomainError(409, 'Could not assign a free UPC; try again.', { code: 'upc_clash' });
  }

  /** An ISRC: country, registrant, 2-digit year of `now`, 5-digit sequence of that year (CCXXXYYNNNNN). */
  async assignIsrc(m: EntityManager, trackId: number, now = new Date(), userId = 0, releaseId = 0): Promise<string> {
    const { isrcCountry, isrcRegistrant } = identifierSettings.of(this.config);
    const yy = String(now.getUTCFullYear() % 100).padStart(2, '0');
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const seq = await this.next(m, `isrc:${yy}`);
      if (seq > 99_999) throw new DomainError(422, 'The ISRC range of this year is used up.', { code: 'isrc_exhausted' });
      const code = `${isrcCountry}${isrcRegistrant}${yy}${String(seq).padStart(5, '0')}`;
      if (await this.registry.insertAssigned(m, 'isrc', code, trackId, userId, releaseId)) return code;
    }
    throw new DomainError(409, 'Could not assign a free ISRC; try again.', { code: 'isrc_clash' });
  }

  /** The counter's next value (1 the first time). */
  private async next(m: EntityManager, name: string): Promise<number> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await m.createQueryBuilder().update(IdentifierCounterEntity).set({ value: () => 'value + 1' }).where('name = :name', { name }).execute();
      if (res.affected) return (await m.findOneOrFail(IdentifierCounterEntity, { where: { name } })).value;
      try {
        await m.insert(IdentifierCounterEntity, { name, value: 1 });
        return 1;
      } catch {
        // Another transaction created the counter first: increment it instead.
      }
    }
    throw new DomainError(409, 'Could not take an identifier number; try again.', { code: 'identifier_busy' });
  }
}
