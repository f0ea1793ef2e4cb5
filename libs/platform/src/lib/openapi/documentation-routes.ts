import { Injectable, OnModuleInit } from '@nestjs/common';

/**
 * Registers the documentation routes (Swagger's /docs, its assets, /openapi.json and .yaml: nine
 * Express layers) after the API's own routes. Express tries every layer in order, so routes
 * registered before the API's are walked by every API request; Nest registers its routes during
 * `app.init()`, then calls `onModuleInit`, then adds its not-found handler, so this hook is the
 * one place in between. `createServiceApp` hands over the registration before `init`.
 */
@Injectable()
export class DocumentationRoutes implements OnModuleInit {
  private register?: () => void;

  registerAfterApiRoutes(register: () => void): void {
    this.register = register;
  }

  onModuleInit(): void {
    this.register?.();
  }
}
