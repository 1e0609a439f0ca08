import {
  interpolate,
  TAG_LIMITS,
  type Tag,
  type TagCategory,
  type TagCategoryType,
  tagsMessages,
} from '@hookline/contract';
import { errorResponse, type FetchHandler, jsonResponse, type RecordedRequest } from '@/test/fetch-stub';
import { BRAND_PATH } from '@/test/library';

/**
 * A brand's tags API in memory, answering like the server (000 §7 "Tags"): categories with
 * their tags by name, 409 for taken names, SYSTEM categories unchangeable, the auto-search
 * limit, bulk create reusing existing names. Ids come from a fixed pool so that every
 * `…/{id}` route can be registered with the fetch stub up front.
 */
const POOL_SIZE = 120;
export const fakeId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export interface SeedCategory {
  name: string;
  type?: TagCategoryType;
  tags: Array<string | (Partial<Tag> & { name: string })>;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function createTagsApi(seed: SeedCategory[]) {
  let next = 0;
  const newId = () => {
    next += 1;
    if (next > POOL_SIZE) throw new Error('fake tags API: id pool exhausted');
    return fakeId(next);
  };
  const categories: Array<{ id: string; name: string; type: TagCategoryType }> = [];
  const tags: Tag[] = [];
  for (const entry of seed) {
    const category = { id: newId(), name: entry.name, type: entry.type ?? 'CUSTOM' };
    categories.push(category);
    for (const tag of entry.tags) {
      const fields = typeof tag === 'string' ? { name: tag } : tag;
      tags.push({
        id: newId(),
        categoryId: category.id,
        autoSearchInFiles: false,
        description: null,
        usageCount: 0,
        ...fields,
      });
    }
  }

  const general = () => categories.find((category) => category.type === 'SYSTEM') ?? categories[0];
  const view = (): TagCategory[] =>
    categories.map((category) => {
      const children = tags
        .filter((tag) => tag.categoryId === category.id)
        .sort((a, b) => a.name.localeCompare(b.name));
      return { ...category, tagsCount: children.length, children };
    });
  const body = <T>(request: RecordedRequest) => request.body as T;
  const conflict = (message: string) =>
    errorResponse(409, {
      code: 'conflict',
      title: 'Conflict',
      message,
      fields: [{ path: 'body.name', message }],
    });
  const badRequest = (message: string, path?: string) =>
    errorResponse(400, {
      code: path ? 'validation_error' : 'bad_request',
      title: 'Bad Request',
      message,
      ...(path ? { fields: [{ path, message }] } : {}),
    });

  const addTag = (name: string, categoryId: string | undefined): Tag => {
    const tag: Tag = {
      id: newId(),
      name,
      categoryId: categoryId ?? general()!.id,
      autoSearchInFiles: false,
      description: null,
      usageCount: 0,
    };
    tags.push(tag);
    return tag;
  };

  const routes: Record<string, FetchHandler> = {
    [`GET ${BRAND_PATH}/tag-categories`]: () => jsonResponse(view()),
    [`POST ${BRAND_PATH}/tag-categories`]: (request) => {
      const { name } = body<{ name: string }>(request);
      if (categories.some((category) => sameName(category.name, name)))
        return conflict(tagsMessages.categoryAlreadyExists);
      const category = { id: newId(), name, type: 'CUSTOM' as const };
      categories.push(category);
      return jsonResponse({ ...category, tagsCount: 0, children: [] }, { status: 201 });
    },
    [`POST ${BRAND_PATH}/tags`]: (request) => {
      const { name, categoryId } = body<{ name: string; categoryId?: string }>(request);
      if (tags.some((tag) => sameName(tag.name, name))) return conflict(tagsMessages.tagAlreadyExists);
      return jsonResponse(addTag(name, categoryId), { status: 201 });
    },
    [`POST ${BRAND_PATH}/tags/bulk`]: (request) => {
      const { names, categoryId } = body<{ names: string[]; categoryId?: string }>(request);
      return jsonResponse(
        names.map((name) => tags.find((tag) => sameName(tag.name, name)) ?? addTag(name, categoryId)),
      );
    },
  };

  for (let n = 1; n <= POOL_SIZE; n++) {
    const id = fakeId(n);
    routes[`PUT ${BRAND_PATH}/tag-categories/${id}`] = (request) => {
      const category = categories.find((entry) => entry.id === id);
      if (!category) return errorResponse(404, { code: 'not_found', message: tagsMessages.unknownCategory });
      if (category.type === 'SYSTEM') return badRequest(tagsMessages.systemCategory);
      const { name } = body<{ name: string }>(request);
      if (categories.some((entry) => entry.id !== id && sameName(entry.name, name)))
        return conflict(tagsMessages.categoryAlreadyExists);
      category.name = name;
      return jsonResponse(view().find((entry) => entry.id === id));
    };
    routes[`DELETE ${BRAND_PATH}/tag-categories/${id}`] = () => {
      const index = categories.findIndex((entry) => entry.id === id);
      if (index < 0) return errorResponse(404, { code: 'not_found', message: tagsMessages.unknownCategory });
      if (categories[index]!.type === 'SYSTEM') return badRequest(tagsMessages.systemCategory);
      categories.splice(index, 1);
      for (const tag of tags) if (tag.categoryId === id) tag.categoryId = general()!.id;
      return jsonResponse({ ok: true });
    };
    routes[`PUT ${BRAND_PATH}/tags/${id}`] = (request) => {
      const tag = tags.find((entry) => entry.id === id);
      if (!tag) return errorResponse(404, { code: 'not_found', message: tagsMessages.unknownTag });
      const changes = body<Partial<Tag>>(request);
      if (
        changes.name !== undefined &&
        tags.some((entry) => entry.id !== id && sameName(entry.name, changes.name!))
      )
        return conflict(tagsMessages.tagAlreadyExists);
      if (changes.autoSearchInFiles && !tag.autoSearchInFiles) {
        const on = tags.filter((entry) => entry.autoSearchInFiles).length;
        if (on >= TAG_LIMITS.autoSearchPerAccount)
          return badRequest(
            interpolate(tagsMessages.autoSearchLimit, { limit: TAG_LIMITS.autoSearchPerAccount }),
            'body.autoSearchInFiles',
          );
      }
      Object.assign(tag, changes);
      return jsonResponse(tag);
    };
    routes[`DELETE ${BRAND_PATH}/tags/${id}`] = () => {
      const index = tags.findIndex((entry) => entry.id === id);
      if (index < 0) return errorResponse(404, { code: 'not_found', message: tagsMessages.unknownTag });
      tags.splice(index, 1);
      return jsonResponse({ ok: true });
    };
  }

  return {
    routes,
    view,
    categoryId: (name: string) => categories.find((category) => category.name === name)!.id,
    tagId: (name: string) => tags.find((tag) => tag.name === name)!.id,
    tag: (name: string) => tags.find((tag) => tag.name === name),
  };
}

/** The demo brand's shape: General (SYSTEM) and two custom categories. */
export const demoSeed = (): SeedCategory[] => [
  {
    name: 'General',
    type: 'SYSTEM',
    tags: ['Summer', 'Launch', 'Hero', 'Lifestyle', 'Outdoor', 'Studio', 'Evergreen'],
  },
  { name: 'Formats', tags: ['UGC', 'Product demo', 'Static'] },
  { name: 'Hooks', tags: [{ name: 'Question', description: 'Opens with a question' }, 'Bold claim'] },
];
