/**
 * CPU time a process has used (user + system, all its threads), read from
 * /proc/<pid>/stat, so that a row can report the CPU microseconds each side spent per
 * request: a figure that compares across machines even where the throughput ratios differ
 * (issue 22). Undefined where /proc is missing (not Linux).
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** Clock ticks per second of /proc's times (`getconf CLK_TCK`; 100 nearly everywhere). */
const TICKS_PER_SECOND = (() => {
  try {
    const value = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isInteger(value) && value > 0 ? value : 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of `pid`, in microseconds. */
export async function cpuMicros(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the line are utime and stime: 12th and 13th after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1_000_000) / TICKS_PER_SECOND : undefined;
}

/** Starts a measurement of `pid`; the returned function gives the µs used since. */
export async function cpuMeter(
  pid: number | undefined,
): Promise<() => Promise<number | undefined>> {
  const start = await cpuMicros(pid);
  return async () => {
    const end = await cpuMicros(pid);
    return start === undefined || end === undefined ? undefined : end - start;
  };
}
