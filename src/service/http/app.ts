import { compile as compileTrust, all as proxyAddresses } from '@fastify/proxy-addr';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import { ApiError } from '../../shared/domain/errors.ts';
import { AnswerCache } from '../answer/answer-cache.ts';
import type { FollowStore } from '../follow/store/follow-store.ts';
import { registerMcpRoute } from '../mcp/mcp-route.ts';
import type { McpEndpoint } from '../mcp/mcp-server.ts';
import type { Metrics } from '../observability/metrics.ts';
import { createRequestLogLine } from '../observability/request-log.ts';
import { TagCache } from '../query/tag-cache.ts';
import type { QuotaGate } from '../quota/quota-gate.ts';
import type { QuotaStore } from '../quota/quota-store.ts';
import type { SnapshotStore } from '../snapshot/snapshot-store.ts';
import type { Site } from '../web/site.ts';
import { answerClientError, answerFrameworkError } from './client-errors.ts';
import type { ConnectionLimits, ConnectionStats } from './connection-guard.ts';
import { EXPOSED_HEADER_LIST } from './cors.ts';
import { drainOnClose } from './drain-on-close.ts';
import { createFastPath } from './fast-path.ts';
import { createHttpServer } from './http-server.ts';
import { KnownRoutes } from './known-routes.ts';
import { answerHostProblem, answerProtocolEdges } from './protocol-edges.ts';
import { declareRequestIp, requestIp } from './request-ip.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerFeedRoutes } from './routes/feeds.ts';
import { registerOpenApiRoute } from './routes/openapi.ts';
import { registerOperationsRoutes } from './routes/operations.ts';
import { registerPushRoutes } from './routes/push.ts';
import { registerRecordRoutes } from './routes/records.ts';
import { registerSiteAssets } from './routes/site-assets.ts';
import { registerSkillRoutes } from './routes/skill.ts';
import { registerStatusJson } from './routes/status-json.ts';
import { registerStatusPage } from './routes/status-page.ts';
import { sendError } from './send-error.ts';

export interface AppDeps {
  readonly snapshots: SnapshotStore;
  readonly gate: QuotaGate;
  readonly quotaStore: QuotaStore | undefined;
  readonly metrics: Metrics;
  readonly logger: Logger;
  readonly clock: () => number;
  readonly trustProxy: readonly string[] | undefined;
  readonly cacheMaxAgeSeconds: number;
  /** PUBLIC_BASE_URL: absolute links in the guide, skill, llms.txt, feed and calendar. */
  readonly publicBaseUrl?: string | undefined;
  /** SITE_NAME and the quota in force, for the pages, the feed, the calendar and llms.txt. */
  readonly site: Site;
  readonly connectionLimits: ConnectionLimits;
  /** Filled by the connection guard; the metrics read it. */
  readonly connectionStats: ConnectionStats;
  readonly mcp: {
    readonly endpoint: McpEndpoint;
    readonly allowedOrigins: readonly string[] | undefined;
    readonly maxBodyBytes: number;
  };
  /**
   * Whether GET/HEAD of the data endpoints are answered below Fastify (fast-path.ts);
   * default true. false only for the test that compares the two paths.
   */
  readonly fastPath?: boolean;
  /** Web Push (docs/following.md): the /push/* routes, only when VAPID keys are set. */
  readonly push?:
    | {
        readonly store: FollowStore;
        readonly publicKey: string;
        readonly allowPrivate: boolean;
        readonly maxSubscriptions: number;
      }
    | undefined;
}

/** Encoded bodies of recent answers kept for the snapshot being served (tag-cache.ts). */
const BODY_CACHE_MAX_BYTES = 8 * 1024 * 1024;
/** Fastify's default request ids (`req-1`, `req-2`... in base 36, wrapping at 2^31 - 1). */
const MAX_REQUEST_ID = 2_147_483_647;

export { EXPOSED_HEADERS } from './cors.ts';

/** How long shutdown waits for in-flight responses to be fully sent. */
const SHUTDOWN_DRAIN_TIMEOUT_MS = 10_000;

const refusalDetail = (status: number) =>
  status === 413 ? 'The request body is too large.' : 'The request is not valid.';

