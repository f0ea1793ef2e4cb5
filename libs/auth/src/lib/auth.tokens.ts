/** The AuthConfig given to AuthModule.forRoot. */
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
/** The HMAC KeyObject tokens are signed and verified with (created once: a string key costs ~30x per verify). */
export const SIGNING_KEY = Symbol('SIGNING_KEY');
