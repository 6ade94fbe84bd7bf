import { Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AUTH_MESSAGES } from '@portal/contracts';
import { ok } from '../common/envelope';
import { Public } from '../common/auth.decorators';
import { CaptchaService } from './captcha.service';

@ApiTags('captcha')
@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  /** GET /api/captcha/challenge: a raw ALTCHA challenge for the widget (not enveloped: the widget reads it as is). */
  @Public()
  @Get('captcha/challenge')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'ALTCHA challenge for the captcha widget' })
  challenge() {
    return this.captcha.createChallenge();
  }

  /**
   * POST /api/capchaVerification?responseCapcha=<base64 ALTCHA payload> (core §7).
   * Answers `body: { success, captcha_token? }`; success is false for a bad, expired or replayed payload.
   */
  @Public()
  @Post('capchaVerification')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify a solved captcha; answers a single-use captcha_token' })
  @ApiQuery({ name: 'responseCapcha', required: true })
  async verify(@Query('responseCapcha') response?: string) {
    const body = await this.captcha.verify(response);
    return ok(body.success ? AUTH_MESSAGES.captchaSuccess : AUTH_MESSAGES.captchaFailed, { body });
  }
}
