import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CreateAnonymousSessionDto, LoginDto, RefreshedSessionDto, SessionInfoDto, SessionTokenDto } from '@simsvc/contracts';
import type { Request } from 'express';
import { OptionalBodyInterceptor, RetryAfterInterceptor } from './auth.interceptors';
import { CurrentSession, Public } from './auth.decorators';
import { clientAddress } from './client-address';
import { SessionPrincipal } from './session-principal';
import { LoginService } from './login.service';
import { SessionService } from './session.service';

/** Responses carrying a token must not be stored by any cache on the way. */
const NO_STORE = ['Cache-Control', 'no-store'] as const;

@ApiTags('session')
@ApiHeader({ name: 'X-Session-ID', required: false })
@Controller('session')
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    private readonly logins: LoginService,
  ) {}

  @Post('login')
  @Public()
  @HttpCode(HttpStatus.OK)
  @Header(...NO_STORE)
  @UseInterceptors(RetryAfterInterceptor)
  @ApiOperation({
    summary:
      'Log in; 401 on bad credentials; 429 with Retry-After after five failures within 60 s per (address, username) or twenty within 5 min per username, or too many logins at once from the address; 503 with Retry-After when the server is busy checking passwords',
  })
  @ApiOkResponse({ type: SessionTokenDto })
  login(@Body() body: LoginDto, @Req() request: Request): Promise<SessionTokenDto> {
    return this.logins.login(body, clientAddress(request));
  }

  @Post('anonymous')
  @Public()
  @HttpCode(HttpStatus.OK)
  @Header(...NO_STORE)
  @UseInterceptors(OptionalBodyInterceptor, RetryAfterInterceptor)
  @ApiOperation({
    summary:
      'Anonymous session; privileges beyond the anonymous set need a session holding them; 429 with Retry-After past 30 per minute from one address',
  })
  @ApiOkResponse({ type: SessionTokenDto })
  anonymous(
    @Body() body: CreateAnonymousSessionDto,
    @CurrentSession() caller: SessionPrincipal | undefined,
    @Req() request: Request,
  ): Promise<SessionTokenDto> {
    return this.sessions.createAnonymous(body, caller, clientAddress(request));
  }

  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @Header(...NO_STORE)
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
