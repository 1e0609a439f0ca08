import type {
  CustomFieldFilter,
  Library,
  MatchSource,
  MetadataFilter,
  SearchOption,
  SearchOptionEntity,
  SearchParams,
} from '@hookline/contract';
import { libraries as libraries_, SEARCH_LIMITS } from '@hookline/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { escapeLike } from '../../platform/db/like.js';
import { rowsOf, textArray, uuidArray } from './sql.js';

/** A custom field as a filter needs it: its type and options. */
export interface FieldInfo {
  id: string;
  type: string;
  options: { id: string; label: string }[];
}

/** The filters of one search, resolved against the brand (a folder's path, tags by category, fields' types). */
export interface ResolvedSearch {
  brandId: string;
  params: SearchParams;
  /** Words of the keyword for fuzzy name matching (no quotes, no -words, no 'or'). */
  plainWords: string;
  folder: { id: string; path: string } | null;
  /** Tag ids grouped by category: any within a group, all groups. */
  tagGroups: string[][];
  fields: Map<string, FieldInfo>;
  /** includeShared: other brands' items shared with the caller (each share's item, its path). */
  shared: SharedRoot[];
}

/** An item another brand shared with the caller: it, and for a folder everything under it. */
export interface SharedRoot {
  brandId: string;
  id: string;
  path: string;
}

/** The brand's documents, or with shared roots also those at or under them (`a`: assets). */
function brandScope(r: ResolvedSearch): SQL {
  if (r.shared.length === 0) return sql`d.brand_id = ${r.brandId}`;
  const prefixes = r.shared.map((root) => `${escapeLike(root.path)}%`);
  return sql`(d.brand_id = ${r.brandId} or a.path like any(${textArray(prefixes)}))`;
}

export interface SearchHit {
  id: string;
  score: number;
}

export interface MatchRow {
  asset_id: string;
  s: MatchSource;
  headline: string;
  ms: number | null;
}

const OPERATOR_SQL = { gt: '>', gte: '>=', lt: '<', lte: '<=', eq: '=' } as const;
const compare = (operator: keyof typeof OPERATOR_SQL) => sql.raw(OPERATOR_SQL[operator]);

/** 'simple' and 'english' together, as the documents are (web-search syntax: quotes, -word, or). */
export const tsQuery = (keyword: string) =>
  sql`(websearch_to_tsquery('simple', ${keyword}) || websearch_to_tsquery('english', ${keyword}))`;

/** The keyword's condition and lexical score on `d` and `q` (the query's `tsq`). */
export function keywordMatch(plainWords: string): { condition: SQL; score: SQL } {
  // `<%`: pg_trgm's word similarity at its default threshold (0.6), through the name's trigram index.
  const name = plainWords ? sql`${plainWords} <% d.name` : sql`false`;
  return {
    condition: sql`(d.document @@ q.tsq or ${name})`,
    score: sql`greatest(ts_rank_cd(d.document, q.tsq, 32), ${
      plainWords ? sql`word_similarity(${plainWords}, d.name)` : sql`0`
    })::float8`,
  };
}

/**
 * Matches are ranked in two steps: all by their name and tags (`head`, in the row), then those
 * of each run of this many by the whole document, which is read from TOAST only for them. A
 * page's order is stable across offsets: a run never borrows from the next.
 */
export const RANK_RUN = 200;
/** Library options for a q shorter than this match names by their start only. */
const PREFIX_ONLY_BELOW = 3;
/**
 * pg_trgm's word similarity threshold (its default, which `<%` uses), compared directly where
 * `<%` would make the planner look the names up by trigrams again.
 */
const WORD_SIMILARITY = 0.6;
/** Library options for a longer q rank this many names found by their words (and a page's worth by prefix), at most. */
const PICKER_CANDIDATES = 300;
/** Corrections of a misspelt word looked for among the brand's name words, at most. */
const MAX_CORRECTIONS = 50;
/** A date filter becomes month lexemes up to this many months; a longer range checks dates only. */
const MAX_MONTHS = 36;

/** A lexeme of a tsquery, quoted. */
const lexeme = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
const anyOf = (values: string[]) => `(${values.map(lexeme).join(' | ')})`;

