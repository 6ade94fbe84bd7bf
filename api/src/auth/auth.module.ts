import { Global, Module } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CaptchaModule } from '../captcha/captcha.module';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { OtpEntity } from './otp.entity';
import { OtpService } from './otp.service';
import { PendingSignupEntity } from './pending-signup.entity';
import { SignupAttemptsService } from './signup-attempts.service';
import { SessionEntity } from './session.entity';
import { SessionService } from './session.service';
import { StepUpService } from './step-up.service';

/** Sign-up, login, OTP, recovery and sessions (core §4, §5, §7). Installs the global AuthGuard. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([OtpEntity, SessionEntity, PendingSignupEntity]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      // A KeyObject made once: given a string, jsonwebtoken first tries to parse it as a PEM public key
      // on every verify, which cost about a third of an authenticated request's CPU.
      useFactory: (c: AppConfig) => ({
        secret: createSecretKey(Buffer.from(c.jwtSecret)) as unknown as string,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
    CaptchaModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, OtpService, SessionService, SignupAttemptsService, StepUpService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [SessionService, StepUpService],
})
export class AuthModule {}
