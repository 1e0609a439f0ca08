import { AiError } from './errors.js';
import { ThinkSplitter } from './think-tags.js';
import type { ChatEvent, ToolCall, Usage } from './types.js';

/**
 * Turns the `data` payloads of a Chat Completions stream into ChatEvents (ai.md §1–2):
 * - `delta.content` → text, with `<think>…</think>` split out as reasoning;
 * - `delta.reasoning_content ?? delta.reasoning` → reasoning (llama.cpp / vLLM / Ollama);
 * - `delta.tool_calls` fragments joined per `index` (id and name on the first fragment), or
 *   whole calls in one delta (Ollama); each call is one `tool_call` event once the choice
 *   finishes;
 * - `finish_reason`, then an optional usage chunk with empty or null `choices`, then `[DONE]`,
 *   all folded into the closing `done` event.
 */

interface WireToolCallDelta {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
}

interface WireChunk {
  choices?:
    | {
        delta?: {
          content?: string | null;
          reasoning_content?: string | null;
          reasoning?: string | null;
          tool_calls?: WireToolCallDelta[] | null;
        } | null;
        finish_reason?: string | null;
      }[]
    | null;
  usage?: { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null;
  error?: { message?: string } | string;
}

export async function* chatEvents(payloads: AsyncIterable<string>): AsyncGenerator<ChatEvent> {
  const think = new ThinkSplitter();
  const calls = new ToolCallJoiner();
  let finishReason: string | undefined;
  let usage: Usage | undefined;
  let sawDone = false;

  for await (const payload of payloads) {
    if (payload.trim() === '[DONE]') {
      sawDone = true;
      break;
    }
    let chunk: WireChunk;
    try {
      chunk = JSON.parse(payload) as WireChunk;
    } catch {
      throw new AiError('BAD_OUTPUT', 'the AI server sent a stream chunk that is not JSON');
    }
    if (chunk.error) {
      const message = typeof chunk.error === 'string' ? chunk.error : chunk.error.message;
      throw new AiError('UPSTREAM', `the AI server failed mid-answer: ${message ?? 'unknown error'}`);
    }
    if (chunk.usage) usage = toUsage(chunk.usage);
    // Only the first choice: we never ask for n > 1.
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    const delta = choice.delta ?? {};
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (reasoning) yield { type: 'reasoning', delta: reasoning };
    if (delta.content) {
      for (const piece of think.push(delta.content)) yield toEvent(piece);
    }
    for (const fragment of delta.tool_calls ?? []) calls.add(fragment);
    if (choice.finish_reason) {
      finishReason = choice.finish_reason;
      for (const call of calls.take()) yield { type: 'tool_call', ...call };
    }
  }

  if (!sawDone && !finishReason) throw new AiError('UPSTREAM', 'the AI server ended its answer early');
  for (const piece of think.flush()) yield toEvent(piece);
  const pending = calls.take();
  for (const call of pending) yield { type: 'tool_call', ...call };
  const done: ChatEvent = {
    type: 'done',
    finishReason: finishReason ?? (pending.length ? 'tool_calls' : 'stop'),
  };
  if (usage) done.usage = usage;
  yield done;
}

const toEvent = (piece: { kind: 'text' | 'reasoning'; text: string }): ChatEvent =>
  piece.kind === 'text' ? { type: 'text', delta: piece.text } : { type: 'reasoning', delta: piece.text };

export function toUsage(usage: NonNullable<WireChunk['usage']>): Usage {
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  return {
    promptTokens,
    completionTokens,
    totalTokens: usage.total_tokens ?? promptTokens + completionTokens,
  };
}

/** Tool-call fragments joined per index, in index order. */
class ToolCallJoiner {
  private slots = new Map<number, ToolCall>();
  private finished: ToolCall[] = [];
  private counter = 0;

  add(fragment: WireToolCallDelta) {
    const index = fragment.index ?? this.slots.size;
    let slot = this.slots.get(index);
    // A new id on a used index is a new call: some servers number every whole call 0.
    if (slot && fragment.id && slot.id && fragment.id !== slot.id) {
      this.finished.push(slot);
      slot = undefined;
    }
    if (!slot) {
      slot = { id: '', name: '', argsJson: '' };
      this.slots.set(index, slot);
    }
    if (fragment.id && !slot.id) slot.id = fragment.id;
    if (fragment.function?.name && !slot.name) slot.name = fragment.function.name;
    if (fragment.function?.arguments) slot.argsJson += fragment.function.arguments;
  }

  take(): ToolCall[] {
    const ordered = [...this.slots.entries()].sort((a, b) => a[0] - b[0]).map(([, call]) => call);
    const all = [...this.finished, ...ordered].map((call) => ({
      id: call.id || `call_${++this.counter}`,
      name: call.name,
      argsJson: call.argsJson || '{}',
    }));
    this.slots.clear();
    this.finished = [];
    return all;
  }
}
