import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, test } from 'node:test';
import { withTimeout } from '../../src/shared/util/with-timeout.ts';
import { SHARED_REDIS_URL } from './redis-support.ts';

/** Keeps the event loop busy for `ms`, as a large snapshot's result being received does. */
function stall(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
}

describe('withTimeout', () => {
  test('settles with the value, and with the error, of a call that answers in time', async () => {
    assert.equal(await withTimeout(Promise.resolve(7), 50, 'store'), 7);
    await assert.rejects(withTimeout(Promise.reject(new Error('refused')), 50, 'store'), {
      message: 'refused',
    });
  });

  test('rejects a call that never answers, naming the store and the time', async () => {
    const started = Date.now();
    await assert.rejects(withTimeout(new Promise(() => undefined), 40, 'redis'), {
      message: 'redis did not answer within 40 ms',
    });
    assert.ok(Date.now() - started >= 39);
  });

  /**
   * Three PINGs to Redis (another process, which answers at once), each bounded at 50 ms by
   * withTimeout while this loop stalls for 200 ms: the answer is read only when the loop
   * polls for I/O, after the stall, when the timer is long due. `writeLater` writes each
   * command on setImmediate, as node-redis does, so it leaves only when the stall ends.
   */
  async function pingsThroughStalls(writeLater: boolean) {
    const url = new URL(SHARED_REDIS_URL);
    const client: Socket = connect(Number(url.port || 6379), url.hostname);
    await once(client, 'connect');
    try {
      for (let round = 0; round < 3; round++) {
        const answer = new Promise<string>((resolve) => {
          const send = () => {
            client.once('data', (chunk) => resolve(chunk.toString()));
            client.write(`PING ${round}\r\n`);
          };
          if (writeLater) setImmediate(send);
          else send();
        });
        const call = withTimeout(answer, 50, 'store');
        stall(200);
        assert.equal(await call, `$1\r\n${round}\r\n`);
      }
    } finally {
      client.destroy();
    }
  }

  test('an answer that came while the event loop was stalled past the time wins', () =>
    pingsThroughStalls(false));

  test('a command written only when the stall ends (node-redis writes on setImmediate) is still answered in time', () =>
    pingsThroughStalls(true));

  test('a store that never answers still fails after a stall: at the time, the stall and 25 ms of grace', async () => {
    const started = performance.now();
    const call = withTimeout(new Promise(() => undefined), 50, 'redis');
    stall(200);
    await assert.rejects(call, { message: 'redis did not answer within 50 ms' });
    const took = performance.now() - started;
    assert.ok(took >= 200 + 25 - 1 && took < 200 + 25 + 500, `${took} ms`);
  });
});
