// Generated from openapi/results.json by tools/openapi/write-client-types.ts (npm run client:types). Do not edit.
export type paths = {
  '/aggregate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * count, min, max, avg, stddev, p05, p50, p95 of parameters, and a histogram, over the runs matching search filters
     * @description Numbers only; stddev is the population standard deviation, percentiles interpolate linearly between closest ranks; on the log scale values ≤ 0 are left out and counted as excluded. One snapshot.
     */
    post: operations['ResultsController_aggregate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Every run matching a search body, in its order, streamed as a CSV or JSON-lines file
     * @description Columns: execution_id, simulation_name, simulation_version, status, created_at, then in.<name> for every input and out.<name> for every output of the matching runs (CSV; sorted by name), or input_params and output_params (JSON lines). A CSV cell is empty where a run lacks the parameter or its value is null; a string cell beginning with = + - @ TAB or CR is prefixed with a single quote. Runs are read 1000 at a time as the client takes them; an error once the file has begun ends the transfer unfinished.
     */
    post: operations['ResultsExportController_export'];
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
  '/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register a finished run by introspecting its run database (read-only, below the runs root)
     * @description An execution_id registered already is updated in place: same result_id, values read again.
     */
    post: operations['ResultsController_register'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/register_direct': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register a result given inline, or many as application/x-ndjson (one per line); the schema is inferred from the values
     * @description An execution_id registered already is updated in place (same result_id and created_at), as sim2l does; replace is accepted and changes nothing. An application/x-ndjson body holds at most 10000 lines, each a JSON body; the valid ones are stored in transactions of at most 1,000 and the answer is {registered, updated, failed: [{line, message}]}.
     */
    post: operations['ResultsController_registerDirect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/results/{execution_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One result */
    get: operations['ResultsController_find'];
    put?: never;
    post?: never;
    /** Delete one result */
    delete: operations['ResultsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/results/{execution_id}/run-database': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The result's run database file, for a result whose file is inside the runs root
     * @description Answers Range requests (206) and conditional ones by ETag (304).
     */
    get: operations['RunUploadsController_download'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a finished run database and register it
     * @description The body is the SQLite file itself. It is read as /register reads one, stored under <runs-root>/uploads/<simulation>/<execution_id>.db and registered; uploading an execution_id again replaces file and result in place.
     */
    post: operations['RunUploadsController_upload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Results of a simulation, or of all without simulation_name, matching input and output filters, in order_by order (newest first without it)
     * @description Pages by offset, or by cursor: each answer carries next_cursor (null on the last page), which a tampered cursor or one of another search fails with 400.
     */
    post: operations['ResultsController_search'];
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
  '/stats/{simulation_name}/{param_name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * count, mean, min and max of the numeric values of one parameter across the runs of a simulation
     * @description A simulation or parameter without values gives count 0 and the rest null.
     */
    get: operations['ResultsController_stats'];
    put?: never;
    post?: never;
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
    AggregateResultsDto: {
      /**
       * @description absent or null: every simulation
       * @example heat-1d
       */
      simulation_name?: string | null;
      simulation_version?: string | null;
      /** @example completed */
      status?: string | null;
      /**
       * @description {NAME: COND}; COND is a value (equality; numbers compare numerically) or an object of operators $eq $ne $gt $gte $lt $lte $in. $gt/$gte/$lt/$lte take a number, $in an array. All conditions must hold; a result lacking the parameter never matches.
       * @example {
       *       "length": {
       *         "$gte": 1,
       *         "$lt": 5
       *       },
       *       "mode": "fast"
       *     }
       */
      input_filters?: {
        [key: string]: unknown;
      };
      /**
       * @description {NAME: COND}; COND is a value (equality; numbers compare numerically) or an object of operators $eq $ne $gt $gte $lt $lte $in. $gt/$gte/$lt/$lte take a number, $in an array. All conditions must hold; a result lacking the parameter never matches.
       * @example {
       *       "length": {
       *         "$gte": 1,
       *         "$lt": 5
       *       },
       *       "mode": "fast"
       *     }
       */
      output_filters?: {
        [key: string]: unknown;
      };
      /**
       * @example [
       *       {
       *         "class": "output",
       *         "name": "energy"
       *       }
       *     ]
       */
      params: {
        /** @enum {string} */
        class: 'input' | 'output';
        name: string;
      }[];
      /**
       * @example {
       *       "class": "output",
       *       "name": "energy",
       *       "bins": 50,
       *       "scale": "linear"
       *     }
       */
      histogram?: {
        /** @enum {string} */
        class?: 'input' | 'output';
        name?: string;
        bins?: number;
        /**
         * @default linear
         * @enum {string}
         */
        scale?: 'linear' | 'log';
      } | null;
      /**
       * @description a parameter whose text values to list, the 100 most frequent among the matching runs
       * @example {
       *       "class": "input",
       *       "name": "solver"
       *     }
       */
      values?: {
        /** @enum {string} */
        class?: 'input' | 'output';
        name?: string;
      } | null;
    };
    AggregateResultsResponse: {
      /** @description runs matching the filters */
      total: number;
      params: components['schemas']['ParameterAggregate'][];
      /** @description present when the request asks for a histogram */
      histogram?: components['schemas']['HistogramAggregate'];
      /** @description present when the request asks for values */
      values?: components['schemas']['TextValuesAggregate'];
    };
    BulkRegisterFailure: {
      /** @description line number in the body, from 1 */
      line: number;
      message: string;
    };
    BulkRegisterResponse: {
      /** @description lines registered as new results */
      registered: number;
      /** @description lines whose execution_id was registered already, updated in place */
      updated: number;
      failed: components['schemas']['BulkRegisterFailure'][];
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
    DeleteResultResponse: {
      /** @enum {string} */
      status: 'deleted';
      execution_id: string;
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
    ExportResultsDto: {
      /**
       * @description absent or null: every simulation
       * @example heat-1d
       */
      simulation_name?: string | null;
      simulation_version?: string | null;
      /** @example completed */
      status?: string | null;
      /**
       * @description {NAME: COND}; COND is a value (equality; numbers compare numerically) or an object of operators $eq $ne $gt $gte $lt $lte $in. $gt/$gte/$lt/$lte take a number, $in an array. All conditions must hold; a result lacking the parameter never matches.
       * @example {
       *       "length": {
       *         "$gte": 1,
       *         "$lt": 5
       *       },
       *       "mode": "fast"
       *     }
       */
      input_filters?: {
        [key: string]: unknown;
      };
      /**
       * @description {NAME: COND}; COND is a value (equality; numbers compare numerically) or an object of operators $eq $ne $gt $gte $lt $lte $in. $gt/$gte/$lt/$lte take a number, $in an array. All conditions must hold; a result lacking the parameter never matches.
       * @example {
       *       "length": {
       *         "$gte": 1,
       *         "$lt": 5
       *       },
       *       "mode": "fast"
       *     }
       */
      output_filters?: {
        [key: string]: unknown;
      };
      /**
       * @description Sort keys, most significant first. Numbers order numerically, strings by code point, other types after them (among themselves by result id); runs lacking the parameter come last in both directions; ties by result id. Absent or empty: newest first.
       * @example [
       *       {
       *         "class": "output",
       *         "name": "energy",
       *         "direction": "desc"
       *       }
       *     ]
       */
      order_by?:
        | (
            | {
                /** @enum {string} */
                class: 'input' | 'output';
                name: string;
                /** @enum {string} */
                direction: 'asc' | 'desc';
              }
            | {
                /** @enum {string} */
                field: 'created_at' | 'execution_id' | 'simulation_version' | 'status' | 'completed_at' | 'duration_seconds';
                /** @enum {string} */
                direction: 'asc' | 'desc';
              }
          )[]
        | null;
      /**
       * @description csv: RFC 4180, a header row, then one row per run; jsonl: one JSON object per line {execution_id, simulation_name, simulation_version, status, created_at, completed_at, duration_seconds, input_params, output_params}
       * @enum {string}
       */
      format: 'csv' | 'jsonl';
    };
    HealthyResponse: {
      /** @enum {string} */
      status: 'healthy';
      /** @enum {string} */
      service: 'cache' | 'catalog' | 'results';
      /** @enum {string} */
      backend: 'sqlite' | 'postgresql';
    };
    HistogramAggregate: {
      /** @enum {string} */
      class: 'input' | 'output';
      name: string;
      /** @enum {string} */
      scale: 'linear' | 'log';
      /** @description bins + 1 edges from the smallest to the largest value; empty without values */
      edges: number[];
      /** @description values per bin; each bin holds [edge, next edge), the last also its upper edge */
      counts: number[];
      /** @description values counted in the bins */
      count: number;
      /** @description numeric values left out: those ≤ 0 on the log scale */
      excluded: number;
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
    ParameterAggregate: {
      /** @enum {string} */
      class: 'input' | 'output';
      name: string;
      /** @description matching runs whose value is a number */
      count: number;
      min: number | null;
      max: number | null;
      avg: number | null;
      /** @description population standard deviation (divides by count) */
      stddev: number | null;
      /** @description percentiles by linear interpolation between closest ranks */
      p05: number | null;
      p50: number | null;
      p95: number | null;
    };
    ParameterStatsResponse: {
      simulation_name: string;
      param_name: string;
      /** @enum {string} */
      param_class: 'input' | 'output';
      /** @description the schema's type of the parameter */
      param_type: string | null;
      count: number;
      avg_value: number | null;
      min_value: number | null;
      max_value: number | null;
    };
    RefreshedSessionDto: {
      token: string;
      /** @description Same as token */
      session_id: string;
      /** @example 2026-11-22T10:12:25.000000 */
      expires_at: string;
    };
    RegisterDirectDto: {
      /** @example exec-20260115-0001 */
      execution_id: string;
      /** @example heat-1d */
      simulation_name: string;
      /** @example 1.0.0 */
      simulation_version: string;
      /**
       * @description {NAME: value}, at most 10000 parameters; the schema is inferred from the values
       * @example {
       *       "length": 2.5,
       *       "mode": "fast"
       *     }
       */
      input_params: {
        [key: string]: unknown;
      };
      /**
       * @description {NAME: value}, at most 10000 parameters; the schema is inferred from the values
       * @example {
       *       "length": 2.5,
       *       "mode": "fast"
       *     }
       */
      output_params: {
        [key: string]: unknown;
      };
      /** @example completed */
      status: string;
      squid_id?: string | null;
      duration_seconds?: number | null;
      /** @description stored as given; not opened */
      run_db_path?: string | null;
      /** @description Free-form JSON object of at most 65536 bytes, stored with the result */
      metadata?: {
        [key: string]: unknown;
      };
      /**
       * @description accepted for older callers; changes nothing (a registered execution_id is always updated in place)
       * @default false
       */
      replace?: boolean | null;
    };
    RegisterResultDto: {
      /** @example exec-20260115-0001 */
      execution_id: string;
      /** @description below the runs root; a relative path is relative to it */
      run_db_path?: string | null;
      /** @description used when the run database has none */
      squid_id?: string | null;
      /** @description Free-form JSON object of at most 65536 bytes, stored with the result */
      metadata?: {
        [key: string]: unknown;
      };
      /**
       * @description accepted for older callers; changes nothing (a registered execution_id is always updated in place)
       * @default false
       */
      replace?: boolean | null;
    };
    RegisterResultResponse: {
      /** @enum {boolean} */
      success: true;
      result_id: number;
      execution_id: string;
      input_count: number;
      output_count: number;
      /** @description the parameter set (names, classes, types) the result was indexed under: the same for every run of a simulation sharing it (sim2l's schema_id) */
      schema_id: number;
    };
    ResultParameterSchema: {
      type: string | null;
      units: string | null;
      description:
        | (string | null)
        | (number | null)
        | (boolean | null)
        | (unknown[] | null)
        | ({
            [key: string]: unknown;
          } | null);
      min:
        | (string | null)
        | (number | null)
        | (boolean | null)
        | (unknown[] | null)
        | ({
            [key: string]: unknown;
          } | null);
      max:
        | (string | null)
        | (number | null)
        | (boolean | null)
        | (unknown[] | null)
        | ({
            [key: string]: unknown;
          } | null);
      default:
        | (string | null)
        | (number | null)
        | (boolean | null)
        | (unknown[] | null)
        | ({
            [key: string]: unknown;
          } | null);
    };
    ResultResponse: {
      /** @description the result id */
      id: number;
      execution_id: string;
      simulation_name: string;
      simulation_version: string;
      squid_id: string | null;
      status: string;
      duration_seconds: number | null;
      /** @description parameter name → JSON value */
      input_params: {
        [key: string]: unknown;
      };
      /** @description parameter name → JSON value */
      output_params: {
        [key: string]: unknown;
      };
      schema: components['schemas']['ResultSchema'];
      run_db_path: string | null;
      metadata: {
        [key: string]: unknown;
      } | null;
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      created_at: string;
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      completed_at: string | null;
      /** @description the parameter set (names, classes, types) the result was indexed under: the same for every run of a simulation sharing it (sim2l's schema_id); null for a result registered before schema ids existed, until it is registered again */
      schema_id: number | null;
    };
    ResultSchema: {
      inputs: {
        [key: string]: components['schemas']['ResultParameterSchema'];
      };
      outputs: {
        [key: string]: components['schemas']['ResultParameterSchema'];
      };
    };
    SearchHit: {
      execution_id: string;
      simulation_name: string;
      simulation_version: string;
      squid_id: string | null;
      /** @description parameter name → JSON value */
      input_params: {
        [key: string]: unknown;
      };
      /** @description parameter name → JSON value */
      output_params: {
        [key: string]: unknown;
      };
      status: string;
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      created_at: string;
      /**
       * @description UTC, ISO 8601 without time zone, six fractional digits
       * @example 2026-11-22T10:12:25.123000
       */
      completed_at: string | null;
      duration_seconds: number | null;
    };
    SearchResultsDto: {
      /**
       * @description absent or null: every simulation
       * @example heat-1d
       */
      simulation_name?: string | null;
      simulation_version?: string | null;
      /** @example completed */
      status?: string | null;
      /**
       * @description {NAME: COND}; COND is a value (equality; numbers compare numerically) or an object of operators $eq $ne $gt $gte $lt $lte $in. $gt/$gte/$lt/$lte take a number, $in an array. All conditions must hold; a result lacking the parameter never matches.
       * @example {
       *       "length": {
       *         "$gte": 1,
       *         "$lt": 5
       *       },
       *       "mode": "fast"
       *     }
       */
      input_filters?: {
        [key: string]: unknown;
      };
      /**
       * @description {NAME: COND}; COND is a value (equality; numbers compare numerically) or an object of operators $eq $ne $gt $gte $lt $lte $in. $gt/$gte/$lt/$lte take a number, $in an array. All conditions must hold; a result lacking the parameter never matches.
       * @example {
       *       "length": {
       *         "$gte": 1,
       *         "$lt": 5
       *       },
       *       "mode": "fast"
       *     }
       */
      output_filters?: {
        [key: string]: unknown;
      };
      /**
       * @description Sort keys, most significant first. Numbers order numerically, strings by code point, other types after them (among themselves by result id); runs lacking the parameter come last in both directions; ties by result id. Absent or empty: newest first.
       * @example [
       *       {
       *         "class": "output",
       *         "name": "energy",
       *         "direction": "desc"
       *       }
       *     ]
       */
      order_by?:
        | (
            | {
                /** @enum {string} */
                class: 'input' | 'output';
                name: string;
                /** @enum {string} */
                direction: 'asc' | 'desc';
              }
            | {
                /** @enum {string} */
                field: 'created_at' | 'execution_id' | 'simulation_version' | 'status' | 'completed_at' | 'duration_seconds';
                /** @enum {string} */
                direction: 'asc' | 'desc';
              }
          )[]
        | null;
      /** @default 50 */
      limit?: number | null;
      /** @default 0 */
      offset?: number | null;
      /** @description the next_cursor of the previous page of the same search (filters and order_by); instead of offset */
      cursor?: string | null;
    };
    SearchResultsResponse: {
      /** @description in order_by order; newest first without it */
      results: components['schemas']['SearchHit'][];
      /** @description hits returned */
      count: number;
      /** @description all matches; with order_by, counted up to 10,000 (then total_is_lower_bound is true) */
      total: number;
      /** @description true when total is 10,000 standing for at least that many (order_by searches only) */
      total_is_lower_bound: boolean;
      limit: number;
      /** @description null on a page asked for by cursor */
      offset: number | null;
      /** @description send as cursor for the next page; null on the last page */
      next_cursor: string | null;
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
    TextValueCount: {
      value: string;
      count: number;
    };
    TextValuesAggregate: {
      /** @enum {string} */
      class: 'input' | 'output';
      name: string;
      /** @description the parameter's string values among the matching runs, most frequent first (ties by code point), at most 100 */
      values: components['schemas']['TextValueCount'][];
      /** @description whether more distinct values exist than are listed */
      more: boolean;
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
  ResultsController_aggregate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AggregateResultsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AggregateResultsResponse'];
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
  ResultsExportController_export: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ExportResultsDto'];
      };
    };
    responses: {
      /** @description the file, with Content-Disposition: attachment; filename="<simulation or results>-<YYYY-MM-DD>.<csv|jsonl>" */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
          'application/x-ndjson': string;
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
  ResultsController_register: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterResultDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RegisterResultResponse'];
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
      /** @description the session lacks write_results, or run_db_path resolves outside the runs root */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description run database not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description registered concurrently by another request */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body over 1 MiB, a run database over --max-run-db-bytes, or holding more than the service loads */
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
      /** @description not a sim2l run database (the message names what is missing), one of another execution, or one that took too long to read */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description too many run databases being read for the address at once; Retry-After */
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
      /** @description database unavailable, or no run database reader free within the read deadline (Retry-After) */
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
  ResultsController_registerDirect: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterDirectDto'];
        'application/x-ndjson': components['schemas']['RegisterDirectDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RegisterResultResponse'] | components['schemas']['BulkRegisterResponse'];
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
      /** @description request body over 1 MiB; as application/x-ndjson, more than 10000 lines or 64 MiB */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description request body not application/json or application/x-ndjson */
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
  ResultsController_find: {
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
          'application/json': components['schemas']['ResultResponse'];
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
      /** @description result not found */
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
  ResultsController_remove: {
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
          'application/json': components['schemas']['DeleteResultResponse'];
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
      /** @description result not found */
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
  RunUploadsController_download: {
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
      /** @description the file */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.sqlite3': string;
        };
      };
      /** @description the part of the file a Range asked for */
      206: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/vnd.sqlite3': string;
        };
      };
      /** @description not modified since the ETag given in If-None-Match */
      304: {
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
      /** @description result not found, or it has no run database inside the runs root */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description Range not satisfiable */
      416: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description the file has more than one hard link */
      422: {
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
  RunUploadsController_upload: {
    parameters: {
      query?: {
        /** @description when given, the run database must be of it */
        execution_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/vnd.sqlite3': string;
        'application/octet-stream': string;
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RegisterResultResponse'];
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
      /** @description registered concurrently by another request */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description body over --max-upload-bytes, or a run database holding more than the service loads */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description body not application/vnd.sqlite3 or application/octet-stream */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description not a sim2l run database, one of another execution, or names that cannot be stored as path segments */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorBody'];
        };
      };
      /** @description too many run databases being read for the address at once; Retry-After */
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
      /** @description database unavailable, or no run database reader free within the read deadline (Retry-After) */
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
  ResultsController_search: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SearchResultsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SearchResultsResponse'];
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
  ResultsController_stats: {
    parameters: {
      query?: {
        class?: 'input' | 'output';
        /** @description alias of class */
        param_class?: 'input' | 'output';
      };
      header?: never;
      path: {
        simulation_name: string;
        param_name: string;
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
          'application/json': components['schemas']['ParameterStatsResponse'];
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
