import { type AspectRatio, type MatchSource, type SearchLanguage, searchLanguages } from '@hookline/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { rowsOf, uuidArray } from './sql.js';

/**
 * Search documents (drizzle/0024): what an item is found by, rebuilt from what it is made of.
 * This is the search module's read model: it reads the tables of the modules that own the
 * words (library, tags, custom fields, comments, AI analysis, ad performance) and writes only
 * its own `search_documents`. Triggers on those tables mark items dirty; `rebuild` takes a
 * batch of them in one transaction, so a crash leaves them dirty, never half-indexed.
 */

/** A text an item is found by, kept for snippets: its source and, on a timeline, its time. */
export interface DocumentLine {
  s: MatchSource;
  t: string;
  ms: number | null;
}

/** The weights of 0024's `document`: A name and tags, B description, fields and on-screen text, C speech, D comments. */
const WEIGHT_OF: Record<MatchSource, 'a' | 'b' | 'c' | 'd'> = {
  NAME: 'a',
  TAG: 'a',
  DESCRIPTION: 'b',
  CUSTOM_FIELD: 'b',
  ON_SCREEN_TEXT: 'b',
  TRANSCRIPT: 'c',
  COMMENT: 'd',
};

const TIMED_TYPES = new Set(['VIDEO', 'AUDIO', 'ANIMATION']);

/** A tsvector holds at most 1 MB: each weight's text is cut well before. */
const MAX_TEXT = 200_000;

const ASPECTS: [AspectRatio, number][] = [
  ['1:1', 1],
  ['16:9', 16 / 9],
  ['9:16', 9 / 16],
  ['4:5', 4 / 5],
];

/** The aspect bucket of a picture: within 3 % of one of 000 §3's ratios, else none. */
export function aspectOf(width: unknown, height: unknown): AspectRatio | null {
  if (typeof width !== 'number' || typeof height !== 'number' || width <= 0 || height <= 0) return null;
  const ratio = width / height;
  return ASPECTS.find(([, target]) => Math.abs(ratio / target - 1) <= 0.03)?.[0] ?? null;
}

const LANGUAGE_NAMES: Record<string, SearchLanguage> = {
  english: 'en',
  german: 'de',
  french: 'fr',
  spanish: 'es',
  portuguese: 'pt',
  norwegian: 'no',
  swedish: 'sv',
  polish: 'pl',
  nb: 'no',
  nn: 'no',
};

/** A transcript's language ('en', 'en-US', 'English'…) as one of the filter's codes, else none. */
export function languageOf(value: string | null | undefined): SearchLanguage | null {
  if (!value) return null;
  const lower = value.trim().toLowerCase();
  const named = LANGUAGE_NAMES[lower];
  if (named) return named;
  const code = lower.slice(0, 2);
  return (searchLanguages as readonly string[]).includes(code)
    ? (code as SearchLanguage)
    : (LANGUAGE_NAMES[code] ?? null);
}

/** 'Summer_hero-v2.jpg' → 'Summer hero v2 jpg': a name's parts are words (the parser keeps 'hero.jpg' whole). */
export const nameWords = (name: string) => name.replace(/[_\-.+]+/g, ' ');

/** '@[Ana Lima](uuid) looks good' → '@Ana Lima looks good'. */
const plainComment = (text: string) => text.replace(/@\[([^\]]*)\]\([^)]*\)/g, '@$1');

interface ItemRow {
  id: string;
  brand_id: string;
  library: string;
  type: string;
  name: string;
  description: string | null;
  width: number | null;
  height: number | null;
  created_at: string;
  ready: boolean;
}

/**
 * An item's filter values as lexemes of its document (0028): they start with '=', which no
 * text's words do, so a keyword and its filters are one GIN lookup. The SQL adds the month
 * created ('=m:2024-03') and the name's words ('=n:summer').
 */
export function facetsOf(item: {
  brandId: string;
  library: string;
  type: string;
  ready: boolean;
  tagIds: string[];
  aspect: string | null;
  language: string | null;
  platforms: string[];
}): string[] {
  return [
    // One lexeme for where it is and whether it may be shown: every search asks for it, and
    // each lexeme a GIN lookup intersects costs about as much as the others.
    `${item.ready ? '=l' : '=u'}:${item.brandId}:${item.library}`,
    `=t:${item.type}`,
    ...item.tagIds.map((id) => `=g:${id}`),
    ...(item.aspect ? [`=a:${item.aspect}`] : []),
    ...(item.language ? [`=la:${item.language}`] : []),
    ...item.platforms.map((p) => `=p:${p}`),
  ];
}

