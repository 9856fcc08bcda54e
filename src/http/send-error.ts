import type { FastifyReply } from 'fastify';
import type { ApiError } from '../domain/errors.ts';

/** Sends an error of the catalogue as the contract's JSON body (decisions.md §6). */
export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply
    .code(error.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(JSON.stringify(error.toBody()));
}
