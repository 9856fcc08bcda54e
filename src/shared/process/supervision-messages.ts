/**
 * What a supervised child tells its supervisor over the IPC channel of `child_process`:
 * `ready` once it has checked its settings and started its work, then `alive` every
 * ALIVE_INTERVAL_MS from a timer of its event loop, so a loop blocked (a synchronous
 * wait, an endless computation) or a process stopped is seen as silence.
 */
export type ChildMessage = { readonly type: 'ready' } | { readonly type: 'alive' };

export const ALIVE_INTERVAL_MS = 2_000;

export function isChildMessage(value: unknown): value is ChildMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'ready' || type === 'alive';
}

/**
 * The child's side: says `ready` now and `alive` from then on, while the channel is open.
 * Returns a function that stops the reports. Without a channel (not started by a
 * supervisor) it throws.
 */
export function reportToSupervisor(): () => void {
  const send = process.send?.bind(process);
  if (send === undefined || !process.connected) {
    throw new Error('not started by a supervisor (no IPC channel)');
  }
  const say = (message: ChildMessage) => {
    // A channel closing under a send is not an error here: 'disconnect' says it.
    if (process.connected) send(message, undefined, {}, () => undefined);
  };
  say({ type: 'ready' });
  const timer = setInterval(() => say({ type: 'alive' }), ALIVE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
