import type { ListToolsResult, Tool } from '@modelcontextprotocol/server';
import { getLatestResetRecord } from './get-latest-reset-record.ts';
import { listResetRecords } from './list-reset-records.ts';
import { LATEST_OUTPUT_SCHEMA, LIST_OUTPUT_SCHEMA } from './schemas.ts';
import { READ_ONLY_ANNOTATIONS, type ToolDefinition } from './tool.ts';

/** Every tool of the server, by name. */
export const TOOLS: ReadonlyMap<string, ToolDefinition> = new Map(
  [getLatestResetRecord, listResetRecords].map((tool) => [tool.name, tool]),
);

const OUTPUT_SCHEMAS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  [getLatestResetRecord.name]: LATEST_OUTPUT_SCHEMA,
  [listResetRecords.name]: LIST_OUTPUT_SCHEMA,
};

export const outputSchemaOf = (tool: ToolDefinition) => OUTPUT_SCHEMAS[tool.name];

/** The `tools/list` result, built once. */
export const TOOL_LIST: ListToolsResult = Object.freeze({
  tools: [...TOOLS.values()].map(
    (tool): Tool => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema as Tool['inputSchema'],
      outputSchema: outputSchemaOf(tool) as Tool['outputSchema'],
      annotations: READ_ONLY_ANNOTATIONS,
    }),
  ),
});