/** The months a date range touches (UTC, 'YYYY-MM'), or null when open or long. */
export function monthsOf(from: Date | undefined, to: Date | undefined): string[] | null {
  if (!from || !to || to < from) return null;
  const months: string[] = [];
  let year = from.getUTCFullYear();
  let month = from.getUTCMonth();
  const last = to.getUTCFullYear() * 12 + to.getUTCMonth();
  while (year * 12 + month <= last) {
    if (months.length >= MAX_MONTHS) return null;
    months.push(`${year}-${String(month + 1).padStart(2, '0')}`);
    month++;
    if (month === 12) {
      month = 0;
      year++;
    }
  }
  return months;
}

/** Marks ts_headline puts around matched words; the service turns them into offsets. */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_STOP = '\u0003';

/**
 * The search module's queries: results (one statement: filters, rank and the total), the
 * snippets of a page, and filter options. All read `search_documents` joined to `assets`
 * (folder, type, dates and dimensions) and, for filters, the owning modules' tables.
 */
/**
 * Options another module serves (issue 16: "other modules register theirs"): the brand's
 * (id, name, detail) rows, ranked and paged as every entity's are.
 */
export type OptionSource = (brandId: string) => SQL;

export class SearchRepository {
  /** Entities whose options other modules serve (SearchService.registerOptions). */
  readonly registeredOptions = new Map<SearchOptionEntity, OptionSource>();

  constructor(
    private readonly db: Database,
    /** Keyword searches count and rank this many matches at most (tests make it small). */
    private readonly exactTotal: number = SEARCH_LIMITS.exactTotal,
  ) {}

  async search(r: ResolvedSearch): Promise<{ hits: SearchHit[]; total: number; capped?: boolean }> {
    const { params } = r;
    const keyword = params.keyword ?? '';
    if (keyword) return this.keywordSearch(r, keyword);
    const where = this.filters(r);
    let score: SQL = sql`0::float8`;
    if (keyword) {
      const match = keywordMatch(r.plainWords);
      where.push(match.condition);
      score = match.score;
    }
    const direction = sql.raw(params.order === 'asc' ? 'asc' : 'desc');
    const order =
      keyword && params.sort === 'relevance'
        ? sql`score desc, a.created_at desc, a.id`
        : sql`a.created_at ${direction}, a.id`;
    const rows = rowsOf<{ id: string; score: number; total: number }>(
      await this.db.execute(sql`
        with q as (select ${keyword ? tsQuery(keyword) : sql`''::tsquery`} as tsq)
        select a.id, ${score} as score, count(*) over ()::int as total
        from search_documents d join assets a on a.id = d.asset_id cross join q
        where ${sql.join(where, sql` and `)}
        order by ${order}
        limit ${params.limit} offset ${params.offset}`),
    );
    // A page past the end has no rows to carry the total: count alone then.
    const total =
      rows[0]?.total ??
      (params.offset > 0
        ? rowsOf<{ total: number }>(
            await this.db.execute(sql`
              with q as (select ${keyword ? tsQuery(keyword) : sql`''::tsquery`} as tsq)
              select count(*)::int as total
              from search_documents d join assets a on a.id = d.asset_id cross join q
              where ${sql.join(where, sql` and `)}`),
          )[0]!.total
        : 0);
    return { hits: rows.map((row) => ({ id: row.id, score: Number(row.score) })), total };
  }

