import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ok } from '../common/envelope';
import { Public } from '../common/auth.decorators';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** GET /api/health → body `{ database: 'up', engine }`; 500 when the database does not answer. */
  @Public()
  @Get('health')
  @ApiOperation({ summary: 'Liveness and database check' })
  async health() {
    await this.db.query('SELECT 1');
    return ok('OK', { body: { database: 'up', engine: this.db.options.type } });
  }
}
