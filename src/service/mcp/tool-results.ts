import type { ApiError } from '../../shared/domain/errors.ts';
import type { QueryAnswer } from '../query/query-service.ts';

/**
 * Tool results (decisions.md §6–§7): `structuredContent` is the envelope or error body,
 * and one text item carries the same JSON (for clients that only read text).
 */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

export function successResult(answer: QueryAnswer<unknown>): ToolResult {
  return { content: [{ type: 'text', text: answer.json }], structuredContent: answer.envelope() };
}

export function errorResult(error: ApiError): ToolResult {
  const body = error.toBody();
  return {
    content: [{ type: 'text', text: JSON.stringify(body) }],
    structuredContent: body,
    isError: true,
  };
}
