import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Access, routeAccess, SessionAdmission, SessionRequest } from './session-admission';

/**
 * The one global guard: every route needs a valid session unless marked @Public(), plus the
 * privileges listed by @RequirePrivileges() (SessionAdmission). The verified principal goes on
 * `request.session`, on public routes too when a valid session is sent (an invalid one is then
 * ignored).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  /** Each route's access by controller and handler, read from their decorators once: they do not change after start-up. */
  private readonly accessByRoute = new WeakMap<object, Map<object, Access>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly admission: SessionAdmission,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    return this.admission.admit(context.switchToHttp().getRequest<SessionRequest>(), this.accessOf(context));
  }

  private accessOf(context: ExecutionContext): Access {
    const [handler, controller] = [context.getHandler(), context.getClass()];
    let byHandler = this.accessByRoute.get(controller);
    if (byHandler === undefined) this.accessByRoute.set(controller, (byHandler = new Map()));
    let access = byHandler.get(handler);
    if (access === undefined) byHandler.set(handler, (access = routeAccess(this.reflector, handler, controller)));
    return access;
  }
}
