import { IMPORT_JOB_POLL } from '@hookline/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobProgress } from '@/components/job-progress';
import { useJobPoller } from '@/hooks/use-job-poller';
import { errorResponse, jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { backoffDelay, type ClientJob, pollJob } from './job-poller';

function makeJob(overrides: Partial<ClientJob> = {}): ClientJob {
  return {
    id: 'job-1',
    type: 'DOWNLOAD_CLIP',
    brandId: 'brand-1',
    status: 'CREATED',
    createdAt: new Date('2026-11-22T10:00:00.000Z'),
    actions: {
      self: { method: 'GET', href: '/api/jobs/job-1' },
      cancel: { method: 'POST', href: '/api/jobs/job-1/cancel' },
    },
    ...overrides,
  };
}

/** The self link answers these, one per poll (the last one repeats). */
function stubJobAnswers(answers: Array<() => Response>) {
  let index = 0;
  return stubFetch({
    'GET /api/jobs/job-1': () => {
      const answer = answers[Math.min(index, answers.length - 1)];
      index += 1;
      return answer ? answer() : errorResponse(500);
    },
    'POST /api/jobs/job-1/cancel': () => jsonResponse(makeJob({ status: 'CANCELLED' })),
  });
}

// The typed client checks answers' shapes in tests with a module it loads on demand; its
// first load is real I/O that fake timers do not wait for, so a poll could still be decoding
// when the next 2.5 s are advanced. Loading it before the clock is faked keeps polls on time.
beforeAll(async () => {
  await import('./response-shape');
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('job poller (001 §4)', () => {
  it('polls the self link every 2.5 s and ends with the result when FINISHED', async () => {
    const network = stubJobAnswers([
      () => jsonResponse(makeJob({ progress: { percent: 50 } })),
      () => jsonResponse(makeJob({ status: 'FINISHED', result: { url: '/files/clip.mp4' } })),
    ]);
    const poll = pollJob<{ url: string }>(makeJob());

    await vi.advanceTimersByTimeAsync(2499);
    expect(network.to('/api/jobs/job-1')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(network.to('/api/jobs/job-1')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2500);
    expect(network.to('/api/jobs/job-1')).toHaveLength(2);

    const outcome = await poll.promise;
    expect(outcome.status).toBe('FINISHED');
    expect(outcome.status === 'FINISHED' && outcome.result).toEqual({ url: '/files/clip.mp4' });

    await vi.advanceTimersByTimeAsync(10_000);
    expect(network.to('/api/jobs/job-1')).toHaveLength(2);
  });

  it('ends with nothing and the error toast when the job FAILED', async () => {
    renderWithProviders(<p>page</p>);
    stubJobAnswers([() => jsonResponse(makeJob({ status: 'FAILED', error: 'The clip could not be cut' }))]);
    const poll = pollJob(makeJob());
    await vi.advanceTimersByTimeAsync(2500);
    const outcome = await poll.promise;
    expect(outcome).toMatchObject({ status: 'FAILED', error: 'The clip could not be cut' });
    expect('result' in outcome).toBe(false);
    await act(async () => {});
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('The clip could not be cut')).toBeTruthy();
  });

  it('stops after more than 3 consecutive poll errors and shows the error toast', async () => {
    renderWithProviders(<p>page</p>);
    const network = stubJobAnswers([() => errorResponse(500)]);
    const poll = pollJob(makeJob());

    // 2.5 s, then retries after 500 ms, 1 s and 2 s: the 4th error gives up.
    await vi.advanceTimersByTimeAsync(2500 + 500 + 1000 + 2000);
    expect(network.to('/api/jobs/job-1')).toHaveLength(4);
    const outcome = await poll.promise;
    expect(outcome.status).toBe('ERROR');
    await act(async () => {});
    // Poll errors are quiet; one toast tells the user when polling gives up.
    expect(screen.getAllByText('Something went wrong')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(network.to('/api/jobs/job-1')).toHaveLength(4);
  });

  it('resets the error count after a successful poll', async () => {
    const network = stubJobAnswers([
      () => errorResponse(500),
      () => errorResponse(500),
      () => errorResponse(500),
      () => jsonResponse(makeJob()),
      () => errorResponse(500),
      () => errorResponse(500),
      () => errorResponse(500),
      () => jsonResponse(makeJob({ status: 'FINISHED', result: 1 })),
    ]);
    const poll = pollJob(makeJob());
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await poll.promise).status).toBe('FINISHED');
    expect(network.to('/api/jobs/job-1')).toHaveLength(8);
  });

  it('backs off 500 ms, doubling after each error, capped at 20 s', async () => {
    const times: number[] = [];
    const network = stubJobAnswers([
      () => {
        times.push(Date.now());
        return errorResponse(503);
      },
    ]);
    const start = Date.now();
    const poll = pollJob(makeJob(), { maxErrors: 9, silent: true });
    await vi.advanceTimersByTimeAsync(200_000);
    expect(network.to('/api/jobs/job-1')).toHaveLength(10);
    const gaps = times.map((t, i) => t - (i === 0 ? start : (times[i - 1] ?? 0)));
    expect(gaps).toEqual([2500, 500, 1000, 2000, 4000, 8000, 16_000, 20_000, 20_000, 20_000]);
    expect((await poll.promise).status).toBe('ERROR');
    expect(backoffDelay(1, IMPORT_JOB_POLL.retryDelayMs, IMPORT_JOB_POLL.maxRetryDelayMs)).toBe(1000);
    expect(backoffDelay(9, IMPORT_JOB_POLL.retryDelayMs, IMPORT_JOB_POLL.maxRetryDelayMs)).toBe(30_000);
  });

  it('cancel calls the cancel link with its method and stops polling', async () => {
    const network = stubJobAnswers([() => jsonResponse(makeJob())]);
    const poll = pollJob(makeJob());
    await vi.advanceTimersByTimeAsync(2500);
    await poll.cancel();
    const cancelCalls = network.to('/api/jobs/job-1/cancel');
    expect(cancelCalls).toHaveLength(1);
    expect(cancelCalls[0]?.method).toBe('POST');
    expect((await poll.promise).status).toBe('CANCELLED');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(network.to('/api/jobs/job-1')).toHaveLength(1);
  });

  it('resolves at once for a job that is already finished', async () => {
    const network = stubJobAnswers([]);
    const outcome = await pollJob(makeJob({ status: 'FINISHED', result: 'done' })).promise;
    expect(outcome).toMatchObject({ status: 'FINISHED', result: 'done' });
    expect(network.requests).toHaveLength(0);
  });
});

function ClipDownload() {
  const job = useJobPoller<{ url: string }>();
  return (
    <div>
      <button type="button" onClick={() => void job.start(makeJob())}>
        Start
      </button>
      {job.isRunning && (
        <JobProgress
          percent={job.progress?.percent}
          message={job.progress?.message}
          onCancel={() => void job.cancel()}
        />
      )}
      {job.status === 'FINISHED' && <a href={job.result?.url}>Download clip</a>}
      {job.status === 'CANCELLED' && <p>Cancelled</p>}
    </div>
  );
}

describe('useJobPoller', () => {
  it('exposes progress while running and the result when finished', async () => {
    stubJobAnswers([
      () => jsonResponse(makeJob({ progress: { percent: 40, message: 'Cutting the clip' } })),
      () => jsonResponse(makeJob({ status: 'FINISHED', result: { url: '/files/clip.mp4' } })),
    ]);
    renderWithProviders(<ClipDownload />);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByTestId('job-progress')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(screen.getByText('Cutting the clip')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(screen.queryByTestId('job-progress')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download clip' }).getAttribute('href')).toBe('/files/clip.mp4');
  });

  it('cancels from the progress UI', async () => {
    const network = stubJobAnswers([() => jsonResponse(makeJob())]);
    renderWithProviders(<ClipDownload />);
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByTestId('job-progress')).toBeNull();
    expect(network.to('/api/jobs/job-1/cancel')).toHaveLength(1);
  });
});
