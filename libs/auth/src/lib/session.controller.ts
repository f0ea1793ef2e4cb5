import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CreateAnonymousSessionDto, LoginDto, RefreshedSessionDto, SessionInfoDto, SessionTokenDto } from '@simsvc/contracts';
import type { Request } from 'express';
import { OptionalBodyInterceptor } from './auth.interceptors';
import { CurrentSession, Public } from './auth.decorators';
import { clientAddress } from './client-address';
import { SessionPrincipal } from './session-principal';
import { LoginService } from './login.service';
import { SessionService } from './session.service';

/** Responses carrying a token must not be stored by any cache on the way. */
const NO_STORE = ['Cache-Control', 'no-store'] as const;

@ApiTags('session')
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
  @ApiOperation({
    summary:
      'Log in; 401 on bad credentials; 429 with Retry-After after five failures within 60 s per (address, username) or twenty within 5 min per username, or too many logins at once from the address; 503 with Retry-After when the server is busy checking passwords',
  })
  @ApiOkResponse({ type: SessionTokenDto })
  @ApiErrors(400, 413, 415, {
    401: 'invalid username or password',
    429: 'too many failed logins, or too many at once from the address; Retry-After',
    503: 'database unavailable, or busy checking passwords (Retry-After)',
  })
  login(@Body() body: LoginDto, @Req() request: Request): Promise<SessionTokenDto> {
    return this.logins.login(body, clientAddress(request));
  }

  @Post('anonymous')
  @Public()
  @HttpCode(HttpStatus.OK)
  @Header(...NO_STORE)
  @UseInterceptors(OptionalBodyInterceptor)
  @ApiOperation({
    summary:
      'Anonymous session; privileges beyond the anonymous set need a session holding them; 429 with Retry-After past 30 per minute from one address',
  })
  @ApiOkResponse({ type: SessionTokenDto })
  @ApiErrors(400, 413, 415, 503, {
    401: 'an X-Session-ID was sent and is not valid',
    403: 'anonymous sessions are off, or a privilege asked for is not held by the calling session',
    429: 'too many anonymous sessions from the address; Retry-After',
  })
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
  @ApiErrors(401, 413, 415, 503, { 400: 'malformed JSON body, or authentication is off (no session to refresh)' })
  refresh(@CurrentSession() session: SessionPrincipal): Promise<RefreshedSessionDto> {
    return this.sessions.refresh(session);
  }

  @Get()
  @ApiOperation({ summary: 'The calling session' })
  @ApiOkResponse({ type: SessionInfoDto })
  @ApiErrors(401, 503)
  describe(@CurrentSession() session: SessionPrincipal): SessionInfoDto {
    return this.sessions.describe(session);
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Log out: every token of the session is refused by every service within 5 s' })
  @ApiNoContentResponse({ description: 'logged out' })
  @ApiErrors(401, 503)
  logout(@CurrentSession() session: SessionPrincipal): Promise<void> {
    return this.sessions.logout(session);
  }
}
