import type { RequestId } from '@modelcontextprotocol/server';
import { findFloatArguments } from './raw-json.ts';

/**
 * The SDK validates and rebuilds every message before a handler sees it, and on the way it
 * loses what the argument rules depend on (service.md § MCP, decisions.md §7):
 * - `arguments` that is not an object (a string, an array, null) fails the SDK's request
 *   schema: a JSON-RPC error with a zod issue dump, not counted. The contract wants a
 *   counted `invalid_query` tool error, like any other bad argument.
 * - zod copies members by assignment, so a `__proto__` member becomes the copy's prototype
 *   (`{"__proto__": {}}`) or vanishes (`{"__proto__": 1}`). The contract refuses it as an
 *   extra key.
 * - `1.0` parses to 1; only the raw text shows a float literal.
 * So the route reads each `tools/call` request of the body itself, keyed by its JSON-RPC
 * id, and the tool validates these raw arguments rather than the SDK's copy. Arguments that
 * are not an object are removed from the body the SDK sees, so the call reaches the tool.
 */

export interface RawToolCall {
  /** `params.arguments` as JSON.parse made it (an own `__proto__` member stays a member). */
  readonly arguments: unknown;
  /** Integer arguments written as float literals (`1.0`, `1e1`) in the raw text. */
  readonly floatLiterals: ReadonlySet<string>;
}

export interface RawToolCalls {
  readonly byId: ReadonlyMap<RequestId, RawToolCall>;
  /** The parsed body to hand to the SDK. */
  readonly body: unknown;
}

const INTEGER_ARGUMENTS = ['page', 'pageSize'];
const NO_FLOAT_LITERALS: ReadonlySet<string> = new Set();

interface ToolCallMessage {
  readonly id: RequestId;
  readonly params: Record<string, unknown>;
}

export function readToolCalls(text: string, parsed: unknown): RawToolCalls {
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  const calls = messages.map(asToolCall);
  // The raw-text scan only matters where JSON.parse saw an integer for page/pageSize
  // (a non-integral number is refused from the parsed value alone), so ordinary
  // messages never pay for it.
  const floats = calls.some((call) => hasIntegerArgument(call?.params['arguments']))
    ? findFloatArguments(text, INTEGER_ARGUMENTS)
    : new Map<number, Set<string>>();

  const byId = new Map<RequestId, RawToolCall>();
  calls.forEach((call, index) => {
    if (call === undefined) return;
    byId.set(call.id, {
      arguments: call.params['arguments'],
      floatLiterals: floats.get(index) ?? NO_FLOAT_LITERALS,
    });
  });
  return { byId, body: bodyForTheSdk(parsed, messages, calls) };
}

/** The parsed body without the `arguments` that are not an object; unchanged if there are none. */
function bodyForTheSdk(
  parsed: unknown,
  messages: unknown[],
  calls: (ToolCallMessage | undefined)[],
): unknown {
  const refused = (call: ToolCallMessage | undefined) => isNotAnObject(call?.params['arguments']);
  if (!calls.some(refused)) return parsed;
  const sdkMessages = messages.map((message, index) => {
    const call = calls[index];
    if (call === undefined || !refused(call)) return message;
    const { arguments: _leftToTheTool, ...params } = call.params;
    return { ...(message as Record<string, unknown>), params };
  });
  return Array.isArray(parsed) ? sdkMessages : sdkMessages[0];
}

function asToolCall(message: unknown): ToolCallMessage | undefined {
  if (!isObject(message) || message['method'] !== 'tools/call') return undefined;
  const { id, params } = message;
  if ((typeof id !== 'string' && typeof id !== 'number') || !isObject(params)) return undefined;
  return { id, params };
}

function hasIntegerArgument(args: unknown): boolean {
  return isObject(args) && INTEGER_ARGUMENTS.some((name) => Number.isInteger(args[name]));
}

/** Present but not a JSON object: absent `arguments` means "all defaults". */
function isNotAnObject(args: unknown): boolean {
  return args !== undefined && !isObject(args);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
