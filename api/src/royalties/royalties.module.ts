import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StaffModule } from '../staff/staff.module';
import { SupportModule } from '../support/support.module';
import { StatementsDeskController } from './desks/statements.controller';
import { EarningsController } from './earnings/earnings.controller';
import { EarningsService } from './earnings/earnings.service';
import { ReportsFromLedger } from './earnings/reports-from-ledger.service';
import { ImportRunner } from './import/import-runner';
import { StatementImportJob } from './import/statement-import.job';
import { StatementImportsService } from './import/statement-imports.service';
import { ReleasesModule } from '../releases/releases.module';
import { UnmatchedService } from './matching/unmatched.service';
import { ROYALTY_ENTITIES } from './shared/royalty.entities';
import { SplitsService } from './splits/splits.service';
import { ROYALTIES_COMMANDS } from './royalties.cli';

/**
 * The money engine (docs/decisions/019-money-engine.md): statements in (import/: upload, preview,
 * presets, the idempotent job and its in-process runner), matching/ (ISRC, UPC, unmatched rows),
 * splits/, earnings/ (the artist's screen, reports from the ledger) and desks/ (the console's
 * statements desk). Ledger entries go through support/money's RoyaltyLedger.
 */
@Module({
  imports: [TypeOrmModule.forFeature(ROYALTY_ENTITIES), SupportModule, StaffModule, ReleasesModule],
  controllers: [StatementsDeskController, EarningsController],
  providers: [StatementImportJob, ImportRunner, StatementImportsService, UnmatchedService, SplitsService, EarningsService, ReportsFromLedger, ...ROYALTIES_COMMANDS],
  exports: [StatementImportsService, ImportRunner, SplitsService, EarningsService],
})
export class RoyaltiesModule {}
