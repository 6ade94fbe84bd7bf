import { Global, Module } from '@nestjs/common';
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
import { SessionEntity } from './session.entity';
import { SessionService } from './session.service';

/** Sign-up, login, OTP, recovery and sessions (core §4, §5, §7). Installs the global AuthGuard. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([OtpEntity, SessionEntity]),
    JwtModule.registerAsync({ inject: [APP_CONFIG], useFactory: (c: AppConfig) => ({ secret: c.jwtSecret, signOptions: { algorithm: 'HS256' }, verifyOptions: { algorithms: ['HS256'] } }) }),
    CaptchaModule,
  ],
  controllers: [AuthController],
  providers: [AuthService, OtpService, SessionService, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [SessionService],
})
export class AuthModule {}
