import { SimulationStatus } from '@simsvc/contracts';
import type { Backend, NamedStatement } from '@simsvc/persistence';
import { globSubstringPattern, likeSubstringPattern, usesTrigramIndex } from './search-terms';
import { simulationJsonSql } from './simulation.record';

// The SQL of the pages of simulations (search, browse, versions), composed from the criteria and
// nothing else: pure, so that its shapes and parameter numbering are unit-tested. The repository
// (simulation-pages.repository.ts) runs what it builds; see catalog.statements.ts for why these
// pages keep hand-tuned SQL, and the catalog migration for the search design.

export interface SearchCriteria {
  /** Lower-cased tokens of 2+ characters. */
  tokens: string[];
  /** Lower-cased tags of which at least one must be present (`tags`; more present rank first). */
  tags: string[];
  /** Lower-cased tags that must all be present (`all_tags`). */
  allTags: string[];
  /** Only simulations of this status; undefined: any. */
  status?: SimulationStatus;
  limit: number;
  offset: number;
}

/**
 * One page: its statement reads one row, the number of all matches (`total`) and the page's
 * simulations as the JSON text of their array in page order (`json`, written by the database:
 * simulationJsonSql), in one statement (one snapshot).
 */
export interface PageStatement {
  statement: NamedStatement;
  params: unknown[];
}

// "Newest" is the most recent registration: the highest id (ids only grow; unlike created_at
// they cannot be reordered by a clock step, and ordering by them needs no extra column).
export const LATEST_ORDER = 'version_sort_key DESC, id DESC';

/** A page's simulation `r` as its response's JSON text (built once: pages are built per request). */
const PAGE_JSON: Readonly<Record<Backend, string>> = {
  sqlite: simulationJsonSql('r', 'sqlite'),
  postgresql: simulationJsonSql('r', 'postgresql'),
};

/**
 * A page's statement named `name` over `pageRows`, a SELECT of one page's simulations `r` (and the
 * columns `order` names), under the common table expressions `withClause`; `total` counts all
 * matches. An empty page is `[]`.
 */
function pageStatement(name: string, parts: { withClause?: string; pageRows: string; order: string; total: string }): NamedStatement {
  const prefix = parts.withClause ? `${parts.withClause} ` : '';
  return {
    name,
    sql: `${prefix}SELECT (${parts.total}) AS total,
        '[' || COALESCE((SELECT string_agg(s.json, ',' ORDER BY ${parts.order}) FROM (${parts.pageRows}) s), '') || ']' AS json`,
  };
}

/** The versions of one name, highest first. */
export function versionsPage(name: string, limit: number, offset: number, backend: Backend): PageStatement {
  return { statement: VERSIONS_PAGE[backend], params: [name, limit, offset] };
}

const versionsStatement = (backend: Backend): NamedStatement =>
  pageStatement('catalog_versions', {
    pageRows: `SELECT ${PAGE_JSON[backend]} AS json, r.id, r.version_sort_key FROM catalog_simulations r
        WHERE r.name = $1 ORDER BY ${LATEST_ORDER} LIMIT $2 OFFSET $3`,
    order: 's.version_sort_key DESC, s.id DESC',
    total: 'SELECT COUNT(*) FROM catalog_simulations WHERE name = $1',
  });
const VERSIONS_PAGE: Readonly<Record<Backend, NamedStatement>> = {
  sqlite: versionsStatement('sqlite'),
  postgresql: versionsStatement('postgresql'),
};

/**
 * One page of search results and the number of all matches (contract §5). Candidates: with
 * tokens, the simulations matching at least one (scored by how many match, counted in SQL);
 * without, every simulation. Kept: those carrying any of `tags`, every one of `allTags`, of
 * `status`. Order: more matching `tags` first, then more matching tokens, then names by their
 * newest registration, a name's versions highest first ("latest" as GET /simulations/{name}
 * picks it), ties newest first.
 */
export function searchPage(criteria: SearchCriteria, backend: Backend): PageStatement {
  const page = buildSearchPage(criteria, backend);
  const shape = searchShape(criteria, backend);
  const built = BUILT_SEARCHES.get(shape);
  if (built) return { statement: built, params: page.params };
  if (BUILT_SEARCHES.size < MAX_BUILT_SEARCHES) BUILT_SEARCHES.set(shape, page.statement);
  return page;
}

// A search's text is the same for every search of its shape: the first one built is kept and
// sent, so that its text (~4 KB) is flattened and hashed once (the PostgreSQL statement names and
// the SQLite prepared statements are looked up by it), not on every request. Bounded: tokens
// are limited by the query's length, but their combinations are many.
const BUILT_SEARCHES = new Map<string, NamedStatement>();
const MAX_BUILT_SEARCHES = 256;

