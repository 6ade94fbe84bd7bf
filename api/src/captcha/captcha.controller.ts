import { Controller, Header } from '@nestjs/common';
import { AUTH_ENDPOINTS as E, AUTH_MESSAGES, type EndpointRequest } from '@portal/contracts';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidQuery } from '../common/http/validation.pipe';
import { CaptchaService } from './captcha.service';

/** Self-hosted ALTCHA captcha (DESIGN "Mail, captcha, identity"; core §7 capchaVerification). */
@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  /** GET /api/captcha/challenge: a raw ALTCHA challenge for the widget (not enveloped: the widget reads it as is). */
  @Endpoint(E.captchaChallenge)
  @Header('Cache-Control', 'no-store')
  challenge() {
    return this.captcha.createChallenge();
  }

  /**
   * POST /api/capchaVerification?responseCapcha=<base64 ALTCHA payload> (core §7).
   * Answers `body: { success, captcha_token? }`; success is false for a bad, expired or replayed payload.
   */
  @Endpoint(E.capchaVerification)
  async verify(@ValidQuery(E.capchaVerification) query: EndpointRequest<typeof E.capchaVerification>) {
    const body = await this.captcha.verify(query.responseCapcha || undefined);
    return ok(body.success ? AUTH_MESSAGES.captchaSuccess : AUTH_MESSAGES.captchaFailed, { body });
  }
}
