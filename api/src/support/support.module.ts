import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { StorageModule } from '../storage/storage.module';
import { SUPPORT_COMMANDS } from './support.cli';
import { InviteController } from './invite/invite.controller';
import { InviteEntity } from './invite/invite.entity';
import { InviteService } from './invite/invite.service';
import { BankService } from './money/bank.service';
import { LedgerService } from './money/ledger.service';
import { MoneyController } from './money/money.controller';
import { BankDetailsEntity, LedgerEntryEntity, PaymentRunEntity, PaymentRunTransferEntity, PayoutEntity } from './money/money.entities';
import { PayoutDeskService } from './money/payout-desk.service';
import { PayoutsService } from './money/payouts.service';
import { ProfileController } from './profile/profile.controller';
import { ProfileService } from './profile/profile.service';
import { ReportRequestEntity } from './reports/report.entity';
import { ReportsController } from './reports/reports.controller';
import { ReportsService } from './reports/reports.service';
import { SupportConfig } from './shared/support-config';
import { AttachmentsService } from './tickets/attachments.service';
import { TicketAttachmentEntity, TicketEntity, TicketMessageEntity } from './tickets/ticket.entities';
import { TicketsController } from './tickets/tickets.controller';
import { TicketsService } from './tickets/tickets.service';
import { SupportDeskService } from './tickets/support-desk.service';

/**
 * The support area (remote mfe_support, areas §2-§9): tickets with attachments, store reports, the
 * money ledger with bank details and payouts, profile edits and invites. Sub-feature folders:
 * tickets/, reports/, money/, profile/, invite/; shared/ holds the area's config (transactions: database/transactions.ts).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([TicketEntity, TicketMessageEntity, TicketAttachmentEntity, ReportRequestEntity, LedgerEntryEntity, PayoutEntity, PaymentRunEntity, PaymentRunTransferEntity, BankDetailsEntity, InviteEntity]),
    StorageModule,
    AuditModule,
  ],
  controllers: [TicketsController, ReportsController, MoneyController, ProfileController, InviteController],
  providers: [
    SupportConfig,
    // Its own file-type worker (the releases module keeps its sniffer private).
    AttachmentsService,
    TicketsService,
    SupportDeskService,
    ReportsService,
    LedgerService,
    BankService,
    PayoutsService,
    PayoutDeskService,
    ProfileService,
    InviteService,
    ...SUPPORT_COMMANDS,
  ],
  exports: [TicketsService, SupportDeskService, ReportsService, LedgerService, PayoutsService, PayoutDeskService, AttachmentsService, BankService, SupportConfig],
})
export class SupportModule {}
