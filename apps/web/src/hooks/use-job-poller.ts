import type { JobStatus } from '@hookline/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type ClientJob,
  type JobPoll,
  type JobPollOptions,
  type JobPollOutcome,
  pollJob,
} from '@/lib/job-poller';

export type JobPollerStatus = 'idle' | JobStatus | 'ERROR' | 'STOPPED';

export interface JobPollerState<R> {
  status: JobPollerStatus;
  job?: ClientJob;
  progress?: ClientJob['progress'];
  result?: R;
  error?: unknown;
}

export interface UseJobPoller<R> extends JobPollerState<R> {
  /** True while the job is queued or running. */
  isRunning: boolean;
  start(job: ClientJob): Promise<JobPollOutcome<R>>;
  cancel(): Promise<void>;
  stop(): void;
}

/**
 * React wrapper around pollJob: exposes status and progress for a progress UI and stops
 * polling when the component unmounts.
 */
export function useJobPoller<R = unknown>(options: Omit<JobPollOptions, 'onUpdate'> = {}): UseJobPoller<R> {
  const [state, setState] = useState<JobPollerState<R>>({ status: 'idle' });
  const pollRef = useRef<JobPoll<R> | null>(null);
  /** Identifies the current run: updates from an older, replaced run are ignored. */
  const runRef = useRef<object | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(
    () => () => {
      runRef.current = null;
      pollRef.current?.stop();
      pollRef.current = null;
    },
    [],
  );

  const start = useCallback(async (job: ClientJob) => {
    pollRef.current?.stop();
    const run = {};
    runRef.current = run;
    setState({ status: job.status, job, progress: job.progress });
    const poll = pollJob<R>(job, {
      ...optionsRef.current,
      onUpdate: (current) => {
        if (runRef.current !== run) return;
        setState((prev) => ({ ...prev, status: current.status, job: current, progress: current.progress }));
      },
    });
    pollRef.current = poll;
    const outcome = await poll.promise;
    if (runRef.current === run) {
      setState((prev) => ({
        ...prev,
        status: outcome.status,
        result: outcome.status === 'FINISHED' ? outcome.result : undefined,
        error: outcome.status === 'ERROR' || outcome.status === 'FAILED' ? outcome.error : undefined,
      }));
    }
    return outcome;
  }, []);

  const cancel = useCallback(async () => {
    await pollRef.current?.cancel();
  }, []);

  const stop = useCallback(() => {
    pollRef.current?.stop();
  }, []);

  return { ...state, isRunning: state.status === 'CREATED', start, cancel, stop };
}