/** The SQL of a document's name words (the 'simple' lexemes of `name_words`), as words and as '=n:' lexemes. */
const NAME_WORDS = (nameWords: string) => `tsvector_to_array(to_tsvector('simple', ${nameWords}))`;
export const FACETS_SQL = (facets: string, nameWords: string, createdAt: string) =>
  `array_to_tsvector(${facets} || array['=m:' || to_char(${createdAt} at time zone 'UTC', 'YYYY-MM')]
     || array(select '=n:' || w from unnest(${NAME_WORDS(nameWords)}) w))`;
export const NAME_WORDS_SQL = NAME_WORDS;

/** Rebuilds the documents of up to `batch` dirty items; answers how many it took (0: none left). */
export async function rebuildDirty(db: Database, batch: number): Promise<number> {
  return db.transaction(async (tx) => {
    // Taken rows stay locked until commit: a writer marking one of them again waits, then
    // marks it anew for the next batch. SKIP LOCKED lets several workers drain side by side.
    const taken = rowsOf<{ asset_id: string }>(
      await tx.execute(sql`
        delete from search_dirty where asset_id in (
          select asset_id from search_dirty order by marked_at limit ${batch} for update skip locked
        ) returning asset_id`),
    ).map((r) => r.asset_id);
    if (taken.length === 0) return 0;
    await rebuild(tx, taken);
    return taken.length;
  });
}

/** Writes the documents of these items (inside the caller's transaction); gone items are skipped. */
async function rebuild(tx: Database, ids: string[]): Promise<void> {
  const idList = uuidArray(ids);
  // FOR KEY SHARE: an item deleted meanwhile waits for this batch, then its document goes with it.
  const items = rowsOf<ItemRow>(
    await tx.execute(sql`
      select id, brand_id, library, type, name, description,
             (metadata->>'width')::float8 as width, (metadata->>'height')::float8 as height, created_at,
             (uploading_state is distinct from 'UPLOADING' and uploading_state is distinct from 'FAILED_TO_UPLOAD') as ready
      from assets where id = any(${idList}) and not is_hidden
      for key share`),
  );
  // Items hidden since (a trash that keeps rows) leave the index until they come back.
  const hidden = ids.filter((id) => !items.some((i) => i.id === id));
  if (hidden.length > 0)
    await tx.execute(sql`delete from search_documents where asset_id = any(${uuidArray(hidden)})`);
  if (items.length === 0) return;
  const present = uuidArray(items.map((i) => i.id));
  const [tags, fields, analyses, comments, ads] = await Promise.all([
    tx.execute(sql`
      select at.asset_id, t.id, t.name from asset_tags at join tags t on t.id = at.tag_id
      where at.asset_id = any(${present}) order by t.name`),
    tx.execute(sql`
      select v.asset_id, f.name as field, f.type, f.options, v.text_value, v.number_value,
             v.date_value::text as date_value, v.option_ids::text[] as option_ids
      from asset_field_values v join custom_fields f on f.id = v.field_id
      where v.asset_id = any(${present}) order by f.position`),
    tx.execute(sql`
      select asset_id, text_entries, transcript from asset_analyses where asset_id = any(${present})`),
    tx.execute(sql`
      select asset_id, text, start from comments
      where asset_id = any(${present}) and deleted_at is null order by created_at`),
    tx.execute(sql`select distinct asset_id from ad_assets where asset_id = any(${present})`),
  ]);
  const linesOf = new Map<string, DocumentLine[]>(items.map((i) => [i.id, []]));
  const add = (id: string, s: MatchSource, t: string | null | undefined, ms: number | null = null) => {
    const text = t?.trim();
    if (text) linesOf.get(id)?.push({ s, t: text, ms });
  };
  for (const item of items) {
    add(item.id, 'NAME', item.name);
    add(item.id, 'DESCRIPTION', item.description);
  }
  const tagIds = new Map<string, string[]>();
  for (const r of rowsOf<{ asset_id: string; id: string; name: string }>(tags)) {
    add(r.asset_id, 'TAG', r.name);
    tagIds.set(r.asset_id, [...(tagIds.get(r.asset_id) ?? []), r.id]);
  }
  for (const r of rowsOf<FieldRow>(fields)) add(r.asset_id, 'CUSTOM_FIELD', fieldText(r));
  const language = new Map<string, SearchLanguage | null>();
  // Only what plays has times: a still picture's text is just there.
  const timed = new Set(items.filter((i) => TIMED_TYPES.has(i.type)).map((i) => i.id));
  for (const r of rowsOf<AnalysisRow>(analyses)) {
    for (const entry of r.text_entries ?? [])
      add(r.asset_id, 'ON_SCREEN_TEXT', entry.text, timed.has(r.asset_id) ? entry.startMs : null);
    for (const entry of r.transcript?.entries ?? [])
      add(r.asset_id, 'TRANSCRIPT', entry.text, r.transcript?.timed === false ? null : entry.startMs);
    language.set(r.asset_id, languageOf(r.transcript?.language));
  }
  for (const r of rowsOf<{ asset_id: string; text: string; start: number | null }>(comments))
    add(r.asset_id, 'COMMENT', plainComment(r.text), r.start === null ? null : Math.round(r.start * 1000));
  const onAds = new Set(rowsOf<{ asset_id: string }>(ads).map((r) => r.asset_id));

  const documents = items.map((item) => {
    const lines = linesOf.get(item.id) ?? [];
    const weighted = { a: [] as string[], b: [] as string[], c: [] as string[], d: [] as string[] };
    for (const line of lines)
      weighted[WEIGHT_OF[line.s]].push(line.s === 'NAME' ? nameWords(line.t) : line.t);
    const text = (parts: string[]) => parts.join('\n').slice(0, MAX_TEXT);
    const aspect = aspectOf(item.width, item.height);
    const itemLanguage = language.get(item.id) ?? null;
    const platforms = onAds.has(item.id) ? ['FACEBOOK'] : [];
    return {
      id: item.id,
      brand_id: item.brand_id,
      library: item.library,
      name: item.name,
      name_words: nameWords(item.name),
      created_at: item.created_at,
      aspect,
      language: itemLanguage,
      platforms,
      facets: facetsOf({
        brandId: item.brand_id,
        library: item.library,
        type: item.type,
        ready: item.ready,
        tagIds: tagIds.get(item.id) ?? [],
        aspect,
        language: itemLanguage,
        platforms,
      }),
      a: text(weighted.a),
      b: text(weighted.b),
      c: text(weighted.c),
      d: text(weighted.d),
      // The name and tags are on the card already; snippets come from the rest.
      lines: lines.filter((l) => l.s !== 'NAME'),
    };
  });
  const vector = (column: 'a' | 'b' | 'c' | 'd') =>
    sql.raw(
      `setweight(to_tsvector('simple', x.${column}) || to_tsvector('english', x.${column}), '${column.toUpperCase()}')`,
    );
  const json = JSON.stringify(documents);
  await tx.execute(sql`
    insert into search_documents
      (asset_id, brand_id, library, name, aspect, language, platforms, document, lines, indexed_at,
       created_at, head)
    select x.id, x.brand_id, x.library, x.name, x.aspect, x.language, x.platforms,
           ${vector('a')} || ${vector('b')} || ${vector('c')} || ${vector('d')}
             || ${sql.raw(FACETS_SQL('x.facets', 'x.name_words', 'x.created_at'))},
           x.lines, now(), x.created_at, ${vector('a')}
    from jsonb_to_recordset(${json}::jsonb) as x(
      id uuid, brand_id uuid, library text, name text, name_words text, created_at timestamptz,
      aspect text, language text, platforms text[], facets text[], a text, b text, c text, d text,
      lines jsonb)
    on conflict (asset_id) do update set
      brand_id = excluded.brand_id, library = excluded.library, name = excluded.name,
      aspect = excluded.aspect, language = excluded.language, platforms = excluded.platforms,
      document = excluded.document, lines = excluded.lines, indexed_at = excluded.indexed_at,
      created_at = excluded.created_at, head = excluded.head`);
  // The names' words, for misspelt keywords (repository.ts corrections).
  await tx.execute(sql`
    insert into search_words (brand_id, word)
    select distinct x.brand_id, w
    from jsonb_to_recordset(${json}::jsonb) as x(brand_id uuid, name_words text)
    cross join lateral unnest(${sql.raw(NAME_WORDS_SQL('x.name_words'))}) w
    on conflict do nothing`);
}

