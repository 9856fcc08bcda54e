/**
 * A signal aborted when any of `signals` is (with its reason), and a `dispose` that
 * unhooks it. Unlike AbortSignal.any, nothing is left attached to a long-lived signal (the
 * monitor's stop) once a round or check is over, however many rounds a process runs.
 */
export function linkedSignal(signals: readonly (AbortSignal | undefined)[]): {
  readonly signal: AbortSignal;
  dispose(): void;
} {
  const controller = new AbortController();
  const hooked: (() => void)[] = [];
  for (const source of signals) {
    if (source === undefined) continue;
    if (source.aborted) {
      controller.abort(source.reason);
      break;
    }
    const onAbort = () => controller.abort(source.reason);
    source.addEventListener('abort', onAbort, { once: true });
    hooked.push(() => source.removeEventListener('abort', onAbort));
  }
  return {
    signal: controller.signal,
    dispose() {
      for (const unhook of hooked) unhook();
      hooked.length = 0;
    },
  };
}
