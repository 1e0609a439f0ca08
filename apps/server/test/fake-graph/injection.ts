import { errorAnswer } from './errors.js';
import type { ActiveInjection, FakeContext, ReportRunFailure } from './types.js';
import { uploadOffsets } from './uploads.js';
import type { FakeAnswer, FakeRequest } from './wire.js';

/** Error injection: the errors and failing report runs a test asked for with `fake.inject(…)`. */

export function injected(ctx: FakeContext, request: FakeRequest): FakeAnswer | null {
  for (const rule of ctx.injections) {
    if (!rule.error || rule.remaining <= 0) continue;
    if (rule.method && rule.method.toUpperCase() !== request.method) continue;
    if (rule.phase && request.params.upload_phase !== rule.phase) continue;
    rule.pathPattern.lastIndex = 0;
    if (!rule.pathPattern.test(request.path)) continue;
    rule.remaining -= 1;
    let error = rule.error;
    if (!error.errorData && request.params.upload_phase === 'transfer') {
      const upload = ctx.state.uploads.get(request.params.upload_session_id ?? '');
      if (upload) error = { ...error, errorData: uploadOffsets(ctx.state, upload) };
    }
    return errorAnswer(error);
  }
  return null;
}

export function takeReportRunFailure(
  injections: readonly ActiveInjection[],
  request: FakeRequest,
): ReportRunFailure | null {
  for (const rule of injections) {
    if (!rule.reportRunFailure || rule.remaining <= 0) continue;
    if (rule.method && rule.method.toUpperCase() !== request.method) continue;
    rule.pathPattern.lastIndex = 0;
    if (!rule.pathPattern.test(request.path)) continue;
    rule.remaining -= 1;
    return rule.reportRunFailure;
  }
  return null;
}
