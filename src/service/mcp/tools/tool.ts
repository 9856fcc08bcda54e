import type { ListQuery, ParamName } from '../../query/params.ts';
import type { PreparedSnapshot } from '../../query/prepared-snapshot.ts';
import type { QueryAnswer } from '../../query/query-service.ts';

/** One MCP tool: its advertised definition and how it answers through the query service. */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The arguments the tool accepts; any other key is refused with invalid_query. */
  readonly argumentNames: readonly ParamName[];
  readonly inputSchema: Readonly<Record<string, unknown>>;
  answer(snapshot: PreparedSnapshot, query: ListQuery, now: number): QueryAnswer<unknown>;
}

/** Every tool only reads published data: same arguments, same answer, nothing outside. */
export const READ_ONLY_ANNOTATIONS = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});