/** Builds the HTTP application; the caller decides where it listens. */
export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const trusted = compileTrust(deps.trustProxy === undefined ? [] : [...deps.trustProxy]);
  // One sequence of request ids for both paths, so that ids stay unique and in order.
  let lastRequestId = 0;
  const nextRequestId = () => {
    lastRequestId = (lastRequestId + 1) & MAX_REQUEST_ID;
    return `req-${lastRequestId.toString(36)}`;
  };
  const logLine = createRequestLogLine(deps.logger);
  // The one answer (answer.md), computed once per snapshot and interval, for every surface.
  const answers = new AnswerCache();
  const bodies = new TagCache<Buffer>(BODY_CACHE_MAX_BYTES, (body) => body.length);
  const fastPath =
    deps.fastPath === false
      ? undefined
      : createFastPath({
          ...deps,
          bodies,
          answers,
          logLine,
          nextRequestId,
          // Fastify's `request.ip`: the last address proxy-addr keeps.
          ipOf:
            deps.trustProxy === undefined
              ? (request) => request.socket.remoteAddress
              : (request) => proxyAddresses(request, trusted).at(-1),
        });
  const app = Fastify({
    serverFactory: (handler) =>
      createHttpServer(handler, {
        limits: deps.connectionLimits,
        isTrustedProxy: (address) => trusted(address, 0),
        stats: deps.connectionStats,
        logger: deps.logger,
        fastPath,
      }),
    genReqId: nextRequestId,
    loggerInstance: deps.logger as FastifyBaseLogger,
    // One line per request, written in onResponse below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.trustProxy === undefined ? false : [...deps.trustProxy],
    routerOptions: { querystringParser: () => ({}) }, // data routes parse the raw query strictly
    bodyLimit: 64 * 1024,
    return503OnClosing: false, // requests during the drain are served; see drainOnClose
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  });
  drainOnClose(app.server, SHUTDOWN_DRAIN_TIMEOUT_MS, deps.logger);
  declareRequestIp(app);
  answerProtocolEdges(app);
  const knownRoutes = new KnownRoutes(deps.site);

  // Every request passes this one synchronous hook (an async hook costs a promise and a
  // turn of the microtask queue per request, and this is every request's path). Answers
  // given here return without calling `done`, which ends the request's way through the
  // framework (Fastify's documented early response for callback hooks).
  app.addHook('onRequest', (request, reply, done) => {
    // Before anything is set: a Host problem is answered with nosniff and no CORS headers.
    if (answerHostProblem(request, reply)) return;
    // A request whose connection was cut while its chunk was being parsed (a pipelining
    // flood; see connection-guard.ts) has no one to answer: it is dropped before any work.
    if (request.raw.socket.destroyed) {
      reply.hijack();
      return;
    }
    // CORS (decisions.md §8): the API is anonymous and public, so any origin may read every
    // response, with the headers a client needs exposed. The same two headers on every
    // response, so they are set here rather than by a CORS plugin deciding per request;
    // preflights are answered by KnownRoutes, so that an OPTIONS to an unknown path is a
    // 404 like any other method.
    reply
      .header('x-content-type-options', 'nosniff')
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', EXPOSED_HEADER_LIST);
    if (!knownRoutes.isRoutable(request)) {
      knownRoutes.answerUnmatched(request, reply);
      return;
    }
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const elapsed = reply.elapsedTime;
    deps.metrics.observeRequest(route, request.method, reply.statusCode, elapsed / 1000);
    // The line request.log.info({ method, url, status, ms, ip }, 'request') would write,
    // from pre-serialised parts (request-log.ts).
    logLine(
      request.id,
      request.method,
      request.url,
      reply.statusCode,
      Math.round(elapsed * 100) / 100,
      requestIp(request),
    );
    done();
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return sendError(reply, error);
    // A request that matched no route is a 404/405 whatever its body was.
    if (request.is404) return knownRoutes.answerUnmatched(request, reply);
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      // A malformed request the framework refused (body too large, bad content type...).
      request.log.info({ code: (error as { code?: string }).code, status }, 'request refused');
      return sendError(reply, new ApiError('invalid_query', refusalDetail(status)), status);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, new ApiError('internal_error'));
  });

  registerRecordRoutes(app, { ...deps, knownRoutes, bodies });
  registerOperationsRoutes(app, { ...deps, knownRoutes });
  registerOpenApiRoute(app, knownRoutes);
  registerSiteAssets(app, knownRoutes);
  registerDocsRoutes(app, { knownRoutes, publicBaseUrl: deps.publicBaseUrl, site: deps.site });
  registerSkillRoutes(app, {
    knownRoutes,
    publicBaseUrl: deps.publicBaseUrl,
    siteName: deps.site.name,
  });
  registerStatusPage(app, { ...deps, knownRoutes, answers });
  registerStatusJson(app, { ...deps, knownRoutes, answers, siteName: deps.site.name });
  registerFeedRoutes(app, { ...deps, knownRoutes, answers });
  if (deps.push !== undefined)
    registerPushRoutes(app, { ...deps.push, knownRoutes, clock: deps.clock });
  await registerMcpRoute(app, { ...deps.mcp, knownRoutes });
  knownRoutes.install(app);
  return app;
}
