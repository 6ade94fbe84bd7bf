import { Controller } from '@nestjs/common';
import { AUTH_ENDPOINTS as E } from '@portal/contracts';
import { Endpoint } from '../common/http/endpoint.decorator';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ok } from '../common/envelope';

@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** GET /api/health → body `{ database: 'up', engine }`; 500 when the database does not answer. */
  @Endpoint(E.health)
  async health() {
    await this.db.query('SELECT 1');
    return ok('OK', { body: { database: 'up', engine: this.db.options.type } });
  }
}
