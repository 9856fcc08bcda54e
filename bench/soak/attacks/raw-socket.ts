/** Raw TCP helpers for the attacks: connect from a given loopback address, wait on a socket. */
import { connect, type Socket } from 'node:net';
import type { Target } from '../http-client.ts';

const CONNECT_TIMEOUT_MS = 5_000;

/** A connected socket, or the error code of the failed attempt. */
export function open(target: Target, localAddress: string): Promise<Socket | string> {
  return new Promise((resolve) => {
    const socket = connect({ host: target.host, port: target.port, localAddress });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('CONNECT_TIMEOUT');
    }, CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      socket.on('error', () => {}); // errors end in 'close', which the attacks watch
      resolve(socket);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(error.code ?? 'ERROR');
    });
  });
}

export function isOpen(socket: Socket): boolean {
  return !socket.destroyed && socket.readyState === 'open';
}

/** Resolves when the socket closes, when `signal` aborts, or after `ms`; says which. */
export function waitFor(
  socket: Socket,
  event: 'drain' | 'close',
  signal: AbortSignal,
  ms: number,
): Promise<'event' | 'closed' | 'aborted' | 'timeout'> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve('closed');
    if (signal.aborted) return resolve('aborted');
    const finish = (how: 'event' | 'closed' | 'aborted' | 'timeout') => {
      clearTimeout(timer);
      socket.off(event, onEvent);
      socket.off('close', onClose);
      signal.removeEventListener('abort', onAbort);
      resolve(how);
    };
    const onEvent = () => finish('event');
    const onClose = () => finish('closed');
    const onAbort = () => finish('aborted');
    const timer = setTimeout(() => finish('timeout'), ms);
    socket.once(event, onEvent);
    socket.once('close', onClose);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
