import { Controller } from '@nestjs/common';
import { MONEY_TRUST_ENDPOINTS as E, MONEY_TRUST_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok, okList } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { MonthlyStatementsService } from './monthly-statements.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** The artist's monthly statements (issue 35 §4, docs/decisions/039): the caller's own only. */
@Controller()
export class MonthlyStatementsController {
  constructor(private readonly statements: MonthlyStatementsService) {}

  /** GET /api/getMonthlyStatements → [{ month, closing_cents }], newest first. */
  @Endpoint(E.getMonthlyStatements)
  async months(@CurrentUser() user: AuthUser) {
    return okList(M.statements, await this.statements.months(user.id));
  }

  /** GET /api/getMonthlyStatement?month → MonthlyStatement (cents). Errors: 400 monthInvalid. */
  @Endpoint(E.getMonthlyStatement)
  async statement(@CurrentUser() user: AuthUser, @ValidQuery(E.getMonthlyStatement) q: R<'getMonthlyStatement'>) {
    return ok(M.statement, { body: await this.statements.statement(user.id, q.month) });
  }

  /** GET /api/monthlyStatementFile?month&format=pdf|csv → MonthlyStatementFile. Errors: 400. */
  @Endpoint(E.monthlyStatementFile)
  async file(@CurrentUser() user: AuthUser, @ValidQuery(E.monthlyStatementFile) q: R<'monthlyStatementFile'>) {
    return ok(M.statement, { body: await this.statements.file(user.id, q.month, q.format as 'pdf' | 'csv') });
  }
}
