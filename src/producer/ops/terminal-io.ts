import { escapeTerminal } from '../../shared/text/terminal.ts';
import type { OpsIo } from './run-ops.ts';

/**
 * The same io, every line it prints escaped for a terminal (shared/text/terminal.ts): a
 * post's text, a parent's, a `--reason`, a value quoted in a refusal all come from someone
 * else, and `ops review` is read by the operator who decides on them. `--json` lines stay
 * JSON with the same value.
 */
export function terminalSafe(io: OpsIo): OpsIo {
  return {
    ...io,
    stdout: (line) => io.stdout(escapeTerminal(line)),
    stderr: (line) => io.stderr(escapeTerminal(line)),
  };
}