  /**
   * A keyword search: the keyword and the filters the document carries as lexemes (0028) are
   * one GIN lookup; the rest are conditions on `d` and, for folder and metadata, `a`. Misspelt
   * words: the brand's name words alike by trigrams are looked up as '=n:' lexemes, and those
   * names then checked as before (word similarity ≥ pg_trgm's threshold).
   */
  private async keywordSearch(
    r: ResolvedSearch,
    keyword: string,
  ): Promise<{ hits: SearchHit[]; total: number; capped: boolean }> {
    const { params } = r;
    const facets = sql`${this.facets(r)}::tsquery`;
    const { where, assets } = this.documentFilters(r);
    const from = assets
      ? sql`search_documents d join assets a on a.id = d.asset_id cross join q`
      : sql`search_documents d cross join q`;
    const rest = where.length ? sql` and ${sql.join(where, sql` and `)}` : sql``;
    const corrections = await this.corrections(r.brandId, r.plainWords);
    // Each way of matching stops after one more than the exact total: a word in most of a
    // million items is counted and ranked among its first matches only ('10,000+').
    const enough = this.exactTotal + 1;
    // `fz`: the name's likeness, for the names found as alike only (it costs more than the rank).
    const byKeyword = sql`
      select * from (
        select d.asset_id, d.created_at, d.name, d.head, 0::float8 as fz from ${from}
        where numnode(q.tsq) > 0 and d.document @@ (q.tsq && ${facets})${rest}
        limit ${enough}) m0`;
    const matches = sql`
      q as (select ${tsQuery(keyword)} as tsq),
      m as (${
        corrections.length
          ? sql`
        select distinct on (u.asset_id) u.* from (
          ${byKeyword}
          union all
          select * from (
            select * from (
              select d.asset_id, d.created_at, d.name, d.head, word_similarity(${r.plainWords}, d.name) as fz
              from ${from}
              where d.document @@ (${anyOf(corrections.map((w) => `=n:${w}`))}::tsquery && ${facets})${rest}
            ) alike where alike.fz >= ${WORD_SIMILARITY}
            limit ${enough}) m1
        ) u order by u.asset_id, u.fz desc`
          : byKeyword
      })`;
    const similarity = (name: SQL) =>
      r.plainWords ? sql`word_similarity(${r.plainWords}, ${name})` : sql`0`;
    const direction = sql.raw(params.order === 'asc' ? 'asc' : 'desc');
    // Newest or oldest: only the page is read whole, for its scores. By relevance: the runs of
    // RANK_RUN up to the page's last one are.
    const page =
      params.sort === 'relevance'
        ? sql`select r.asset_id, r.created_at, r.name, r.total, r.run from r
            where r.run <= ${Math.floor((params.offset + params.limit - 1) / RANK_RUN)} and r.n <= ${this.exactTotal}`
        : sql`select r.asset_id, r.created_at, r.name, r.total, r.run from r where r.n <= ${this.exactTotal}
            order by r.created_at ${direction}, r.asset_id limit ${params.limit} offset ${params.offset}`;
    const rows = await this.tuned((db) =>
      db.execute(sql`
        with ${matches},
        n as (
          select m.asset_id, m.created_at, m.name, count(*) over ()::int as total, row_number() over (order by ${
            params.sort === 'relevance'
              ? sql`greatest(ts_rank_cd(m.head, q.tsq, 32), m.fz) desc, m.created_at desc`
              : sql`m.created_at ${direction}`
          }, m.asset_id) as n
          from m cross join q
        ),
        r as (select n.*, ${params.sort === 'relevance' ? sql`(n.n - 1) / ${RANK_RUN}` : sql`0`} as run from n),
        p as (${page})
        select p.asset_id as id, p.total,
          greatest(ts_rank_cd(d.document, q.tsq, 32), ${similarity(sql`p.name`)})::float8 as score
        from p join search_documents d on d.asset_id = p.asset_id cross join q
        order by ${
          params.sort === 'relevance'
            ? sql`p.run, score desc, p.created_at desc, p.asset_id
              limit ${params.limit} offset ${params.offset}`
            : sql`p.created_at ${direction}, p.asset_id`
        }`),
    ).then((result) => rowsOf<{ id: string; score: number; total: number }>(result));
    // A page past the end has no rows to carry the total: count alone then.
    const counted =
      rows[0]?.total ??
      (params.offset > 0
        ? rowsOf<{ total: number }>(
            await this.tuned((db) => db.execute(sql`with ${matches} select count(*)::int as total from m`)),
          )[0]!.total
        : 0);
    return {
      hits: rows.map((row) => ({ id: row.id, score: Number(row.score) })),
      total: Math.min(counted, this.exactTotal),
      capped: counted > this.exactTotal,
    };
  }

