import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import * as mysql from 'mysql2/promise';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { bootConfig, type AppConfig } from '../../src/config/app-config';
import { AnswerSchemaChecker, answerSchemaCheckOn } from './answer-schemas';

/** Engines the integration specs run on: SQLite always, MySQL/MariaDB too when MYSQL_URL is set. */
export type Engine = 'sqlite' | 'mysql';
export const ENGINES: Engine[] = process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];

export type TestApp = {
  app: NestExpressApplication;
  /** The Node http.Server to hand to supertest. */
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  config: AppConfig;
  dataDir: string;
  engine: Engine;
  /**
   * With `CHECK_ANSWER_SCHEMAS=1` (or `checkAnswers`): every JSON answer checked against the OpenAPI
   * document's schema of its operation and status; `close()` fails when one did not match.
   */
  answers?: AnswerSchemaChecker;
  /** The newest OTP mailed to this address (from the dev outbox), or undefined. */
  lastOtp(email: string): string | undefined;
  close(): Promise<void>;
};

/**
 * Boot the real app on a fresh database: a temp SQLite file, or a new MySQL database on MYSQL_URL's
 * server that is dropped on close. Captcha is off unless `env.CAPTCHA_REQUIRED` says otherwise.
 * `checkAnswers` (default: `CHECK_ANSWER_SCHEMAS=1`) checks every JSON answer against the OpenAPI
 * document (answer-schemas.ts); `close()` then throws the list of answers that did not match.
 */
export async function bootTestApp(engine: Engine = 'sqlite', env: Record<string, string> = {}, checkAnswers = answerSchemaCheckOn()): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-it-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  const base: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    STATIC_ROOT: '',
    CAPTCHA_REQUIRED: 'false',
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '20',
    AUTH_RATE_LIMIT: '10000',
    AUTH_IP_RATE_LIMIT: '10000',
    AUTH_ACCOUNT_RATE_LIMIT: '10000',
    UPLOAD_RATE_PER_MINUTE: '10000',
    UPLOAD_SWEEP_MINUTES: '0',
    LOG_REQUESTS: 'false',
    // Fixtures of the older specs (8×8 PNG artwork, 0.5 s MP3) predate store QC: they run with it in
    // report mode; the distribution specs set STORE_QC=enforce (docs/decisions/020).
    STORE_QC: 'report',
  };
  if (engine === 'mysql') {
    const url = new URL(process.env.MYSQL_URL!);
    const name = `portal_it_${randomBytes(4).toString('hex')}`;
    const conn = await mysql.createConnection({ uri: url.toString() });
    await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    url.pathname = `/${name}`;
    base.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = await mysql.createConnection({ uri: process.env.MYSQL_URL! });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    };
  }
  const config = bootConfig({ ...base, ...env });
  const app = await createApp(config, { quiet: true });
  await app.init();
  let answers: AnswerSchemaChecker | undefined;
  if (checkAnswers) {
    answers = new AnswerSchemaChecker((await request(app.getHttpServer()).get('/api/docs-json').expect(200)).body);
    answers.install(app.getHttpServer());
  }
  return {
    app,
    http: app.getHttpServer(),
    answers,
    config,
    dataDir,
    engine,
    lastOtp(email: string) {
      if (!existsSync(config.outboxDir)) return undefined;
      const files = readdirSync(config.outboxDir).filter((f) => f.endsWith('.json')).sort((a, b) => outboxOrder(a) - outboxOrder(b));
      for (const f of files.reverse()) {
        const mail = JSON.parse(readFileSync(join(config.outboxDir, f), 'utf8')) as { to: string; meta?: { otp?: string } };
        if (mail.to === email.toLowerCase() && mail.meta?.otp) return mail.meta.otp;
      }
      return undefined;
    },
    async close() {
      await app.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
      if (answers?.mismatches.length) {
        const list = answers.mismatches.map((m) => `${m.operation} ${m.status}: ${m.errors.join('; ')}`);
        throw new Error(`${answers.mismatches.length} of ${answers.checked} answers do not match the OpenAPI document:\n${[...new Set(list)].join('\n')}`);
      }
    },
  };
}

/** Outbox files are named <epoch ms>-<sequence>-<to>.json. */
function outboxOrder(file: string): number {
  const [ms, seq] = file.split('-');
  return Number(ms) * 1000 + Number(seq);
}
