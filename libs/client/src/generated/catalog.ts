// Generated from openapi/catalog.json by tools/openapi/write-client-types.ts (npm run client:types). Do not edit.
export type paths = {
  '/executions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Record an execution (201) or move an existing one forward (200); `success` is taken as `completed` */
    post: operations['ExecutionsController_record'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/executions/{execution_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One execution */
    get: operations['ExecutionsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
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
  '/installations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Installations that reported, most recently seen first */
    get: operations['InstallationsController_list'];
    put?: never;
    /** A sim2l installation reports itself (its CatalogClient does at start-up): 201 when new, 200 when known */
    post: operations['InstallationsController_report'];
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
  '/simulations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Register a simulation tool version */
    post: operations['SimulationsController_register'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/simulations/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Search by text and tags: more matching tags, then more matching words first, then names by their newest registration, a name's versions highest first; X-Total-Count has the number of matches */
    get: operations['SimulationsController_search'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/simulations/{id}/executions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Executions of a simulation, newest first; X-Total-Count */
    get: operations['ExecutionsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/simulations/{id}/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Execution statistics of a simulation; an unknown id has zero counts and null durations */
    get: operations['ExecutionsController_stats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/simulations/{name}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** All versions of a simulation, highest first (the order of "latest"); X-Total-Count */
    get: operations['SimulationsController_versions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/simulations/{simulation}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One version of a simulation; without version the latest (highest semantic version, else newest registration) */
    get: operations['SimulationsController_get'];
    put?: never;
    post?: never;
    /** Delete a simulation without executions */
    delete: operations['SimulationsController_remove'];
    options?: never;
    head?: never;
    /** Change description, author, tags, schemas or status (name and version cannot change) */
    patch: operations['SimulationsController_update'];
    trace?: never;
  };
  '/sync/pending': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Manifests found in the watch directory and not registered: pending, invalid or duplicate (oldest first); X-Total-Count. Needs update_catalog */
    get: operations['SyncController_pending'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sync/scan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Scan the watch directory now */
    post: operations['SyncController_scan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sync/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the service watches a directory for manifests, and how. Needs update_catalog */
    get: operations['SyncController_status'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/sync/{id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Register a pending manifest */
    post: operations['SyncController_approve'];
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
    ApproveSyncItemResponse: {
      /** @enum {string} */
      status: 'approved';
      simulation_id: number;
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
    DeletedSimulationResponse: {
      /** @enum {string} */
      status: 'deleted';
      simulation_id: number;
      name: string;
      version: string;
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
    ExecutionResponse: {
      execution_id: string;
      /** @description null while the simulation its squid_id names is not registered */
      simulation_id: number | null;
      squid_id: string | null;
      /** @enum {string} */
      status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'cached';
      executor_type: string | null;
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      started_at: string | null;
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      completed_at: string | null;
      duration_seconds: number | null;
      cache_hit: boolean;
      input_hash: string | null;
      run_db_path: string | null;
      user_id: string | null;
      output_count: number;
      artifact_count: number;
      error_count: number;
      warning_count: number;
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      created_at: string;
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      updated_at: string;
    };
    HealthyResponse: {
      /** @enum {string} */
      status: 'healthy';
      /** @enum {string} */
      service: 'cache' | 'catalog' | 'results';
      /** @enum {string} */
      backend: 'sqlite' | 'postgresql';
    };
    InstallationListResponse: {
      /** @description all matches */
      total: number;
      limit: number;
      offset: number;
      installations: components['schemas']['InstallationResponse'][];
    };
    InstallationResponse: {
      installation_id: string;
      hostname: string | null;
      platform: string | null;
      python_version: string | null;
      sim2l_version: string | null;
      /** @description username of the session that last reported it, or `anonymous` */
      reported_by: string | null;
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      first_seen_at: string;
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      last_seen_at: string;
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
    RecordExecutionDto: {
      /** @example run-20261122-0001 */
      execution_id: string;
      /** @description null: the simulation is the one squid_id (`name/version/hash`) names; unattached until it is registered */
      simulation_id: number | null;
      /**
       * @description pending → running → completed | failed | cancelled | cached; `success` = `completed`
       * @enum {string}
       */
      status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'cached' | 'success';
      squid_id?: string | null;
      /** @example local */
      executor_type?: string | null;
      /** @example 2026-11-22T10:12:25.123000 */
      started_at?: string | null;
      /** @example 2026-11-22T10:12:27.623000 */
      completed_at?: string | null;
      /** @description kept to the microsecond */
      duration_seconds?: number | null;
      /** @description default: true when status is cached, else false */
      cache_hit?: boolean | null;
      input_hash?: string | null;
      run_db_path?: string | null;
      user_id?: string | null;
      /**
       * @description as sim2l counts them; a later record replaces it
       * @default 0
       */
      output_count?: number;
      /**
       * @description as sim2l counts them; a later record replaces it
       * @default 0
       */
      artifact_count?: number;
      /**
       * @description as sim2l counts them; a later record replaces it
       * @default 0
       */
      error_count?: number;
      /**
       * @description as sim2l counts them; a later record replaces it
       * @default 0
       */
      warning_count?: number;
    };
    RefreshedSessionDto: {
      token: string;
      /** @description Same as token */
      session_id: string;
      /** @example 2026-11-22T10:12:25.000000 */
      expires_at: string;
    };
    RegisterInstallationDto: {
      /** @example a1b2c3d4e5f60718 */
      installation_id: string;
      hostname?: string | null;
      /** @example linux */
      platform?: string | null;
      /** @example 3.11.7 */
      python_version?: string | null;
      /** @example 1.4.0 */
      sim2l_version?: string | null;
    };
    RegisterSimulationDto: {
      /** @description the sim2l installation that registered it */
      installation_id?: string | null;
      /** @example notebook */
      workflow_type?: string | null;
      /** @description SHA-256 of the workflow */
      workflow_hash?: string | null;
      /** @description portable workflow files (base64), as sim2l builds it */
      workflow_bundle?: {
        [key: string]: unknown;
      };
      /** @description sim2l's alternative to workflow_bundle.files: stored as the bundle's `files` (relative paths without .., at most 256 files, 4194304 bytes of content in all); never returned as such */
      workflow_files?:
        | ({
            path: string;
            content?: string;
          } & {
            [key: string]: unknown;
          })[]
        | null;
      /** @description stored as the bundle's `entrypoint`; never returned as such */
      workflow_entrypoint?: string | null;
      /**
       * @example [
       *       "numpy>=1.26"
       *     ]
       */
      dependencies?:
        | unknown[]
        | {
            [key: string]: unknown;
          };
      /** @description at most 65536 bytes serialized; a PATCH merges its keys into the stored ones */
      metadata?: {
        [key: string]: unknown;
      };
      /**
       * @description stored as sent; registration through the API is immediate either way
       * @default false
       */
      auto_approve?: boolean | null;
      /**
       * @description stored as sent
       * @example public
       */
      visibility?: string | null;
      /**
       * @description stored as sent
       * @example MIT
       */
      license?: string | null;
      /**
       * @description not `search`
       * @example heat-1d
       */
      name: string;
      /**
       * @description semantic versions order "latest"; any other text orders by registration
       * @example 1.2.0
       */
      version: string;
      /** @default  */
      description?: string | null;
      author?: string | null;
      /**
       * @example [
       *       "heat",
       *       "pde"
       *     ]
       */
      tags?: string[];
      /**
       * @example {
       *       "length": {
       *         "type": "number",
       *         "units": "m",
       *         "min": 0.1,
       *         "max": 10,
       *         "default": 1
       *       }
       *     }
       */
      input_schema?: {
        [key: string]: {
          /**
           * @description a PARAM type, or sim2l's field class (Number → number)
           * @enum {string}
           */
          type:
            | 'number'
            | 'integer'
            | 'string'
            | 'boolean'
            | 'array'
            | 'object'
            | 'file'
            | 'Number'
            | 'Integer'
            | 'Text'
            | 'Element'
            | 'Boolean'
            | 'Array'
            | 'List'
            | 'Dict'
            | 'Image';
          units?: string | null;
          min?: number | null;
          max?: number | null;
          default?: unknown;
          description?: string | null;
          options?: unknown[] | null;
        } & {
          [key: string]: unknown;
        };
      };
      /**
       * @example {
       *       "length": {
       *         "type": "number",
       *         "units": "m",
       *         "min": 0.1,
       *         "max": 10,
       *         "default": 1
       *       }
       *     }
       */
      output_schema?: {
        [key: string]: {
          /**
           * @description a PARAM type, or sim2l's field class (Number → number)
           * @enum {string}
           */
          type:
            | 'number'
            | 'integer'
            | 'string'
            | 'boolean'
            | 'array'
            | 'object'
            | 'file'
            | 'Number'
            | 'Integer'
            | 'Text'
            | 'Element'
            | 'Boolean'
            | 'Array'
            | 'List'
            | 'Dict'
            | 'Image';
          units?: string | null;
          min?: number | null;
          max?: number | null;
          default?: unknown;
          description?: string | null;
          options?: unknown[] | null;
        } & {
          [key: string]: unknown;
        };
      };
      /** @description instead of input_schema / output_schema */
      schema?: components['schemas']['SimulationSchemaDto'];
      /**
       * @default active
       * @enum {string}
       */
      status?: 'active' | 'deprecated';
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
    SimulationResponse: {
      id: number;
      /** @example heat-1d */
      name: string;
      /** @example 1.2.0 */
      version: string;
      description: string;
      author: string | null;
      tags: string[];
      /**
       * @example {
       *       "length": {
       *         "type": "number",
       *         "units": "m",
       *         "min": 0.1,
       *         "max": 10,
       *         "default": 1
       *       }
       *     }
       */
      input_schema: {
        [key: string]: {
          /**
           * @description a PARAM type, or sim2l's field class (Number → number)
           * @enum {string}
           */
          type:
            | 'number'
            | 'integer'
            | 'string'
            | 'boolean'
            | 'array'
            | 'object'
            | 'file'
            | 'Number'
            | 'Integer'
            | 'Text'
            | 'Element'
            | 'Boolean'
            | 'Array'
            | 'List'
            | 'Dict'
            | 'Image';
          units?: string | null;
          min?: number | null;
          max?: number | null;
          default?: unknown;
          description?: string | null;
          options?: unknown[] | null;
        } & {
          [key: string]: unknown;
        };
      };
      /**
       * @example {
       *       "length": {
       *         "type": "number",
       *         "units": "m",
       *         "min": 0.1,
       *         "max": 10,
       *         "default": 1
       *       }
       *     }
       */
      output_schema: {
        [key: string]: {
          /**
           * @description a PARAM type, or sim2l's field class (Number → number)
           * @enum {string}
           */
          type:
            | 'number'
            | 'integer'
            | 'string'
            | 'boolean'
            | 'array'
            | 'object'
            | 'file'
            | 'Number'
            | 'Integer'
            | 'Text'
            | 'Element'
            | 'Boolean'
            | 'Array'
            | 'List'
            | 'Dict'
            | 'Image';
          units?: string | null;
          min?: number | null;
          max?: number | null;
          default?: unknown;
          description?: string | null;
          options?: unknown[] | null;
        } & {
          [key: string]: unknown;
        };
      };
      /** @enum {string} */
      status: 'active' | 'deprecated';
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      created_at: string;
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      updated_at: string;
      installation_id: string | null;
      workflow_type: string | null;
      workflow_hash: string | null;
      workflow_bundle: {
        [key: string]: unknown;
      } | null;
      dependencies:
        | (unknown[] | null)
        | ({
            [key: string]: unknown;
          } | null);
      metadata: {
        [key: string]: unknown;
      } | null;
      auto_approve: boolean;
      /** @example public */
      visibility: string | null;
      /** @example MIT */
      license: string | null;
    };
    SimulationSchemaDto: {
      /**
       * @example {
       *       "length": {
       *         "type": "number",
       *         "units": "m",
       *         "min": 0.1,
       *         "max": 10,
       *         "default": 1
       *       }
       *     }
       */
      inputs?: {
        [key: string]: {
          /**
           * @description a PARAM type, or sim2l's field class (Number → number)
           * @enum {string}
           */
          type:
            | 'number'
            | 'integer'
            | 'string'
            | 'boolean'
            | 'array'
            | 'object'
            | 'file'
            | 'Number'
            | 'Integer'
            | 'Text'
            | 'Element'
            | 'Boolean'
            | 'Array'
            | 'List'
            | 'Dict'
            | 'Image';
          units?: string | null;
          min?: number | null;
          max?: number | null;
          default?: unknown;
          description?: string | null;
          options?: unknown[] | null;
        } & {
          [key: string]: unknown;
        };
      };
      /**
       * @example {
       *       "length": {
       *         "type": "number",
       *         "units": "m",
       *         "min": 0.1,
       *         "max": 10,
       *         "default": 1
       *       }
       *     }
       */
      outputs?: {
        [key: string]: {
          /**
           * @description a PARAM type, or sim2l's field class (Number → number)
           * @enum {string}
           */
          type:
            | 'number'
            | 'integer'
            | 'string'
            | 'boolean'
            | 'array'
            | 'object'
            | 'file'
            | 'Number'
            | 'Integer'
            | 'Text'
            | 'Element'
            | 'Boolean'
            | 'Array'
            | 'List'
            | 'Dict'
            | 'Image';
          units?: string | null;
          min?: number | null;
          max?: number | null;
          default?: unknown;
          description?: string | null;
          options?: unknown[] | null;
        } & {
          [key: string]: unknown;
        };
      };
    };
    SimulationStatsResponse: {
      simulation_id: number;
      total_executions: number;
      /** @description completed executions */
      successful: number;
      failed: number;
      cached: number;
      cancelled: number;
      running: number;
      pending: number;
      /** @description (successful + cached) / (successful + cached + failed + cancelled); 0 when none */
      success_rate: number;
      /** @description seconds, over finished executions with a duration */
      avg_duration: number | null;
      min_duration: number | null;
      max_duration: number | null;
    };
    SyncItemResponse: {
      id: number;
      name: string | null;
      version: string | null;
      /** @description the manifest's installation_id */
      installation_id: string | null;
      /** @description absolute path of the simulation.json */
      manifest_path: string;
      /** @enum {string} */
      status: 'pending' | 'invalid' | 'duplicate';
      /** @description why the item is invalid or a duplicate */
      error: string | null;
      /**
       * @description UTC, no zone, microseconds
       * @example 2026-11-22T10:12:25.123000
       */
      discovered_at: string;
      /** @description sim2l's name of `name` */
      simulation_name: string | null;
      /** @description sim2l's name of `version` */
      simulation_version: string | null;
      /**
       * @description what approving the item does (sim2l: operation)
       * @enum {string}
       */
      operation: 'register';
      /** @description the registration the manifest holds, as stored (normalized; POST /simulations field names); null when it is invalid or a duplicate */
      payload: {
        [key: string]: unknown;
      } | null;
      /**
       * @description sim2l's name of `discovered_at`
       * @example 2026-11-22T10:12:25.123000
       */
      created_at: string;
    };
    SyncScanResponse: {
      /** @description manifests whose simulation is registered (by this scan or an earlier approval) */
      registered: number;
      /** @description manifests awaiting approval */
      pending: number;
      /** @description malformed manifests */
      invalid: number;
      /** @description manifests naming a (name, version) registered from elsewhere */
      duplicate: number;
    };
    SyncStatusResponse: {
      /** @description whether the service watches a directory for manifests (--watch-dir) */
      watching: boolean;
      /** @description whether a valid new manifest is registered at once instead of queued (--auto-register) */
      auto_register: boolean;
      /** @description seconds between full rescans of the watch directory */
      rescan_seconds: number;
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
    UpdateSimulationDto: {
      /** @description the sim2l installation that registered it */
      installation_id?: string | null;
      /** @example notebook */
      workflow_type?: string | null;
      /** @description SHA-256 of the workflow */
      workflow_hash?: string | null;
      /** @description portable workflow files (base64), as sim2l builds it */
      workflow_bundle?: {
        [key: string]: unknown;
      };
      /** @description sim2l's alternative to workflow_bundle.files: stored as the bundle's `files` (relative paths without .., at most 256 files, 4194304 bytes of content in all); never returned as such */
      workflow_files?:
        | ({
            path: string;
            content?: string;
          } & {
            [key: string]: unknown;
          })[]
        | null;
      /** @description stored as the bundle's `entrypoint`; never returned as such */
      workflow_entrypoint?: string | null;
      /**
       * @example [
       *       "numpy>=1.26"
       *     ]
       */
      dependencies?:
        | unknown[]
        | {
            [key: string]: unknown;
          };
      /** @description at most 65536 bytes serialized; a PATCH merges its keys into the stored ones */
      metadata?: {
        [key: string]: unknown;
      };
      /**
       * @description stored as sent; registration through the API is immediate either way
       * @default false
       */
      auto_approve?: boolean | null;
      /**
       * @description stored as sent
       * @example public
       */
      visibility?: string | null;
      /**
       * @description stored as sent
       * @example MIT
       */
      license?: string | null;
      /** @description must equal the stored name (cannot be changed) */
      name?: string | null;
      /** @description must equal the stored version (cannot be changed) */
      version?: string | null;
      description?: string | null;
      author?: string | null;
      tags?: string[];
      /**
       * @example {
       *       "length": {
       *         "type": "number",
       *         "units": "m",
       *         "min": 0.1,
       *         "max": 10,
       *         "default": 1
       *       }
       *     }
       */
      input_schema?: {
        [key: string]: {
          /**
           * @description a PARAM type, or sim2l's field class (Number → number)
           * @enum {string}
           */
          type:
            | 'number'
            | 'integer'
            | 'string'
            | 'boolean'
            | 'array'
            | 'object'
            | 'file'
            | 'Number'
            | 'Integer'
            | 'Text'
            | 'Element'
            | 'Boolean'
            | 'Array'
            | 'List'
            | 'Dict'
            | 'Image';
          units?: string | null;
          min?: number | null;
          max?: number | null;
          default?: unknown;
          description?: string | null;
          options?: unknown[] | null;
        } & {
          [key: string]: unknown;
        };
      };
      /**
       * @example {
       *       "length": {
       *         "type": "number",
       *         "units": "m",
       *         "min": 0.1,
       *         "max": 10,
       *         "default": 1
       *       }
       *     }
       */
      output_schema?: {
        [key: string]: {
          /**
           * @description a PARAM type, or sim2l's field class (Number → number)
           * @enum {string}
           */
          type:
            | 'number'
            | 'integer'
            | 'string'
            | 'boolean'
            | 'array'
            | 'object'
            | 'file'
            | 'Number'
            | 'Integer'
            | 'Text'
            | 'Element'
            | 'Boolean'
            | 'Array'
            | 'List'
            | 'Dict'
            | 'Image';
          units?: string | null;
          min?: number | null;
          max?: number | null;
          default?: unknown;
          description?: string | null;
          options?: unknown[] | null;
        } & {
          [key: string]: unknown;
        };
      };
      /** @description instead of input_schema / output_schema; a missing side is left unchanged */
      schema?: components['schemas']['SimulationSchemaDto'];
      /** @enum {string} */
      status?: 'active' | 'deprecated';
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
  ExecutionsController_record: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RecordExecutionDto'];
      };
    };
    responses: {
      /** @description an existing execution moved to the state (or already in it) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExecutionResponse'];
        };
      };
      /** @description a new execution */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExecutionResponse'];
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
      /** @description unknown simulation_id */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description a move backwards or out of a final state */
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
  ExecutionsController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        execution_id: string;
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
          'application/json': components['schemas']['ExecutionResponse'];
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
      /** @description no such execution */
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
  InstallationsController_list: {
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
          'application/json': components['schemas']['InstallationListResponse'];
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
  InstallationsController_report: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterInstallationDto'];
      };
    };
    responses: {
      /** @description a later report; what it says replaces the earlier report */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InstallationResponse'];
        };
      };
      /** @description first report of this installation */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['InstallationResponse'];
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
  SimulationsController_register: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterSimulationDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SimulationResponse'];
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
      /** @description (name, version) already registered */
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
  SimulationsController_search: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
        /** @description white-space separated words; each of 2+ characters is matched as a substring of name, description and tags (case-insensitive); empty: everything */
        query?: string;
        /** @description comma-separated tags; keeps simulations carrying **any** of them, more matching tags first (case-insensitive; sim2l's rule) */
        tags?: string;
        /** @description comma-separated tags; keeps simulations carrying **every** one of them (case-insensitive) */
        all_tags?: string;
        /** @description simulations of this status; `all` or absent: any */
        status?: 'active' | 'deprecated' | 'all';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description the number of all matches */
          'X-Total-Count'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SimulationResponse'][];
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
  ExecutionsController_list: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
        status?: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'cached' | 'success';
      };
      header?: never;
      path: {
        /** @description simulation id */
        id: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description the number of all matches */
          'X-Total-Count'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExecutionResponse'][];
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
      /** @description unknown simulation id */
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
  ExecutionsController_stats: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description simulation id */
        id: number;
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
          'application/json': components['schemas']['SimulationStatsResponse'];
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
  SimulationsController_versions: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        /** @description the simulation name */
        name: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description the number of all matches */
          'X-Total-Count'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SimulationResponse'][];
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
      /** @description no version of that name */
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
  SimulationsController_get: {
    parameters: {
      query?: {
        /** @description exact version; without it, the latest */
        version?: string;
      };
      header?: never;
      path: {
        /** @description the simulation name */
        simulation: string;
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
          'application/json': components['schemas']['SimulationResponse'];
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
      /** @description no such name or version */
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
  SimulationsController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description simulation id */
        simulation: number;
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
          'application/json': components['schemas']['DeletedSimulationResponse'];
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
      /** @description no such simulation */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the simulation has executions */
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
  SimulationsController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description simulation id */
        simulation: number;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateSimulationDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SimulationResponse'];
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
      /** @description no such simulation */
      404: {
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
  SyncController_pending: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
        status?: 'pending' | 'invalid' | 'duplicate';
        /** @description only manifests carrying this installation_id */
        installation_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description the number of all matches */
          'X-Total-Count'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SyncItemResponse'][];
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
  SyncController_scan: {
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
          'application/json': components['schemas']['SyncScanResponse'];
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
      /** @description no --watch-dir configured */
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
  SyncController_status: {
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
          'application/json': components['schemas']['SyncStatusResponse'];
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
  SyncController_approve: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description sync item id */
        id: number;
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
          'application/json': components['schemas']['ApproveSyncItemResponse'];
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
      /** @description no such item */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the item is not pending, or its (name, version) is registered already */
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
