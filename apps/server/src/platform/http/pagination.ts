import type { FastifyReply } from 'fastify';

/** Lists answer one page as the body and the total in x-total-count (architecture §4). */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('x-total-count', String(page.total));
  return page.items;
}
