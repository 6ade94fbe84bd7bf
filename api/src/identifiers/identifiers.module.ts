import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AssignedIdentifierEntity, IdentifierCounterEntity } from './identifier.entities';
import { IdentifierRegistryService } from './identifier-registry.service';
import { IdentifierService } from './identifier.service';

/**
 * UPC and ISRC identifiers (docs/decisions/008, 016): the registry of codes in use and their
 * assignment on approval. The releases area claims entered codes through IdentifierRegistryService in
 * its own transactions; the console's review assigns through IdentifierService.
 */
@Module({
  imports: [TypeOrmModule.forFeature([AssignedIdentifierEntity, IdentifierCounterEntity])],
  providers: [IdentifierService, IdentifierRegistryService],
  exports: [IdentifierService, IdentifierRegistryService],
})
export class IdentifiersModule {}
