import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as nodemailer from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobsService } from '../jobs/jobs.service';

/** The job that delivers one mail (JobsService; docs/decisions/018-scale-out.md). */
export const MAIL_JOB = 'mail.send';
declare module '../jobs/job-map' {
  interface JobMap {
    'mail.send': { data: OutgoingMail; result: void };
  }
}
/** Tries of a mail before it is kept as failed (`npm run cli -- jobs failed`): 2 s doubled, about 2 h 16 min in all. */
const MAIL_ATTEMPTS = 13;
const MAIL_BACKOFF_MS = 2000;

/** A mail to send. `meta` is kept in the dev outbox only (e.g. the OTP, so a local user can sign up). */
export type OutgoingMail = { to: string; subject: string; text: string; meta?: Record<string, string> };

/**
 * Sends mail through nodemailer on SMTP_URL; without it, writes each mail to the dev outbox
 * (DATA_DIR/outbox/<epoch ms>-<n>-<to>.json) and logs it (DESIGN "Mail, captcha, identity").
 * Every mail is a job (MAIL_JOB): an SMTP server that is down or refuses is retried with backoff
 * (MAIL_ATTEMPTS from MAIL_BACKOFF_MS, doubling), then kept as a failed job to retry from the CLI;
 * with REDIS_URL the retries survive restarts (docs/decisions/018-scale-out.md).
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: nodemailer.Transporter | null;
  private seq = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {
    // Fail a try within seconds when the server does not answer, so a retry comes soon.
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl, { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 15_000 }) : null;
    jobs.register(MAIL_JOB, (mail) => this.deliver(mail), { attempts: MAIL_ATTEMPTS, backoffMs: MAIL_BACKOFF_MS, concurrency: 4 });
  }

  /**
   * Queue `mail` for delivery; resolves once accepted (in a single process, after the first try, so the
   * dev outbox holds it when the caller answers). Errors: 503 when Redis does not answer (REDIS_URL).
   */
  async send(mail: OutgoingMail): Promise<void> {
    await this.jobs.enqueue(MAIL_JOB, mail);
  }

  /** One delivery try (the job's handler): SMTP, or the dev outbox. Throws when the SMTP server refuses or is down. */
  private async deliver(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
      this.logger.log({ msg: 'mail sent', to: mail.to, subject: mail.subject });
      return;
    }
    mkdirSync(this.config.outboxDir, { recursive: true });
    const safeTo = mail.to.replace(/[^\w.@+-]/g, '_');
    const name = `${Date.now()}-${++this.seq}-${safeTo}.json`;
    const file = join(this.config.outboxDir, name);
    // Written beside the outbox, then renamed into it: a reader of the outbox (the tests, a developer's
    // watcher) never sees half a mail.
    const staging = `${this.config.outboxDir}.${process.pid}-${name}.partial`;
    writeFileSync(staging, JSON.stringify({ ...mail, from: this.config.mailFrom, sent_at: new Date().toISOString() }, null, 2));
    renameSync(staging, file);
    this.logger.log({ msg: 'mail written to dev outbox', to: mail.to, subject: mail.subject, file, ...mail.meta });
  }
}
