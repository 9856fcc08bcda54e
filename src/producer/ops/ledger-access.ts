import { parseOpsArgs } from './parse-ops-args.ts';

/**
 * What an `ops` command needs of the ledger: `write` for a command that appends, `read`
 * for one that only reads (review, log, `reclassify --held --dry-run`, help), which opens
 * it read-only; `none` for a usage error, which runOps reports before reading anything.
 * A command not listed as reading writes: a new command is never opened read-only by
 * mistake.
 */
export function opsLedgerAccess(argv: readonly string[]): 'none' | 'read' | 'write' {
  // `ops cursor` has its own parser (cursor.ts): it shows, or with --reset writes.
  if (argv[0] === 'cursor') return argv.some((arg) => arg.startsWith('--reset')) ? 'write' : 'read';
  let command: ReturnType<typeof parseOpsArgs>;
  try {
    command = parseOpsArgs([...argv]);
  } catch {
    return 'none';
  }
  switch (command.name) {
    case 'help':
    case 'review':
    case 'log':
    case 'status':
      return 'read';
    case 'reclassify-held':
      return command.dryRun ? 'read' : 'write';
    default:
      return 'write';
  }
}
