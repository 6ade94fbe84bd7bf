import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as nodemailer from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** A mail to send. `meta` is kept in the dev outbox only (e.g. the OTP, so a local user can sign up). */
export type OutgoingMail = { to: string; subject: string; text: string; meta?: Record<string, string> };

/**
 * Sends mail through nodemailer on SMTP_URL; without it, writes each mail to the dev outbox
 * (DATA_DIR/outbox/<epoch ms>-<n>-<to>.json) and logs it (DESIGN "Mail, captcha, identity").
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: nodemailer.Transporter | null;
  private seq = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
      this.logger.log({ msg: 'mail sent', to: mail.to, subject: mail.subject });
      return;
    }
    mkdirSync(this.config.outboxDir, { recursive: true });
    const safeTo = mail.to.replace(/[^\w.@+-]/g, '_');
    const file = join(this.config.outboxDir, `${Date.now()}-${++this.seq}-${safeTo}.json`);
    writeFileSync(file, JSON.stringify({ ...mail, from: this.config.mailFrom, sent_at: new Date().toISOString() }, null, 2));
    this.logger.log({ msg: 'mail written to dev outbox', to: mail.to, subject: mail.subject, file, ...mail.meta });
  }
}
