import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { z } from 'zod';
import type * as Client from '../../packages/client/src/index.ts';
import { GENERATED_TYPES_PATH, renderClientTypes } from '../../scripts/generate-client-types.ts';
import type { StatusAnswer } from '../../src/service/answer/status-schema.ts';
import type {
  ErrorBody,
  LatestEnvelope,
  ListEnvelope,
  ListPage,
  Meta,
} from '../../src/shared/domain/envelope.ts';
import { ERROR_CODES } from '../../src/shared/domain/errors.ts';
import type { ResetRecord } from '../../src/shared/domain/record.ts';

/**
 * The client's types are generated from the service's zod schemas (one source of truth):
 * the file must be exactly what the generator makes of them now, and the types must be the
 * schemas' own (checked by the compiler: `npx tsc --noEmit` fails on a difference).
 */

test('packages/client/src/generated/types.ts is what scripts/generate-client-types.ts makes of the schemas (run npm run generate:client-types)', () => {
  assert.equal(readFileSync(GENERATED_TYPES_PATH, 'utf8'), renderClientTypes());
});

/** true when A and B are assignable both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const sameTypes: [
  Same<Client.ResetRecord, ResetRecord>,
  Same<Client.Meta, Meta>,
  Same<Client.ListPage, ListPage>,
  Same<Client.LatestEnvelope, z.infer<typeof LatestEnvelope>>,
  Same<Client.ListEnvelope, z.infer<typeof ListEnvelope>>,
  Same<Client.ErrorBody, ErrorBody>,
  Same<Client.StatusAnswer, StatusAnswer>,
  Same<Client.KindFilter, 'all' | 'reset_scheduled' | 'reset_completed'>,
  Same<Client.ErrorCode, (typeof ERROR_CODES)[number]>,
] = [true, true, true, true, true, true, true, true, true];

test('the generated types are the types of the zod schemas (a compile-time check) and the codes the catalogue', async () => {
  assert.ok(sameTypes.every(Boolean));
  const client = await import('../../packages/client/src/index.ts');
  assert.deepEqual(client.ERROR_CODES, ERROR_CODES);
  assert.deepEqual(client.KIND_FILTERS, ['all', 'reset_scheduled', 'reset_completed']);
});
