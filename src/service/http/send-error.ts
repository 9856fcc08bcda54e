import type { FastifyReply } from 'fastify';
import type { ApiError } from '../../shared/domain/errors.ts';

/**
 * Sends an error of the catalogue as the contract's JSON body (decisions.md §6).
 * `status` overrides the catalogue's only for requests the framework itself refused
 * (e.g. 413 for an oversized body), which keep their own HTTP status.
 */
export function sendError(
  reply: FastifyReply,
  error: ApiError,
  status = error.status,
): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(error.toJson());
}
