import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { LineBatches } from '../../src/producer/cli/line-batches.ts';

/** A stream that takes 1 ms per chunk, with a small buffer: the writer must wait for it. */
function slowReader(highWaterMark: number) {
  const chunks: string[] = [];
  let buffered = 0;
  let most = 0;
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      setTimeout(done, 1);
    },
  });
  const write = stream.write.bind(stream);
  stream.write = ((chunk: string) => {
    const ok = write(chunk);
    buffered = stream.writableLength;
    most = Math.max(most, buffered);
    return ok;
  }) as typeof stream.write;
  return { stream, chunks, most: () => most };
}

test('lines arrive whole and in order, in batches of about 64 KiB, and the writer waits for a slow reader', async () => {
  const reader = slowReader(16 * 1024);
  const out = new LineBatches(reader.stream);
  const lines = Array.from({ length: 5_000 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(i % 97)}"}`);
  for (const line of lines) await out.line(line);
  await out.end();
  await new Promise<void>((resolve) => reader.stream.end(resolve));
  assert.equal(reader.chunks.join(''), `${lines.join('\n')}\n`);
  assert.ok(
    reader.chunks.length > 1 && reader.chunks.length < 20,
    `${reader.chunks.length} writes`,
  );
  // Never more than one batch waiting in the stream: the writer waited for 'drain'.
  assert.ok(reader.most() <= 64 * 1024 + 200, `${reader.most()} bytes buffered`);
});

test('nothing is written for no lines, and a reader that went away (EPIPE) is no error', async () => {
  const empty = slowReader(1024);
  await new LineBatches(empty.stream).end();
  assert.deepEqual(empty.chunks, []);

  const gone = new Writable({
    highWaterMark: 1024,
    write(_chunk, _encoding, done) {
      done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    },
  });
  const out = new LineBatches(gone);
  for (let i = 0; i < 20_000; i++) await out.line(`line ${i} ${'y'.repeat(40)}`);
  await out.end();
  await sleep(10);
  assert.equal(gone.destroyed, true);
});
