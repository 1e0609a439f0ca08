import {
  savedSearchEndpoints as e,
  SAVED_SEARCH_LIMITS,
  type SavedSearch,
  type SavedSearchBody,
  type SavedSearchUpdate,
  type SearchFilterItem,
  savedSearchMessages as t,
} from '@hookline/contract';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.js';
import { savedSearches, users } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';
import { registerEndpoint } from '../../platform/http/endpoints.js';
import { conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { AccessService } from '../access/service.js';
import { actorUserId, callScope, type LibraryScope } from '../library/scope.js';
import { rowsOf, uuidArray } from './sql.js';

type SavedSearchRow = typeof savedSearches.$inferSelect & {
  firstName: string | null;
  lastName: string | null;
};

/** The ids a filter item refers to that may be deleted since it was saved, by what holds them. */
const REFERENCED = { tags: 'tags', boards: 'boards', folder: 'folder' } as const;
const fieldIdOf = (item: SearchFilterItem) => (item.id.startsWith('field:') ? item.id.slice(6) : null);
const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

class SavedSearchRepository extends Repository {
  /** Serialises saves of one user in one brand, so two at once never pass the limit. */
  async lockOwner(brandId: string, userId: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${brandId}:${userId}`}))`,
    );
  }

  async countOwned(brandId: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(and(eq(savedSearches.brandId, brandId), eq(savedSearches.userId, userId)));
    return row?.count ?? 0;
  }

  /** The user's own searches and the brand's shared ones (or one of them), with their owners' names. */
  async visible(brandId: string, userId: string, id?: string): Promise<SavedSearchRow[]> {
    return this.db
      .select({
        id: savedSearches.id,
        brandId: savedSearches.brandId,
        userId: savedSearches.userId,
        name: savedSearches.name,
        keyword: savedSearches.keyword,
        filters: savedSearches.filters,
        sort: savedSearches.sort,
        order: savedSearches.order,
        shared: savedSearches.shared,
        createdAt: savedSearches.createdAt,
        updatedAt: savedSearches.updatedAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(savedSearches)
      .leftJoin(users, eq(users.id, savedSearches.userId))
      .where(
        and(
          eq(savedSearches.brandId, brandId),
          or(eq(savedSearches.userId, userId), eq(savedSearches.shared, true)),
          id ? eq(savedSearches.id, id) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${savedSearches.name})`), asc(savedSearches.id));
  }

  async insert(row: typeof savedSearches.$inferInsert): Promise<void> {
    await this.db.insert(savedSearches).values(row);
  }

  async update(id: string, values: Partial<typeof savedSearches.$inferInsert>): Promise<void> {
    await this.db
      .update(savedSearches)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(savedSearches.id, id));
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(savedSearches).where(eq(savedSearches.id, id));
  }

  /** Which of these ids still name a tag, board, folder or custom field of the brand. */
  async existing(
    brandId: string,
    ids: { tags: string[]; boards: string[]; folder: string[]; fields: string[] },
  ): Promise<Set<string>> {
    const rows = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        select id from tags where brand_id = ${brandId} and id = any(${uuidArray(ids.tags)})
        union all select id from boards where brand_id = ${brandId} and id = any(${uuidArray(ids.boards)})
        union all select id from assets where brand_id = ${brandId} and type = 'FOLDER' and id = any(${uuidArray(ids.folder)})
        union all select id from custom_fields where brand_id = ${brandId} and id = any(${uuidArray(ids.fields)})`),
    );
    return new Set(rows.map((row) => String(row.id)));
  }
}

/**
 * Saved searches (issue 16): a user's own, and those shared with the brand, which the others
 * read but only the owner and the account's admins change. Another user's private search is
 * not there for anyone else (404). A filter whose tag, board, folder or custom field has gone
 * is answered without it, and its name listed in `droppedFilters` for the web's notice.
 */
export class SavedSearches {
  private readonly repository: SavedSearchRepository;

  constructor(
    database: Database,
    private readonly access: AccessService,
  ) {
    this.repository = new SavedSearchRepository(database);
  }

  async list(s: LibraryScope): Promise<SavedSearch[]> {
    const me = await this.member(s);
    return this.present(s, me, await this.repository.visible(s.brandId, me));
  }

  async create(s: LibraryScope, body: SavedSearchBody): Promise<SavedSearch> {
    const me = await this.member(s);
    const id = uuidv7();
    await this.repository.transaction(async () => {
      await this.repository.lockOwner(s.brandId, me);
      if ((await this.repository.countOwned(s.brandId, me)) >= SAVED_SEARCH_LIMITS.perUser)
        throw conflict(t.tooMany);
      await this.repository.insert({
        id,
        brandId: s.brandId,
        userId: me,
        name: body.name,
        keyword: body.keyword ?? '',
        filters: body.filters ?? [],
        sort: body.sort ?? 'relevance',
        order: body.order ?? 'desc',
        shared: body.shared ?? false,
      });
    });
    return this.get(s, me, id);
  }

  async update(s: LibraryScope, id: string, body: SavedSearchUpdate): Promise<SavedSearch> {
    const me = await this.member(s);
    await this.editable(s, me, id);
    await this.repository.update(id, body as Partial<typeof savedSearches.$inferInsert>);
    return this.get(s, me, id);
  }

  async delete(s: LibraryScope, id: string): Promise<{ ok: true }> {
    const me = await this.member(s);
    await this.editable(s, me, id);
    await this.repository.delete(id);
    return { ok: true };
  }

  /** Members of the brand only (links and other brands are refused by the access check). */
  private async member(s: LibraryScope): Promise<string> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const me = actorUserId(s.actor);
    if (!me) throw notFound(t.notFound);
    return me;
  }

  private async get(s: LibraryScope, me: string, id: string): Promise<SavedSearch> {
    const [row] = await this.present(s, me, await this.repository.visible(s.brandId, me, id));
    if (!row) throw notFound(t.notFound);
    return row;
  }

  /** The record, when the caller may change it: its owner, or for a shared one an admin. */
  private async editable(s: LibraryScope, me: string, id: string): Promise<void> {
    const [row] = await this.repository.visible(s.brandId, me, id);
    if (!row) throw notFound(t.notFound);
    if (row.userId !== me && !(await this.isAdmin(s))) throw forbidden(t.ownerOrAdmin);
  }

  private async isAdmin(s: LibraryScope): Promise<boolean> {
    if (s.actor.kind !== 'user') return false;
    return (await this.access.accountRole(s.actor, s.accountId).catch(() => null)) === 'admin';
  }

  private async present(s: LibraryScope, me: string, rows: SavedSearchRow[]): Promise<SavedSearch[]> {
    if (rows.length === 0) return [];
    const referenced = {
      tags: [] as string[],
      boards: [] as string[],
      folder: [] as string[],
      fields: [] as string[],
    };
    for (const row of rows)
      for (const item of row.filters) {
        const kind = REFERENCED[item.id as keyof typeof REFERENCED];
        if (kind) referenced[kind].push(...(item.children ?? []).map((c) => c.id).filter(isUuid));
        const fieldId = fieldIdOf(item);
        if (fieldId && isUuid(fieldId)) referenced.fields.push(fieldId);
      }
    const existing = await this.repository.existing(s.brandId, referenced);
    const admin = rows.some((row) => row.userId !== me && row.shared) ? await this.isAdmin(s) : false;
    return rows.map((row) => {
      const { filters, dropped } = keepExisting(row.filters, existing);
      return {
        id: row.id,
        name: row.name,
        keyword: row.keyword,
        filters,
        sort: row.sort,
        order: row.order,
        shared: row.shared,
        createdBy:
          row.firstName === null
            ? null
            : { id: row.userId, firstName: row.firstName, lastName: row.lastName ?? '' },
        canEdit: row.userId === me || admin,
        droppedFilters: dropped,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
    });
  }
}

/** Filter items without the choices (and fields) that no longer exist; an item left empty goes. */
function keepExisting(
  items: SearchFilterItem[],
  existing: Set<string>,
): { filters: SearchFilterItem[]; dropped: string[] } {
  const dropped: string[] = [];
  const filters: SearchFilterItem[] = [];
  for (const item of items) {
    const fieldId = fieldIdOf(item);
    if (fieldId) {
      if (existing.has(fieldId)) filters.push(item);
      else dropped.push(item.name);
      continue;
    }
    if (!(item.id in REFERENCED)) {
      filters.push(item);
      continue;
    }
    const children = item.children ?? [];
    const kept = children.filter((choice) => existing.has(choice.id));
    for (const choice of children) if (!existing.has(choice.id)) dropped.push(choice.name);
    if (kept.length > 0) filters.push({ ...item, children: kept });
  }
  return { filters, dropped };
}

export function savedSearchRoutes(service: SavedSearches) {
  return (app: FastifyInstance) => {
    registerEndpoint(app, e.list, ({ actor, params }) => service.list(callScope(actor, params)));
    registerEndpoint(app, e.create, ({ actor, params, body }) =>
      service.create(callScope(actor, params), body),
    );
    registerEndpoint(app, e.update, ({ actor, params, body }) =>
      service.update(callScope(actor, params), params.id, body),
    );
    registerEndpoint(app, e.delete, ({ actor, params }) =>
      service.delete(callScope(actor, params), params.id),
    );
  };
}
