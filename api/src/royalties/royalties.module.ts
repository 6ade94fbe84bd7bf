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
import { HOLD_ENTITIES } from './holds/hold.entities';
import { HoldsController, HoldsDeskController } from './holds/holds.controller';
import { HoldsService } from './holds/holds.service';
import { MonthlyStatementsController } from './statements-monthly/monthly-statements.controller';
import { MonthlyStatementsService } from './statements-monthly/monthly-statements.service';

/**
 * The money engine (docs/decisions/019-money-engine.md): statements in (import/: upload, preview,
 * presets, the idempotent job and its in-process runner), matching/ (ISRC, UPC, unmatched rows),
 * splits/, earnings/ (the artist's screen, reports from the ledger) and desks/ (the console's
 * statements desk), holds/ (explained holds, clawbacks, the holds desk) and statements-monthly/ (the
 * artist's monthly statements and their mail job; docs/decisions/039). Ledger entries go through
 * support/money's RoyaltyLedger.
 */
@Module({
  imports: [TypeOrmModule.forFeature([...ROYALTY_ENTITIES, ...HOLD_ENTITIES]), SupportModule, StaffModule, ReleasesModule],
  controllers: [StatementsDeskController, EarningsController, HoldsController, HoldsDeskController, MonthlyStatementsController],
  providers: [StatementImportJob, ImportRunner, StatementImportsService, UnmatchedService, SplitsService, EarningsService, ReportsFromLedger, HoldsService, MonthlyStatementsService, ...ROYALTIES_COMMANDS],
  exports: [StatementImportsService, ImportRunner, SplitsService, EarningsService, HoldsService],
})
export class RoyaltiesModule {}
