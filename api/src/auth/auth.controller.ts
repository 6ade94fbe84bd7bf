import { Body, Controller, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CAPTCHA_HEADER } from '@portal/contracts';
import { ok } from '../common/envelope';
import type { AuthUser, PortalRequest } from '../common/request-context';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { CurrentUser, Public, RequireTokenKind } from '../common/auth.decorators';
import { AuthService } from './auth.service';

const obj = (props: Record<string, 'string'>) => ({ schema: { type: 'object', properties: Object.fromEntries(Object.entries(props).map(([k, t]) => [k, { type: t }])) } });
const captchaHeader = { name: CAPTCHA_HEADER, required: true, description: 'captcha_token from capchaVerification (single use)' };

/** Account endpoints of core §7. Paths and field names are the published contract, misspellings included. */
@ApiTags('auth')
@Controller()
@UseGuards(AuthThrottlerGuard)
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('signup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an account and mail a 5 digit verification code' })
  @ApiHeader(captchaHeader)
  @ApiBody(obj({ name: 'string', email: 'string', phone: 'string', password: 'string', address: 'string' }))
  async signup(@Body() body: unknown, @Req() req: PortalRequest, @Headers(CAPTCHA_HEADER) captcha?: string) {
    return ok((await this.auth.signup(body, req.ip ?? '', captcha)).message);
  }

  @Public()
  @Post('verifyEmailOTP')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify the sign-up code; answers a login token' })
  @ApiBody(obj({ email: 'string', otp: 'string' }))
  async verifyEmailOtp(@Body() body: unknown) {
    const { message, token } = await this.auth.verifyEmail(body);
    return ok(message, { token });
  }

  @Public()
  @Post('resendEmailOTP')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a new code (type "verification", or empty for password recovery)' })
  @ApiBody(obj({ email: 'string', type: 'string' }))
  async resend(@Body() body: unknown) {
    return ok((await this.auth.resend(body)).message);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in; answers a token' })
  @ApiHeader(captchaHeader)
  @ApiBody(obj({ email: 'string', password: 'string' }))
  async login(@Body() body: unknown, @Headers(CAPTCHA_HEADER) captcha?: string) {
    const { message, token } = await this.auth.login(body, captcha);
    return ok(message, { token });
  }

  @Public()
  @Post('forgetPassword')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mail a recovery code; never reveals whether the e-mail exists' })
  @ApiHeader(captchaHeader)
  @ApiBody(obj({ email: 'string' }))
  async forget(@Body() body: unknown, @Headers(CAPTCHA_HEADER) captcha?: string) {
    return ok((await this.auth.forgetPassword(body, captcha)).message);
  }

  @Public()
  @Post('VerifyForgetPasswordOTP')
  @HttpCode(200)
  @ApiOperation({ summary: 'Verify the recovery code; answers a temporary reset token' })
  @ApiBody(obj({ email: 'string', OTP: 'string' }))
  async verifyForgot(@Body() body: unknown) {
    const { message, token } = await this.auth.verifyForgot(body);
    return ok(message, { token });
  }

  @RequireTokenKind('reset')
  @Post('ChangeUserPassword')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Set a new password with the reset token; answers a login token' })
  @ApiBody(obj({ password: 'string' }))
  async changePassword(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    const { message, token } = await this.auth.changePassword(user.id, user.sessionId, body);
    return ok(message, { token });
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'End the current session on the server' })
  async logout(@CurrentUser() user: AuthUser) {
    return ok((await this.auth.logout(user.sessionId)).message);
  }
}