/** What a search's SQL text depends on besides the backend: how many tokens of each kind, which lists, a status. */
function searchShape(criteria: SearchCriteria, backend: Backend): string {
  const long = criteria.tokens.filter(usesTrigramIndex).length;
  const lists = [criteria.tags, criteria.allTags].map((list) => (list.length > 0 ? 1 : 0)).join('');
  return `${backend} ${long} ${criteria.tokens.length - long} ${lists} ${criteria.status === undefined ? 0 : 1}`;
}

function buildSearchPage(criteria: SearchCriteria, backend: Backend): PageStatement {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  if (criteria.tokens.length === 0 && criteria.tags.length === 0 && criteria.allTags.length === 0)
    return browse(criteria, backend, param, params);
  // Candidates with their scores: the token matches; without tokens, the simulations carrying a
  // listed tag, counted in one pass over the (tag, simulation_id) index (never the whole table).
  const tagList = (tags: string[]) => tagIn(tags, backend, param);
  const tokens = criteria.tokens.length > 0;
  const allTagsInCandidates = !tokens && criteria.tags.length === 0;
  const scored = tokens
    ? backend === 'postgresql'
      ? postgresTokenScores(criteria.tokens, param)
      : sqliteTokenScores(criteria.tokens, param)
    : criteria.tags.length > 0
      ? `SELECT g.simulation_id AS id, 0 AS score, COUNT(*) AS tag_score FROM catalog_simulation_tags AS g
          WHERE g.tag ${tagList(criteria.tags)} GROUP BY g.simulation_id`
      : `SELECT g.simulation_id AS id, 0 AS score, 0 AS tag_score FROM catalog_simulation_tags AS g
          WHERE g.tag ${tagList(criteria.allTags)} GROUP BY g.simulation_id HAVING COUNT(*) = ${param(criteria.allTags.length)}`;
  const anyTags = tokens && criteria.tags.length > 0 ? tagCount('m.id', tagList(criteria.tags)) : tokens ? '0' : 'm.tag_score';
  const conditions = [
    ...(tokens && criteria.tags.length > 0 ? [`${anyTags} > 0`] : []),
    ...(criteria.allTags.length > 0 && !allTagsInCandidates
      ? [`${tagCount('m.id', tagList(criteria.allTags))} = ${param(criteria.allTags.length)}`]
      : []),
    ...(criteria.status === undefined ? [] : [`c.status = ${param(criteria.status)}`]),
  ];
  const where = conditions.length > 0 ? `AND ${conditions.join(' AND ')}` : '';
  const limit = param(criteria.limit);
  const offset = param(criteria.offset);
  const statement = pageStatement('catalog_search', {
    // CROSS JOIN fixes the join order: candidates outermost, each probing the primary key.
    withClause: `WITH scored AS MATERIALIZED (${scored}),
        matched AS MATERIALIZED (SELECT m.id, m.score, ${anyTags} AS tag_score, c.version_sort_key,
            (SELECT MAX(n.id) FROM catalog_simulations AS n WHERE n.name = c.name) AS name_newest
          FROM scored AS m CROSS JOIN catalog_simulations AS c WHERE c.id = m.id ${where}),
        page AS (SELECT * FROM matched ORDER BY ${rankOrder('')} LIMIT ${limit} OFFSET ${offset})`,
    pageRows: `SELECT ${PAGE_JSON[backend]} AS json, p.id, p.score, p.tag_score, p.name_newest, p.version_sort_key
        FROM page AS p CROSS JOIN catalog_simulations AS r WHERE r.id = p.id`,
    order: rankOrder('s.'),
    total: 'SELECT COUNT(*) FROM matched',
  });
  return { statement, params };
}

const rankOrder = (alias: string) =>
  `${alias}tag_score DESC, ${alias}score DESC, ${alias}name_newest DESC, ${alias}version_sort_key DESC, ${alias}id DESC`;

/**
 * Every simulation (of `status`): names by their newest registration, each name's versions
 * highest first. Only the first limit + offset names are joined to their versions (each name has
 * at least one, so they hold the page); the names come from one pass over the (name, …, id) index.
 */
