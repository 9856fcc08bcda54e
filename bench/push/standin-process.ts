/**
 * The stand-in push service in a process of its own, for `npm run bench:push`: the service
 * under measure must not share its CPU with the decryption of 10,000 messages. Reads the
 * number of subscriptions from argv, prints them (JSON, one line) once listening, then one
 * line per 1,000 pushes received and a last line when told to stop (on stdin closing).
 */
import { startPushStandin } from '../../test/support/push-standin.ts';

const count = Number(process.argv[2] ?? '10000');
const vapidPublicKey = process.argv[3];
const standin = await startPushStandin({
  maxStored: count + 10,
  ...(vapidPublicKey === undefined ? {} : { vapidPublicKey }),
});
const subscriptions = Array.from(
  { length: count },
  (_, i) => standin.subscribe(`s${i}`).subscription,
);
process.stdout.write(`${JSON.stringify({ origin: standin.origin, subscriptions })}\n`);

let reported = 0;
const timer = setInterval(() => {
  const { accepted, rejected } = standin.counts();
  if (accepted + rejected !== reported) {
    reported = accepted + rejected;
    process.stdout.write(`${JSON.stringify({ accepted, rejected, at: Date.now() })}\n`);
  }
}, 5);
process.stdin.on('end', async () => {
  clearInterval(timer);
  await standin.close();
  process.exit(0);
});
process.stdin.resume();
