import { allEndpoints, type EndpointDefinition, type Route } from '@hookline/contract';
import { z } from 'zod';

/**
 * Development and tests only (lib/call.ts loads it on demand; production builds leave it
 * out): every answer is checked against its endpoint's response schema, so a server and
 * client that drifted apart fail a test instead of a page.
 */

const definitions = new Map<string, EndpointDefinition>(
  allEndpoints().map(({ name, endpoint }) => [name, endpoint]),
);

export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  constructor(
    readonly endpoint: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`The answer of ${endpoint} does not match its schema: ${z.prettifyError(new z.ZodError(issues))}`);
  }
}

export function checkResponseShape(route: Route, source: string, data: unknown): void {
  const schema = (route.definition ?? definitions.get(route.name))?.response;
  if (!schema) return;
  const result = z.safeDecode(schema, data as never);
  if (!result.success) throw new ResponseShapeError(source, result.error.issues);
}
