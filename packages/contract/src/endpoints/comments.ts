import { z } from 'zod';
import {
  commentListQuerySchema,
  commentSchema,
  createCommentBodySchema,
  mentionableUserSchema,
  reactionBodySchema,
  reactionSchema,
  updateCommentBodySchema,
} from '../comments.js';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';
import { libraries } from '../library-constants.js';
import { okSchema } from './library.js';

/** Comments on items (000 §7 "Comments"), mentions and the live event stream. */

const tags = ['comments'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;
const assetParams = brandScopedParams({ assetId: z.uuid() });
const libraryAssetParams = brandScopedParams({ library: z.enum(libraries), assetId: z.uuid() });
const commentParams = brandScopedParams({ id: z.uuid() });

const list = {
  tags,
  permission: 'comment.read',
  query: commentListQuerySchema,
  response: z.array(commentSchema),
} as const;
const create = {
  tags,
  permission: 'comment.create',
  body: createCommentBodySchema,
  response: commentSchema,
  status: 201,
} as const;

export const commentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:assetId/comments`,
    summary: "An item's threads (sort newest, oldest or commenter; resolved; mine)",
    params: assetParams,
    ...list,
  }),
  listInLibrary: defineEndpoint({
    method: 'GET',
    path: `${B}/library/:library/:assetId/comments`,
    summary: "An item's threads, by library",
    params: libraryAssetParams,
    ...list,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${B}/assets/:assetId/comments`,
    summary: 'Comment or reply; a time range, a drawing or a pin; mentions notify by e-mail',
    params: assetParams,
    ...create,
  }),
  createInLibrary: defineEndpoint({
    method: 'POST',
    path: `${B}/library/:library/:assetId/comments`,
    summary: 'Comment or reply, by library',
    params: libraryAssetParams,
    ...create,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${B}/comments/:id`,
    summary: 'Edit a comment (its author)',
    tags,
    permission: 'comment.write',
    params: commentParams,
    body: updateCommentBodySchema,
    response: commentSchema,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${B}/comments/:id`,
    summary: 'Delete a comment (its author); restorable for 30 days',
    tags,
    permission: 'comment.write',
    params: commentParams,
    response: okSchema,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: `${B}/comments/:id/restore`,
    summary: 'Restore a deleted comment (its author, within 30 days)',
    tags,
    permission: 'comment.write',
    params: commentParams,
    response: commentSchema,
  }),
  restorePut: defineEndpoint({
    method: 'PUT',
    path: `${B}/comments/:id/restore`,
    summary: 'Restore a deleted comment (PUT form)',
    tags,
    permission: 'comment.write',
    params: commentParams,
    response: commentSchema,
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: `${B}/comments/:id/resolve`,
    summary: 'Resolve a thread (its participants)',
    tags,
    permission: 'comment.resolve',
    params: commentParams,
    response: commentSchema,
  }),
  unresolve: defineEndpoint({
    method: 'POST',
    path: `${B}/comments/:id/unresolve`,
    summary: 'Open a resolved thread again (its participants)',
    tags,
    permission: 'comment.resolve',
    params: commentParams,
    response: commentSchema,
  }),
  react: defineEndpoint({
    method: 'POST',
    path: `${B}/comments/:id/reactions`,
    summary: 'React with one emoji (again: the same reaction)',
    tags,
    permission: 'comment.react',
    params: commentParams,
    body: reactionBodySchema,
    response: reactionSchema,
  }),
  unreact: defineEndpoint({
    method: 'DELETE',
    path: `${B}/comments/:commentId/reactions/:id`,
    summary: 'Take back your reaction',
    tags,
    permission: 'comment.react',
    params: brandScopedParams({ commentId: z.uuid(), id: z.uuid() }),
    response: okSchema,
  }),
  mentions: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:assetId/mentions`,
    summary:
      'People a comment on this item may mention (brand members who can see it, and the company editor)',
    tags,
    permission: 'comment.create',
    params: assetParams,
    response: z.array(mentionableUserSchema),
  }),
  events: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:assetId/comments/events`,
    summary:
      'Server-sent events: `comments` when the threads of the item changed (ids only); heartbeat every 25 s',
    tags,
    permission: 'comment.read',
    params: assetParams,
  }),
};