interface FieldRow {
  asset_id: string;
  field: string;
  type: string;
  options: { id: string; label: string }[];
  text_value: string | null;
  number_value: number | null;
  date_value: string | null;
  option_ids: string[] | null;
}

/** A custom field value as words: text and URLs as written, options by label, numbers and dates as written. */
function fieldText(row: FieldRow): string | null {
  if (row.option_ids?.length)
    return row.option_ids
      .map((id) => row.options.find((o) => o.id === id)?.label)
      .filter(Boolean)
      .join(', ');
  if (row.text_value) return row.text_value;
  if (row.number_value !== null) return String(row.number_value);
  return row.date_value;
}

interface AnalysisRow {
  asset_id: string;
  text_entries: { startMs: number; text: string }[] | null;
  transcript: {
    language: string | null;
    timed: boolean;
    entries: { startMs: number; text: string }[];
  } | null;
}

/** Marks every item of a brand dirty (SEARCH_REINDEX): the indexer rebuilds them in batches. */
export async function markBrand(db: Database, brandId: string): Promise<number> {
  await db.execute(sql`delete from search_words where brand_id = ${brandId}`);
  const result = await db.execute(sql`
    insert into search_dirty (asset_id) select id from assets where brand_id = ${brandId}
    on conflict do nothing`);
  return (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}
