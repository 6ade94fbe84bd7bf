import { Controller, Headers, Req, UseGuards } from '@nestjs/common';
import { AUTH_ENDPOINTS as E, CAPTCHA_HEADER, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidBody } from '../common/http/validation.pipe';
import type { AuthUser, PortalRequest } from '../common/request-context';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { AuthService } from './auth.service';

/**
 * Account endpoints of core §7 (AUTH_ENDPOINTS). Paths and field names are the published contract,
 * misspellings included. Bodies arrive validated by the shared yup schemas, in core §5's order.
 */
@Controller()
@UseGuards(AuthThrottlerGuard)
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  /** POST /api/signup → message signupSuccess; a verification code is mailed. */
  @Endpoint(E.signup)
  async signup(@ValidBody(E.signup) dto: EndpointRequest<typeof E.signup>, @Req() req: PortalRequest, @Headers(CAPTCHA_HEADER) captcha?: string) {
    const { message, signup_token } = await this.auth.signup(dto, req.ip ?? '', captcha);
    return ok(message, { signup_token });
  }

  /** POST /api/verifyEmailOTP `{ email, otp }` → top-level `token`. */
  @Endpoint(E.verifyEmailOTP)
  async verifyEmailOtp(@ValidBody(E.verifyEmailOTP) dto: EndpointRequest<typeof E.verifyEmailOTP>) {
    const { message, token } = await this.auth.verifyEmail(dto);
    return ok(message, { token });
  }

  /** POST /api/resendEmailOTP `{ email, type }`. */
  @Endpoint(E.resendEmailOTP)
  async resend(@ValidBody(E.resendEmailOTP) dto: EndpointRequest<typeof E.resendEmailOTP>) {
    return ok((await this.auth.resend(dto)).message);
  }

  /** POST /api/login `{ email, password }` with the captcha header → top-level `token`. */
  @Endpoint(E.login)
  async login(@ValidBody(E.login) dto: EndpointRequest<typeof E.login>, @Headers(CAPTCHA_HEADER) captcha?: string) {
    const { message, token } = await this.auth.login(dto, captcha);
    return ok(message, { token });
  }

  /** POST /api/forgetPassword `{ email }` with the captcha header. */
  @Endpoint(E.forgetPassword)
  async forget(@ValidBody(E.forgetPassword) dto: EndpointRequest<typeof E.forgetPassword>, @Headers(CAPTCHA_HEADER) captcha?: string) {
    return ok((await this.auth.forgetPassword(dto, captcha)).message);
  }

  /** POST /api/VerifyForgetPasswordOTP `{ email, OTP }` → top-level reset `token`. */
  @Endpoint(E.VerifyForgetPasswordOTP)
  async verifyForgot(@ValidBody(E.VerifyForgetPasswordOTP) dto: EndpointRequest<typeof E.VerifyForgetPasswordOTP>) {
    const { message, token } = await this.auth.verifyForgot(dto);
    return ok(message, { token });
  }

  /** POST /api/ChangeUserPassword `{ password }` with the reset token → top-level login `token`. */
  @Endpoint(E.ChangeUserPassword)
  async changePassword(@CurrentUser() user: AuthUser, @ValidBody(E.ChangeUserPassword) dto: EndpointRequest<typeof E.ChangeUserPassword>) {
    const { message, token } = await this.auth.changePassword(user.id, user.sessionId, dto);
    return ok(message, { token });
  }

  /** POST /api/logout: ends the caller's session. */
  @Endpoint(E.logout)
  async logout(@CurrentUser() user: AuthUser) {
    return ok((await this.auth.logout(user.sessionId)).message);
  }
}
