// Generated from openapi/cache.json by tools/openapi/write-client-types.ts (npm run client:types). Do not edit.
export type paths = {
  '/cache': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Store an entry (an existing key is replaced) */
    post: operations['CacheController_store'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cache/entries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List live entries, newest first */
    get: operations['CacheController_entries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cache/invalidate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Remove the live entries matching every given selector */
    post: operations['CacheController_invalidate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cache/invalidations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Audit log of invalidations, newest first */
    get: operations['CacheController_invalidations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cache/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Hit/miss statistics, optionally of one simulation */
    get: operations['CacheController_stats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/cache/{cache_key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An entry: a hit, or a miss (404) attributed to ?simulation_id when given */
    get: operations['CacheController_retrieve'];
    put?: never;
    post?: never;
    /** Remove one entry (counts as one invalidation) */
    delete: operations['CacheController_remove'];
    options?: never;
    /** Whether a live entry exists (counts neither hit nor miss) */
    head: operations['CacheController_exists'];
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the service and its database answer */
    get: operations['HealthController_health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The calling session */
    get: operations['SessionController_describe'];
    put?: never;
    post?: never;
    /** Log out: every token of the session is refused by every service within 5 s */
    delete: operations['SessionController_logout'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session/anonymous': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Anonymous session; privileges beyond the anonymous set need a session holding them; 429 with Retry-After past 30 per minute from one address */
    post: operations['SessionController_anonymous'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Log in; 401 on bad credentials; 429 with Retry-After after five failures within 60 s per (address, username) or twenty within 5 min per username, or too many logins at once from the address; 503 with Retry-After when the server is busy checking passwords */
    post: operations['SessionController_login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** New token for the same session, one lifetime from now (at most 720 h from login) */
    post: operations['SessionController_refresh'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List users (paged) */
    get: operations['UsersController_list'];
    put?: never;
    /** Create a user */
    post: operations['UsersController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/{username}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One user */
    get: operations['UsersController_get'];
    put?: never;
    post?: never;
    /** Delete a user and revoke their sessions */
    delete: operations['UsersController_delete'];
    options?: never;
    head?: never;
    /** Change a user's role, email, password or disabled flag (a password change or disabling revokes their sessions) */
    patch: operations['UsersController_update'];
    trace?: never;
  };
};
export type webhooks = Record<string, never>;
export type components = {
  schemas: {
    CacheEntriesPage: {
      /** @description all matches */
      total: number;
      limit: number;
      offset: number;
      entries: components['schemas']['CacheEntryListItem'][];
    };
    CacheEntryListItem: {
      cache_key: string;
      /** @description as stored: 0 or null for an entry of no simulation */
      simulation_id: number | null;
      simulation_name: string;
      simulation_version: string;
      execution_id: string;
      squid_id: string;
      input_hash: string;
      run_db_path: string;
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      created_at: string;
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      expires_at: string;
      /** @description includes the hit being served */
      hit_count: number;
      /** @description null when none was stored */
      metadata: {
        [key: string]: unknown;
      } | null;
      /** @description UTF-8 length of the entry as GET returns it */
      size_bytes: number;
      /**
       * @description null when never read
       * @example 2026-11-22T10:12:25.123000
       */
      last_accessed_at: string | null;
    };
    CacheEntryResponse: {
      cache_key: string;
      /** @description as stored: 0 or null for an entry of no simulation */
      simulation_id: number | null;
      simulation_name: string;
      simulation_version: string;
      execution_id: string;
      squid_id: string;
      input_hash: string;
      run_db_path: string;
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      created_at: string;
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      expires_at: string;
      /** @description includes the hit being served */
      hit_count: number;
      /** @description null when none was stored */
      metadata: {
        [key: string]: unknown;
      } | null;
    };
    CacheMissBody: {
      /** @example 400 */
      statusCode: number;
      /**
       * @description the reason phrase of statusCode
       * @example Bad Request
       */
      error: string;
      /** @example ttl_hours must be a positive number */
      message: string;
      /** @description validation errors: one line per failed constraint */
      details?: string[];
      cache_key: string;
    };
    CacheStatsResponse: {
      /** @description live entries */
      total_entries: number;
      /** @description since the store was created */
      total_hits: number;
      /** @description since the store was created */
      total_misses: number;
      /** @description total_hits + total_misses (sim2l's name) */
      total_accesses: number;
      /** @description hits / (hits + misses); 0 when both are 0 */
      hit_rate: number;
      /** @description sum of the UTF-8 lengths of the live entries as GET returns them */
      total_size_bytes: number;
      /** @description entries removed by invalidation since the store was created */
      invalidation_count: number;
    };
    CreateAnonymousSessionDto: {
      /**
       * @description Privileges beyond the anonymous set (read/write cache and results, read catalog, record and execute); each must be held by the calling session
       * @example [
       *       "developer"
       *     ]
       */
      privileges?: string[];
      /**
       * @description Session lifetime in hours, greater than 0, at most 720
       * @default 24
       */
      lifetime_hours?: number;
    };
    CreateUserDto: {
      /** @example alice */
      username: string;
      password: string;
      /** @enum {string} */
      role: 'user' | 'developer' | 'admin';
      /** @example alice@example.org */
      email?: string;
    };
    ErrorBody: {
      /** @example 400 */
      statusCode: number;
      /**
       * @description the reason phrase of statusCode
       * @example Bad Request
       */
      error: string;
      /** @example ttl_hours must be a positive number */
      message: string;
      /** @description validation errors: one line per failed constraint */
      details?: string[];
    };
    HealthyResponse: {
      /** @enum {string} */
      status: 'healthy';
      /** @enum {string} */
      service: 'cache' | 'catalog' | 'results';
      /** @enum {string} */
      backend: 'sqlite' | 'postgresql';
    };
    InvalidateDto: {
      /** @description 0: the entries that belong to no simulation (stored with simulation_id 0 or null); null: no selector */
      simulation_id?: number;
      simulation_name?: string | null;
      simulation_version?: string | null;
      /**
       * @description `*` and `%` match any run of characters (including `/` and none); every other character, SQL `_` included, matches itself; at most 8 wildcards
       * @example heat-1d/*
       */
      pattern?: string | null;
      reason?: string | null;
    };
    InvalidateResponse: {
      /** @enum {boolean} */
      success: true;
      /** @description live entries removed */
      invalidated_count: number;
    };
    InvalidationRecord: {
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      at: string;
      /** @description username, or anonymous */
      by: string;
      /** @description DELETE /cache/{cache_key} */
      cache_key?: string;
      simulation_id?: number | null;
      simulation_name?: string | null;
      simulation_version?: string | null;
      pattern?: string | null;
      reason: string | null;
      invalidated_count: number;
    };
    InvalidationsPage: {
      /** @description all matches */
      total: number;
      limit: number;
      offset: number;
      invalidations: components['schemas']['InvalidationRecord'][];
    };
    LoginDto: {
      /** @example alice */
      username: string;
      /** @example correct horse battery staple */
      password: string;
      /**
       * @description Session lifetime in hours, greater than 0, at most 720
       * @default 24
       */
      lifetime_hours?: number;
    };
    RefreshedSessionDto: {
      token: string;
      /** @description Same as token */
      session_id: string;
      /** @example 2026-11-22T10:12:25.000000 */
      expires_at: string;
    };
    SessionInfoDto: {
      /** @example true */
      valid: boolean;
      username: string | null;
      /** @enum {string} */
      role: 'user' | 'developer' | 'admin' | 'anonymous';
      privileges: string[];
      /** @example 2026-11-22T10:12:25.000000 */
      expires_at: string;
    };
    SessionTokenDto: {
      /** @description Send as X-Session-ID */
      token: string;
      /** @description Same as token */
      session_id: string;
      /** @description null for anonymous sessions */
      username: string | null;
      /** @enum {string} */
      role: 'user' | 'developer' | 'admin' | 'anonymous';
      privileges: string[];
      /** @example 2026-11-22T10:12:25.000000 */
      expires_at: string;
    };
    StoreEntryDto: {
      /** @example heat-1d/1.0.0/3f2a */
      cache_key: string;
      /** @description 0 or null: the entry belongs to no simulation */
      simulation_id: number | null;
      simulation_name: string;
      simulation_version: string;
      execution_id: string;
      squid_id: string;
      input_hash: string;
      run_db_path: string;
      /** @description Lifetime in hours (fractions allowed); default 24 */
      ttl_hours?: number | null;
      /** @description Lifetime in seconds, instead of ttl_hours; 0 expires the entry at once */
      ttl_seconds?: number | null;
      /** @description Free-form JSON object, at most 65536 bytes */
      metadata?: {
        [key: string]: unknown;
      };
    };
    StoreEntryResponse: {
      /** @enum {boolean} */
      success: true;
      cache_key: string;
    };
    UnhealthyResponse: {
      /** @enum {string} */
      status: 'unhealthy';
      /** @enum {string} */
      service: 'cache' | 'catalog' | 'results';
      /** @enum {string} */
      backend: 'sqlite' | 'postgresql';
      /** @example database unreachable */
      error: string;
    };
    UpdateUserDto: {
      /**
       * @description Applies to new sessions and to existing ones at their next refresh
       * @enum {string}
       */
      role?: 'user' | 'developer' | 'admin';
      /** @example alice@example.org */
      email?: string;
      /** @description Revokes the user's sessions */
      password?: string;
      /** @description true revokes the user's sessions and refuses their logins */
      disabled?: boolean;
    };
    UserDto: {
      username: string;
      email: string | null;
      /** @enum {string} */
      role: 'user' | 'developer' | 'admin';
      disabled: boolean;
      /** @example 2026-11-22T10:12:25.123000 */
      created_at: string;
      /** @example 2026-11-22T10:12:25.123000 */
      updated_at: string;
    };
    UserListDto: {
      /** @description all matches */
      total: number;
      limit: number;
      offset: number;
      users: components['schemas']['UserDto'][];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
  CacheController_store: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['StoreEntryDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StoreEntryResponse'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description an anonymous session past its writes per minute (--anonymous-writes-per-minute); Retry-After */
      429: {
        headers: {
          /** @description seconds to wait */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  CacheController_entries: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
        /** @description 0: the entries that belong to no simulation (stored with simulation_id 0 or null) */
        simulation_id?: number;
        simulation_name?: string;
        /** @description glob: `*` and `%` match any run of characters, everything else (`_` included) itself; at most 8 wildcards */
        pattern?: string;
        /** @description the entries a run (its execution id) was stored under */
        execution_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CacheEntriesPage'];
        };
      };
      /** @description a pattern with more than 8 wildcards, or a field is invalid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable, or "pattern too expensive" (its matching outran the time limit) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  CacheController_invalidate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InvalidateDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvalidateResponse'];
        };
      };
      /** @description no selector given, a pattern with more than 8 wildcards, or a field is invalid (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable, or "pattern too expensive" (its matching outran the time limit) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  CacheController_invalidations: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InvalidationsPage'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  CacheController_stats: {
    parameters: {
      query?: {
        /** @description 0: the entries that belong to no simulation (stored with simulation_id 0 or null) */
        simulation_id?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CacheStatsResponse'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  CacheController_retrieve: {
    parameters: {
      query?: {
        /** @description 0: the entries that belong to no simulation (stored with simulation_id 0 or null) */
        simulation_id?: number;
      };
      header?: never;
      path: {
        /** @description may contain /; percent-encoding is decoded once */
        cache_key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description the entry; its hit_count includes this hit */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CacheEntryResponse'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description cache miss */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CacheMissBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  CacheController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description may contain /; percent-encoding is decoded once */
        cache_key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StoreEntryResponse'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description no live entry of that key (message "cache entry not found") */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CacheMissBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  CacheController_exists: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description may contain /; percent-encoding is decoded once */
        cache_key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description a live entry exists (no body) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description no live entry (no body) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  HealthController_health: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description the service and its database answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthyResponse'];
        };
      };
      /** @description the database does not answer within 2 s */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UnhealthyResponse'];
        };
      };
    };
  };
  SessionController_describe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionInfoDto'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  SessionController_logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description logged out */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  SessionController_anonymous: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateAnonymousSessionDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionTokenDto'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description an X-Session-ID was sent and is not valid */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description anonymous sessions are off, or a privilege asked for is not held by the calling session */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description too many anonymous sessions from the address; Retry-After */
      429: {
        headers: {
          /** @description seconds to wait */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  SessionController_login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SessionTokenDto'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description invalid username or password */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description too many failed logins, or too many at once from the address; Retry-After */
      429: {
        headers: {
          /** @description seconds to wait */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable, or busy checking passwords (Retry-After) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  SessionController_refresh: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RefreshedSessionDto'];
        };
      };
      /** @description malformed JSON body, or authentication is off (no session to refresh) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  UsersController_list: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserListDto'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  UsersController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateUserDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserDto'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description username already exists */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  UsersController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserDto'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description user not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  UsersController_delete: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description user not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the last enabled admin cannot be deleted */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
  UsersController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        username: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateUserDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserDto'];
        };
      };
      /** @description invalid request: malformed JSON, a path or query value, or a body field (details: one line per problem) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description missing X-Session-ID header, invalid session, session expired or session revoked */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the session lacks a privilege the operation needs (the message names it) */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description user not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the last enabled admin cannot be demoted or disabled */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body over 1 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description database unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
    };
  };
}
