import type { ChatMessage, ChatReq, ToolDef } from './types.js';

/** Our messages and tools in the Chat Completions wire format (ai.md §1). */

export function wireMessages(messages: ChatMessage[]): Record<string, unknown>[] {
  return messages.map(wireMessage);
}

function wireMessage(message: ChatMessage): Record<string, unknown> {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? message.content
            : message.content.map((part) =>
                part.type === 'text'
                  ? { type: 'text', text: part.text }
                  : {
                      type: 'image_url',
                      image_url: part.detail ? { url: part.url, detail: part.detail } : { url: part.url },
                    },
              ),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content ?? null,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: call.argsJson },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  }
}

export function wireTools(tools: ToolDef[]): Record<string, unknown>[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.parameters,
    },
  }));
}

export const hasImages = (req: ChatReq) =>
  req.messages.some(
    (message) =>
      message.role === 'user' &&
      Array.isArray(message.content) &&
      message.content.some((p) => p.type === 'image'),
  );

/**
 * Adds an instruction to the system message (merged into the first one: some chat templates
 * refuse a second system message or one that is not first).
 */
export function withSystemNote(messages: ChatMessage[], note: string): ChatMessage[] {
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${note}` }, ...rest];
  return [{ role: 'system', content: note }, ...messages];
}
