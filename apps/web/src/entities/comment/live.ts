import { commentsApi } from '@hookline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type BrandScope, brandParams } from '@/entities/asset/api/keys';
import { openEventStream } from '@/lib/api-client';
import { endpointHref } from '@/lib/call';
import { commentKeys } from './api';

/** While the stream is down the threads are fetched again this often (issue #11: within 5 s). */
export const COMMENTS_FALLBACK_POLL_MS = 5000;
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * Live comments: reads the item's event stream with fetch and refreshes the threads when
 * they changed. Answers whether the stream is up; while it is not, the caller polls.
 */
export function useLiveComments(scope: BrandScope, assetId: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () =>
      queryClient.invalidateQueries({ queryKey: commentKeys.item(scope.brandId, assetId) });

    const connect = async () => {
      try {
        const response = await openEventStream(
          endpointHref(commentsApi.events, { params: { ...brandParams(scope), assetId } }),
          controller.signal,
        );
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            if (event === 'ready') {
              attempt = 0;
              setLive(true);
            } else if (event === 'comments' || event === 'reconnect') {
              void refresh();
            }
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Refused, cut or aborted: fall back to polling and try again below.
      }
      if (controller.signal.aborted) return;
      setLive(false);
      timer = setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      setLive(false);
    };
  }, [queryClient, scope, assetId]);
  return live;
}
