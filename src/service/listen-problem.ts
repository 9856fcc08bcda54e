import { ConfigError } from '../shared/config/env.ts';

/** Which setting a listener takes its address from, to name it when listening fails. */
export interface ListenSetting {
  /** e.g. PORT or METRICS_PORT */
  readonly portVariable: string;
  /** e.g. HOST or METRICS_HOST */
  readonly hostVariable: string;
  readonly host: string;
  readonly port: number;
  /** The variable's special values, e.g. "0 picks a free one". */
  readonly choices: string;
}

/**
 * A listen() failure an operator can fix by changing a setting, as a ConfigError naming
 * that variable (the CLI exits 2, as for any bad setting); any other failure unchanged.
 * A port in use is the common case: a second instance on the same machine.
 */
export function listenProblem(error: unknown, setting: ListenSetting): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const { portVariable, hostVariable, host, port, choices } = setting;
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new ConfigError([
        `${portVariable}=${port}: ${address} is already in use (another reset-records, or another program, listens there); stop it or choose another ${portVariable} (${choices})`,
      ]);
    case 'EACCES':
      return new ConfigError([
        `${portVariable}=${port}: not allowed to listen on ${address} (ports below 1024 need privileges); choose a ${portVariable} of 1024 or more`,
      ]);
    case 'EADDRNOTAVAIL':
      return new ConfigError([
        `${hostVariable}=${host}: not an address of this machine; use 127.0.0.1, or 0.0.0.0 / :: for every interface`,
      ]);
    default:
      return error;
  }
}
