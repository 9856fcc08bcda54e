import { type Logger, stdTimeFunctions, symbols } from 'pino';

/**
 * The one log line per request (`"msg":"request"`), written as a string built from
 * pre-serialised parts, with no object per request:
 *
 *   {"level":30,"time":…,<the logger's bindings>,"reqId":"req-1","method":"GET",
 *    "url":"/openapi/v1/records","status":200,"ms":0.12,"ip":"127.0.0.1","msg":"request"}
 *
 * byte for byte the line `logger.child({ reqId }).info({ method, url, status, ms, ip },
 * 'request')` writes (what Fastify's per-request logger wrote), and handed to the logger's
 * own destination, which writes its lines in batches (src/shared/logger.ts). The parts
 * come from the logger itself (its level prefix, time function, bindings, line end), so a
 * test logger or another level keeps working. A logger configured beyond that (a mixin,
 * formatters.log, redaction, serializers of these keys, hooks, a nested key, a message
 * prefix) gets the ordinary call instead.
 */
export type RequestLogLine = (
  reqId: string,
  method: string,
  url: string,
  status: number,
  ms: number,
  ip: string | undefined,
) => void;

const INFO = 30;
const KEYS = ['reqId', 'method', 'url', 'status', 'ms', 'ip'];

/** pino's internals this file reads, by their exported symbols (pino.symbols). */
type PinoInternals = Readonly<Record<symbol, unknown>>;
const MSG_PREFIX = (symbols as unknown as Record<string, symbol | undefined>)['msgPrefixSym'];
interface Stream {
  write(line: string): unknown;
  readonly [key: symbol]: unknown;
}

/** Whether `logger` writes what `_asJson` would with nothing but its prefix, bindings and end. */
function isPlain(logger: Logger): boolean {
  const internals = logger as unknown as PinoInternals;
  const stream = internals[symbols.streamSym] as Stream | undefined;
  const stringifiers = (internals[symbols.stringifiersSym] ?? {}) as object;
  const formatters = internals[symbols.formattersSym] as { log?: unknown } | undefined;
  const hooks = internals[symbols.hooksSym] as { streamWrite?: unknown } | undefined;
  const serializers = (internals[symbols.serializersSym] ?? {}) as Record<string, unknown>;
  const levels = internals[symbols.lsCacheSym] as Record<number, unknown> | undefined;
  return (
    internals[symbols.mixinSym] == null &&
    formatters?.log == null &&
    hooks?.streamWrite == null &&
    internals[symbols.messageKeySym] === 'msg' &&
    internals[symbols.nestedKeySym] == null &&
    (MSG_PREFIX === undefined || internals[MSG_PREFIX] == null) &&
    KEYS.every((key) => serializers[key] === undefined) &&
    Reflect.ownKeys(stringifiers).length === 0 &&
    typeof levels?.[INFO] === 'string' &&
    typeof internals[symbols.chindingsSym] === 'string' &&
    typeof stream?.write === 'function' &&
    stream[symbols.needsMetadataGsym] !== true
  );
}

/**
 * pino's ISO and epoch time functions give the same text all through a millisecond: under
 * load many lines share one, so it is made once (new Date().toISOString() is about 1 µs).
 * Any other time function is called for every line.
 */
function cachedPerMillisecond(time: () => string): () => string {
  if (time !== stdTimeFunctions.isoTime && time !== stdTimeFunctions.epochTime) return time;
  let lastMs = -1;
  let last = '';
  return () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      last =
        time === stdTimeFunctions.isoTime
          ? `,"time":"${new Date(now).toISOString()}"`
          : `,"time":${now}`;
    }
    return last;
  };
}

export function createRequestLogLine(logger: Logger): RequestLogLine {
  if (!isPlain(logger)) {
    return (reqId, method, url, status, ms, ip) => {
      if (logger.levelVal > INFO) return;
      logger.child({ reqId }).info({ method, url, status, ms, ip }, 'request');
    };
  }
  const internals = logger as unknown as PinoInternals;
  const prefix = (internals[symbols.lsCacheSym] as Record<number, string>)[INFO]!;
  const time = cachedPerMillisecond(internals[symbols.timeSym] as () => string);
  const stream = internals[symbols.streamSym] as Stream;
  // The logger's own bindings (pid, hostname... or none), fixed once it is made.
  const head = internals[symbols.chindingsSym] as string;
  const end = `,"msg":"request"${String(internals[symbols.endSym])}`;
  return (reqId, method, url, status, ms, ip) => {
    if (logger.levelVal > INFO) return;
    // reqId and method are Node's or ours (no character to escape); the url is the
    // client's text, escaped as pino escapes it (JSON); ms is a finite number.
    stream.write(
      `${prefix}${time()}${head},"reqId":"${reqId}","method":"${method}","url":${JSON.stringify(url)},"status":${status},"ms":${ms}${ip === undefined ? '' : `,"ip":${JSON.stringify(ip)}`}${end}`,
    );
  };
}