function browse(criteria: SearchCriteria, backend: Backend, param: (value: unknown) => string, params: unknown[]): PageStatement {
  const status = criteria.status === undefined ? undefined : param(criteria.status);
  const ofStatus = (alias: string) => (status === undefined ? '' : `WHERE ${alias}.status = ${status}`);
  const names = param(criteria.limit + criteria.offset);
  const limit = param(criteria.limit);
  const offset = param(criteria.offset);
  const statement = pageStatement('catalog_browse', {
    withClause: `WITH names AS MATERIALIZED (SELECT b.name, MAX(b.id) AS name_newest FROM catalog_simulations AS b ${ofStatus('b')}
          GROUP BY b.name ORDER BY name_newest DESC LIMIT ${names}),
        page AS (SELECT c.id, 0 AS score, 0 AS tag_score, n.name_newest, c.version_sort_key
          FROM names AS n CROSS JOIN catalog_simulations AS c WHERE c.name = n.name ${status === undefined ? '' : `AND c.status = ${status}`}
          ORDER BY ${rankOrder('')} LIMIT ${limit} OFFSET ${offset})`,
    pageRows: `SELECT ${PAGE_JSON[backend]} AS json, p.id, p.score, p.tag_score, p.name_newest, p.version_sort_key
        FROM page AS p CROSS JOIN catalog_simulations AS r WHERE r.id = p.id`,
    order: rankOrder('s.'),
    total: `SELECT COUNT(*) FROM catalog_simulations AS t ${ofStatus('t')}`,
  });
  return { statement, params };
}

/** `IN` the listed tags, as each backend takes a list parameter. */
function tagIn(tags: string[], backend: Backend, param: (value: unknown) => string): string {
  return backend === 'postgresql' ? `= ANY (${param(tags)}::text[])` : `IN (SELECT value FROM json_each(${param(JSON.stringify(tags))}))`;
}

/** How many of the tags (`list`, from tagIn) the simulation `column` carries: (simulation_id, tag) key lookups. */
function tagCount(column: string, list: string): string {
  return `(SELECT COUNT(*) FROM catalog_simulation_tags AS g WHERE g.simulation_id = ${column} AND g.tag ${list})`;
}

// PostgreSQL: each token is its own parameter, so that the statement's one generic plan (the
// catalog's sessions plan each statement once: see its store) still probes the pg_trgm index
// per token, `term LIKE $n`. An array of patterns is estimated at ten rows, and the generic
// plan for it scans the whole vocabulary instead.
// A token under three characters has no trigram: strpos() over the vocabulary. The postings
// give the simulations; a simulation's score is the number of distinct tokens it collected.
function postgresTokenScores(tokens: string[], param: (value: unknown) => string): string {
  const ordered = [...tokens.filter(usesTrigramIndex), ...tokens.filter((token) => !usesTrigramIndex(token))];
  const words = ordered
    .map((token, k) =>
      usesTrigramIndex(token)
        ? `SELECT ${k} AS k, id FROM catalog_search_terms WHERE term LIKE ${param(likeSubstringPattern(token))}`
        : `SELECT ${k} AS k, id FROM catalog_search_terms WHERE strpos(term, ${param(token)}) > 0`,
    )
    .join(' UNION ALL ');
  // With one token every match scores 1: one DISTINCT instead of two groupings (~40 % less SQL).
  return ordered.length === 1
    ? `SELECT DISTINCT p.simulation_id AS id, 1 AS score FROM (${words}) w JOIN catalog_search_postings p ON p.term_id = w.id`
    : `SELECT simulation_id AS id, COUNT(*) AS score
        FROM (SELECT DISTINCT w.k, p.simulation_id FROM (${words}) w JOIN catalog_search_postings p ON p.term_id = w.id) hits
        GROUP BY simulation_id`;
}

// SQLite: a token of 3+ characters finds its words by one GLOB on the FTS5 trigram index; a shorter one
// by instr() over the vocabulary. CROSS JOIN fixes the loop order: tokens outermost.
function sqliteTokenScores(tokens: string[], param: (value: unknown) => string): string {
  const long = tokens.filter(usesTrigramIndex);
  const short = tokens.filter((token) => !usesTrigramIndex(token));
  const branches = [
    long.length > 0
      ? `SELECT t.key AS k, f.rowid AS term_id FROM json_each(${param(JSON.stringify(long.map(globSubstringPattern)))}) AS t
          CROSS JOIN catalog_search_terms_fts AS f WHERE f.term GLOB t.value`
      : '',
    short.length > 0
      ? `SELECT 1000 + t.key AS k, v.id AS term_id FROM json_each(${param(JSON.stringify(short))}) AS t
          CROSS JOIN catalog_search_terms AS v WHERE instr(v.term, t.value) > 0`
      : '',
  ].filter((branch) => branch !== '');
  // With one token every match scores 1: DISTINCT instead of grouping and counting (~20 % less SQL).
  const scoring =
    tokens.length === 1
      ? { select: 'DISTINCT p.simulation_id AS id, 1 AS score', group: '' }
      : { select: 'p.simulation_id AS id, COUNT(DISTINCT w.k) AS score', group: 'GROUP BY p.simulation_id' };
  return `SELECT ${scoring.select} FROM (${branches.join(' UNION ALL ')}) AS w CROSS JOIN catalog_search_postings AS p
      WHERE p.term_id = w.term_id ${scoring.group}`;
}
