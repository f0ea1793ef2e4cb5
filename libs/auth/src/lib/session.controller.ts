import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CreateAnonymousSessionDto, LoginDto, RefreshedSessionDto, SessionInfoDto, SessionTokenDto } from '@simsvc/contracts';
import type { Request } from 'express';
import { OptionalBodyInterceptor, RetryAfterInterceptor } from './auth.interceptors';
import { CurrentSession, Public } from './auth.decorators';
import { clientAddress } from './client-address';
import { SessionPrincipal } from './session-principal';
import { SessionService } from './session.service';

@ApiTags('session')
@ApiHeader({ name: 'X-Session-ID', required: false })
@Controller('session')
export class SessionController {
  constructor(private readonly sessions: SessionService) {}

  @Post('login')
  @Public()
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(RetryAfterInterceptor)
  @ApiOperation({ summary: 'Log in; 401 on bad credentials, 429 with Retry-After after five failures within 60 s' })
  @ApiOkResponse({ type: SessionTokenDto })
  login(@Body() body: LoginDto, @Req() request: Request): Promise<SessionTokenDto> {
    return this.sessions.login(body, clientAddress(request));
  }

  @Post('anonymous')
  @Public()
  @HttpCode(HttpStatus.OK)
  @UseInterceptors(OptionalBodyInterceptor)
  @ApiOperation({ summary: 'Anonymous session; privileges beyond the anonymous set need a session holding them' })
  @ApiOkResponse({ type: SessionTokenDto })
  anonymous(@Body() body: CreateAnonymousSessionDto, @CurrentSession() caller: SessionPrincipal | undefined): Promise<SessionTokenDto> {
    return this.sessions.createAnonymous(body, caller);
  }

  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'New token for the same session, one lifetime from now (at most 720 h from login)' })
  @ApiOkResponse({ type: RefreshedSessionDto })
  refresh(@CurrentSession() session: SessionPrincipal): Promise<RefreshedSessionDto> {
    return this.sessions.refresh(session);
  }

  @Get()
  @ApiOkResponse({ type: SessionInfoDto })
  describe(@CurrentSession() session: SessionPrincipal): SessionInfoDto {
    return this.sessions.describe(session);
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Log out: every token of the session is refused by every service within 5 s' })
  @ApiNoContentResponse()
  logout(@CurrentSession() session: SessionPrincipal): Promise<void> {
    return this.sessions.logout(session);
  }
}
