import { describe, expect, it } from 'vitest';
import { AiError } from './errors.js';
import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('grants up to its limit, then one waiter per release, in order', async () => {
    const slots = new Semaphore(2);
    const signal = new AbortController().signal;
    const a = await slots.acquire(signal);
    await slots.acquire(signal);
    const order: string[] = [];
    const c = slots.acquire(signal).then((release) => {
      order.push('c');
      return release;
    });
    const d = slots.acquire(signal).then(() => order.push('d'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual([]);
    a();
    a(); // a second call of one release frees nothing more
    (await c)();
    await d;
    expect(order).toEqual(['c', 'd']);
    expect(slots.inUse).toBe(2);
  });

  it('a waiter whose signal aborts leaves the queue with ABORTED', async () => {
    const slots = new Semaphore(1);
    const release = await slots.acquire(new AbortController().signal);
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AiError);
    await expect(waiting).rejects.toMatchObject({ code: 'ABORTED' });
    release();
    expect(slots.inUse).toBe(0);
    // The slot went to no one: the next caller gets it at once.
    const next = await slots.acquire(new AbortController().signal);
    expect(slots.inUse).toBe(1);
    next();
  });
});