  /**
   * A statement with room to sort and to keep its bitmap exact (the default 4 MB turns a
   * common word's bitmap lossy: every page then rechecked, documents read from TOAST) and
   * without JIT compilation, which costs more than these statements run.
   */
  private tuned<T>(work: (db: Database) => Promise<T>, options: { seqScan?: boolean } = {}): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(sql`set local jit = off`);
      if (options.seqScan === false) await tx.execute(sql`set local enable_seqscan = off`);
      return work(tx as unknown as Database);
    });
  }

  /** The filters a document carries as lexemes (documents.ts facetsOf), as one tsquery. */
  private facets(r: ResolvedSearch): string {
    const { params } = r;
    const brands = [...new Set([r.brandId, ...r.shared.map((root) => root.brandId)])];
    const parts = [anyOf(brands.flatMap((b) => params.library.map((l) => `=l:${b}:${l}`)))];
    if (params.types.length) parts.push(anyOf(params.types.map((t) => `=t:${t}`)));
    for (const group of r.tagGroups) parts.push(anyOf(group.map((id) => `=g:${id}`)));
    if (params.aspectRatios.length) parts.push(anyOf(params.aspectRatios.map((a) => `=a:${a}`)));
    if (params.languages.length) parts.push(anyOf(params.languages.map((l) => `=la:${l}`)));
    if (params.platforms.length) parts.push(anyOf(params.platforms.map((p) => `=p:${p}`)));
    const months = monthsOf(params.createdFrom, params.createdTo && endOfDay(params.createdTo));
    if (months) parts.push(anyOf(months.map((m) => `=m:${m}`)));
    return parts.join(' & ');
  }

  /** The filters a document's lexemes do not carry, on `d` and (folder, metadata: `assets` joined) `a`. */
  private documentFilters(r: ResolvedSearch): { where: SQL[]; assets: boolean } {
    const { params } = r;
    const where: SQL[] = [];
    let assets = false;
    // Other brands' lexemes let their shared items in: only those at or under a shared root pass.
    if (r.shared.length) {
      assets = true;
      where.push(brandScope(r));
    }
    if (r.folder) {
      assets = true;
      where.push(
        params.includeSubFolders
          ? sql`a.path like ${`${escapeLike(r.folder.path)}%`} and a.id <> ${r.folder.id}`
          : sql`a.parent_id = ${r.folder.id}`,
      );
    }
    if (params.createdFrom) where.push(sql`d.created_at >= ${params.createdFrom.toISOString()}`);
    if (params.createdTo) where.push(sql`d.created_at <= ${endOfDay(params.createdTo).toISOString()}`);
    if (params.metadata.length) assets = true;
    for (const m of params.metadata) where.push(metadataCondition(m));
    if (params.boards.length)
      where.push(
        sql`exists (select 1 from board_items b where b.asset_id = d.asset_id and b.board_id = any(${uuidArray(params.boards)}))`,
      );
    const clips = clipCondition(params, sql`d.asset_id`);
    if (clips) where.push(clips);
    for (const filter of params.customFields)
      where.push(fieldCondition(filter, r.fields.get(filter.fieldId)!, sql`d.asset_id`));
    return { where, assets };
  }

  /** The brand's name words containing or resembling q's words (3 letters or more). */
  private async nameWords(brandId: string, q: string): Promise<string[]> {
    const words = [...new Set(q.toLowerCase().split(/\s+/))].filter((w) => w.length >= 3);
    if (words.length === 0) return [];
    return rowsOf<{ word: string }>(
      await this.db.execute(sql`
        select s.word
        from search_words s cross join unnest(${textArray(words)}, ${textArray(words.map((w) => `%${escapeLike(w)}%`))}) x(w, p)
        where s.brand_id = ${brandId} and (s.word like x.p or x.w <% s.word)
        group by s.word order by max(word_similarity(x.w, s.word)) desc, s.word
        limit ${MAX_CORRECTIONS}`),
    ).map((row) => row.word);
  }

  /**
   * The brand's name words alike by trigrams to the keyword's words (3 letters or more), when
   * one of those is no name word as typed (else the keyword finds its names itself).
   */
  private async corrections(brandId: string, plainWords: string): Promise<string[]> {
    const words = [...new Set(plainWords.toLowerCase().split(/\s+/))].filter((w) => w.length >= 3);
    if (words.length === 0) return [];
    const rows = rowsOf<{ word: string }>(
      await this.db.execute(sql`
        select s.word from search_words s cross join unnest(${textArray(words)}) w
        where s.brand_id = ${brandId} and w <% s.word
        group by s.word order by max(word_similarity(w, s.word)) desc, s.word
        limit ${MAX_CORRECTIONS}`),
    ).map((row) => row.word);
    return words.every((w) => rows.includes(w)) ? [] : rows;
  }

  /** Every filter but the keyword, as conditions on `d` (search_documents) and `a` (assets); semantic-repository.ts reuses them. */
  filters(r: ResolvedSearch): SQL[] {
    const { params } = r;
    const where: SQL[] = [
      brandScope(r),
      sql`d.library = any(${textArray(params.library)})`,
      sql`not a.is_hidden`,
      sql`a.uploading_state is distinct from 'UPLOADING' and a.uploading_state is distinct from 'FAILED_TO_UPLOAD'`,
    ];
    if (r.folder)
      where.push(
        params.includeSubFolders
          ? sql`a.path like ${`${escapeLike(r.folder.path)}%`} and a.id <> ${r.folder.id}`
          : sql`a.parent_id = ${r.folder.id}`,
      );
    if (params.types.length) where.push(sql`a.type = any(${textArray(params.types)})`);
    for (const group of r.tagGroups)
      where.push(
        sql`exists (select 1 from asset_tags t where t.asset_id = a.id and t.tag_id = any(${uuidArray(group)}))`,
      );
    if (params.createdFrom) where.push(sql`a.created_at >= ${params.createdFrom.toISOString()}`);
    if (params.createdTo) where.push(sql`a.created_at <= ${endOfDay(params.createdTo).toISOString()}`);
    for (const m of params.metadata) where.push(metadataCondition(m));
    if (params.aspectRatios.length) where.push(sql`d.aspect = any(${textArray(params.aspectRatios)})`);
    if (params.languages.length) where.push(sql`d.language = any(${textArray(params.languages)})`);
    if (params.platforms.length) where.push(sql`d.platforms && ${textArray(params.platforms)}`);
    if (params.boards.length)
      where.push(
        sql`exists (select 1 from board_items b where b.asset_id = a.id and b.board_id = any(${uuidArray(params.boards)}))`,
      );
    const clips = clipCondition(params, sql`a.id`);
    if (clips) where.push(clips);
    for (const filter of params.customFields)
      where.push(fieldCondition(filter, r.fields.get(filter.fieldId)!, sql`a.id`));
    return where;
  }

  /** Up to three lines per item where the keyword matched, best source first, with headlines. */
  async matches(ids: string[], keyword: string): Promise<MatchRow[]> {
    if (ids.length === 0 || !keyword) return [];
    const options = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=18, MinWords=8, ShortWord=2, HighlightAll=false`;
    return rowsOf<MatchRow>(
      await this.db.execute(sql`
        with q as (select ${tsQuery(keyword)} as tsq)
        select d.asset_id, l.s, ts_headline('simple', l.t, q.tsq, ${options}) as headline, l.ms
        from search_documents d cross join q
        cross join lateral (
          select x.s, x.t, x.ms
          from jsonb_array_elements(d.lines) with ordinality as e(line, n)
          cross join lateral (select e.line->>'s' as s, e.line->>'t' as t, (e.line->>'ms')::int as ms, e.n) x
          where (to_tsvector('simple', x.t) || to_tsvector('english', x.t)) @@ q.tsq
          order by case x.s when 'TAG' then 0 when 'DESCRIPTION' then 1 when 'CUSTOM_FIELD' then 2
                   when 'ON_SCREEN_TEXT' then 3 when 'TRANSCRIPT' then 4 else 5 end, x.n
          limit ${SEARCH_LIMITS.matchesPerResult}
        ) l
        where d.asset_id = any(${uuidArray(ids)})`),
    );
  }

  /**
   * includeShared: the items of other brands shared with this user in person (an item or a
   * folder; live shares only, board shares aside), as roots of what they reach.
   */
  async sharedRoots(userId: string, brandId: string): Promise<SharedRoot[]> {
    return rowsOf<SharedRoot>(
      await this.db.execute(sql`
        select distinct sh.brand_id::text as "brandId", a.id::text as id, a.path
        from shares sh join assets a on a.id = sh.resource_id
        where sh.user_id = ${userId} and sh.kind = 'PERSON' and sh.scope in ('ASSET', 'FOLDER')
          and (sh.expires_at is null or sh.expires_at > now()) and sh.brand_id <> ${brandId}
          and not a.is_hidden`),
    );
  }

  /** Each item's brand and account (results from several brands are presented per brand). */
  async brandsOf(ids: string[]): Promise<{ id: string; brandId: string; accountId: string }[]> {
    if (ids.length === 0) return [];
    return rowsOf<{ id: string; brandId: string; accountId: string }>(
      await this.db.execute(sql`
        select a.id::text as id, a.brand_id::text as "brandId", b.account_id::text as "accountId"
        from assets a join brands b on b.id = a.brand_id where a.id = any(${uuidArray(ids)})`),
    );
  }

  /** The folder a search looks in, when it is a folder of the brand. */
  async folder(brandId: string, id: string): Promise<{ id: string; path: string } | null> {
    const [row] = rowsOf<{ id: string; path: string }>(
      await this.db.execute(
        sql`select id, path from assets where id = ${id} and brand_id = ${brandId} and type = 'FOLDER'`,
      ),
    );
    return row ?? null;
  }

  /** The brand's tags among these ids, grouped by category (unknown ids dropped). */
  async tagGroups(brandId: string, tagIds: string[]): Promise<string[][]> {
    if (tagIds.length === 0) return [];
    const rows = rowsOf<{ id: string; category_id: string }>(
      await this.db.execute(
        sql`select id, category_id from tags where brand_id = ${brandId} and id = any(${uuidArray(tagIds)})`,
      ),
    );
    const groups = new Map<string, string[]>();
    for (const row of rows) groups.set(row.category_id, [...(groups.get(row.category_id) ?? []), row.id]);
    // Only unknown tags asked for: nothing can match them.
    if (groups.size === 0) return [[tagIds[0]!]];
    return [...groups.values()];
  }

  async fields(brandId: string, ids: string[]): Promise<Map<string, FieldInfo>> {
    if (ids.length === 0) return new Map();
    const rows = rowsOf<FieldInfo>(
      await this.db.execute(
        sql`select id, type, options from custom_fields where brand_id = ${brandId} and id = any(${uuidArray(ids)})`,
      ),
    );
    return new Map(rows.map((row) => [row.id, row]));
  }

  // ── options ─────────────────────────────────────────────────────────────
  /**
   * Options of one kind matching q: names starting with it first, then containing it, then
   * alike by trigrams; by name within each.
   */
  async options(
    brandId: string,
    entity: SearchOptionEntity,
    query: { q: string; limit: number; offset: number; fieldId?: string | undefined; library: Library[] },
  ): Promise<SearchOption[]> {
    const source = this.registeredOptions.get(entity)?.(brandId) ?? optionSource(brandId, entity, query);
    const q = query.q;
    const match = q ? sql`where o.name ilike ${`%${escapeLike(q)}%`} or ${q} <% o.name` : sql``;
    const rank = q
      ? sql`case when o.name ilike ${`${escapeLike(q)}%`} then 0 when o.name ilike ${`%${escapeLike(q)}%`} then 1 else 2 end,
            word_similarity(${q}, o.name) desc,`
      : sql``;
    const rows = rowsOf<{ id: string; name: string; detail: string | null }>(
      await this.db.execute(sql`
        select o.id, o.name, o.detail from (${source}) o ${match}
        order by ${rank} lower(o.name), o.id
        limit ${query.limit} offset ${query.offset}`),
    );
    return rows.map((row) => ({ id: String(row.id), name: row.name, entity, detail: row.detail }));
  }

  /** Library items by name for pickers: prefix first, then containing, then alike. */
  async libraryOptions(
    brandId: string,
    query: { q: string; library: Library[]; types: string[]; limit: number; offset: number },
  ): Promise<string[]> {
    const q = query.q;
    const where: SQL[] = [sql`a.brand_id = ${brandId}`, sql`not a.is_hidden`];
    if (query.library.length) where.push(sql`a.library = any(${textArray(query.library)})`);
    if (query.types.length) where.push(sql`a.type = any(${textArray(query.types)})`);
    if (q && q.length < PREFIX_ONLY_BELOW) {
      // One or two letters: names starting with them, through 0028's index in its order (a
      // containing or trigram match would read most of a large library).
      return rowsOf<{ id: string }>(
        await this.db.execute(sql`
          select a.id from search_documents d join assets a on a.id = d.asset_id
          where d.brand_id = ${brandId} and lower(d.name) collate "C" like ${`${escapeLike(q.toLowerCase())}%`}
            and ${sql.join(where, sql` and `)}
          order by lower(d.name) collate "C", a.id
          limit ${query.limit} offset ${query.offset}`),
      ).map((row) => row.id);
    }
    if (q) {
      // Names containing q or alike: found through the brand's name words that contain or
      // resemble q's words ('=n:' lexemes), at most PICKER_CANDIDATES of them, plus those
      // starting with q through the prefix index, then ranked as below. The candidates are
      // materialised so that the names are checked on them, not looked up by trigrams again.
      const words = await this.nameWords(brandId, q);
      // Uploading items too ('=u:'), as the library lists them.
      const libraries = (query.library.length ? query.library : libraries_).flatMap((l) => [
        `=l:${brandId}:${l}`,
        `=u:${brandId}:${l}`,
      ]);
      const byWords = words.length
        ? sql` union (
            select d.asset_id, d.name from search_documents d
            where d.document @@ (${anyOf(words.map((w) => `=n:${w}`))}::tsquery && ${anyOf(libraries)}::tsquery)
            limit ${PICKER_CANDIDATES})`
        : sql``;
      const contains = `%${escapeLike(q)}%`;
      // A common word looks cheap to find by reading the table in order; each row read then
      // decompresses its document. The index finds them without.
      return rowsOf<{ id: string }>(
        await this.tuned(
          (db) =>
            db.execute(sql`
          with c as materialized (
            (select d.asset_id, d.name from search_documents d
              where d.brand_id = ${brandId} and lower(d.name) collate "C" like ${`${escapeLike(q.toLowerCase())}%`}
              order by lower(d.name) collate "C" limit ${query.offset + query.limit})
            ${byWords}
          )
          select a.id from c join assets a on a.id = c.asset_id
          where ${sql.join(where, sql` and `)}
            and (c.name ilike ${contains} or word_similarity(${q}, c.name) >= ${WORD_SIMILARITY})
          order by case when c.name ilike ${`${escapeLike(q)}%`} then 0 when c.name ilike ${contains} then 1 else 2 end,
            word_similarity(${q}, c.name) desc, lower(a.name), a.id
          limit ${query.limit} offset ${query.offset}`),
          { seqScan: false },
        ),
      ).map((row) => row.id);
    }
    return rowsOf<{ id: string }>(
      await this.db.execute(sql`
        select a.id from search_documents d join assets a on a.id = d.asset_id
        where ${sql.join(where, sql` and `)}
        order by lower(a.name), a.id
        limit ${query.limit} offset ${query.offset}`),
    ).map((row) => row.id);
  }
}

/** A date-only `createdTo` (midnight UTC) includes its whole day. */
function endOfDay(date: Date): Date {
  const midnight =
    date.getUTCHours() === 0 &&
    date.getUTCMinutes() === 0 &&
    date.getUTCSeconds() === 0 &&
    date.getUTCMilliseconds() === 0;
  return midnight ? new Date(date.getTime() + 86_400_000 - 1) : date;
}

function metadataCondition(m: MetadataFilter): SQL {
  const column =
    m.field === 'length'
      ? sql`a.length`
      : m.field === 'width'
        ? sql`(a.metadata->>'width')::float8`
        : sql`(a.metadata->>'height')::float8`;
  return sql`${column} ${compare(m.operator)} ${m.value}`;
}

/** The breakdown filters (clip types and subtypes) on the item `id`, or null. */
function clipCondition(params: SearchParams, id: SQL): SQL | null {
  if (!params.transcriptionBreakdownTypes.length && !params.transcriptionBreakdownSubtypes.length)
    return null;
  const types = params.transcriptionBreakdownTypes.length
    ? sql` and c.type = any(${textArray(params.transcriptionBreakdownTypes)})`
    : sql``;
  const subtypes = params.transcriptionBreakdownSubtypes.length
    ? sql` and lower(c.subtype) = any(${textArray(params.transcriptionBreakdownSubtypes.map((s) => s.toLowerCase()))})`
    : sql``;
  return sql`exists (select 1 from asset_clips c where c.asset_id = ${id}${types}${subtypes})`;
}

/** A custom field filter on the field's own column (the service checked the operator fits the type). */
function fieldCondition(filter: CustomFieldFilter, field: FieldInfo, id: SQL): SQL {
  const value = (condition: SQL) =>
    sql`exists (select 1 from asset_field_values v where v.asset_id = ${id} and v.field_id = ${field.id} and ${condition})`;
  switch (field.type) {
    case 'NUMBER':
      return value(
        sql`v.number_value ${compare(filter.operator as keyof typeof OPERATOR_SQL)} ${Number(filter.value)}`,
      );
    case 'DATE':
      return value(
        sql`v.date_value ${compare(filter.operator as keyof typeof OPERATOR_SQL)} ${filter.value}::date`,
      );
    case 'SINGLE_SELECT':
    case 'MULTI_SELECT':
      return value(sql`${filter.value}::uuid = any(v.option_ids)`);
    default:
      if (filter.operator === 'EQUALS') return value(sql`lower(v.text_value) = lower(${filter.value})`);
      if (filter.operator === 'NOT_CONTAINS')
        return sql`not ${value(sql`v.text_value ilike ${`%${escapeLike(filter.value)}%`}`)}`;
      return value(sql`v.text_value ilike ${`%${escapeLike(filter.value)}%`}`);
  }
}

/** Each entity's options as (id, name, detail) rows of the brand. */
function optionSource(
  brandId: string,
  entity: SearchOptionEntity,
  query: { fieldId?: string | undefined; library: Library[] },
): SQL {
  switch (entity) {
    case 'TAG':
      return sql`select t.id::text, t.name, c.name as detail from tags t join tag_categories c on c.id = t.category_id where t.brand_id = ${brandId}`;
    case 'TAG_CATEGORY':
      return sql`select id::text, name, null::text as detail from tag_categories where brand_id = ${brandId}`;
    case 'FOLDER': {
      const libraries = query.library.length ? query.library : ['BRAND'];
      // The ancestors are the ids in the folder's path: primary-key lookups, not a scan per folder.
      return sql`select f.id::text, f.name,
          (select string_agg(p.name, ' / ' order by p.depth) from assets p
            where p.id = any(string_to_array(trim(both '/' from f.path), '/')::uuid[])
              and p.id <> f.id and p.brand_id = f.brand_id) as detail
        from assets f where f.brand_id = ${brandId} and f.type = 'FOLDER' and not f.is_hidden
          and f.library = any(${textArray(libraries)})`;
    }
    case 'BOARD':
      return sql`select id::text, name, null::text as detail from boards where brand_id = ${brandId}`;
    case 'USER':
      // The brand's people: members of its account who may work in it.
      return sql`select u.id::text, trim(u.first_name || ' ' || u.last_name) as name, u.email as detail
        from users u join account_members m on m.user_id = u.id
        join brands b on b.account_id = m.account_id and b.id = ${brandId}
        where not exists (select 1 from member_brands r where r.user_id = u.id)
           or exists (select 1 from member_brands r where r.user_id = u.id and r.brand_id = ${brandId})`;
    case 'CUSTOM_FIELD':
      return sql`select id::text, name, type as detail from custom_fields where brand_id = ${brandId}`;
    case 'CUSTOM_FIELD_VALUE': {
      const field = query.fieldId ?? '00000000-0000-0000-0000-000000000000';
      return sql`select o->>'id' as id, o->>'label' as name, f.name as detail
          from custom_fields f cross join jsonb_array_elements(f.options) o
          where f.brand_id = ${brandId} and f.id = ${field}
        union
        select distinct v.text_value as id, v.text_value as name, f.name as detail
          from custom_fields f join asset_field_values v on v.field_id = f.id
          where f.brand_id = ${brandId} and f.id = ${field} and v.text_value is not null`;
    }
    case 'CLIP_SUBTYPE':
      return sql`select distinct c.type || ':' || c.subtype as id, c.subtype as name, c.type as detail
        from asset_clips c join assets a on a.id = c.asset_id
        where a.brand_id = ${brandId} and c.subtype is not null`;
    case 'CREATIVE_INFO_VALUE':
      // Served by the module that registers it; without it (a server built without that module) none.
      return sql`select null::text as id, null::text as name, null::text as detail where false`;
  }
}
