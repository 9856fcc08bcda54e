import { publishToFile } from '../../shared/snapshot/publish-file.ts';
import { escapeTerminal } from '../../shared/text/terminal.ts';
import { build } from '../build/build.ts';
import type { ProducerConfig } from '../config.ts';
import { openLedger } from '../ledger/open-ledger.ts';
import { ProducerUsageError, parse, parseNow } from './arguments.ts';

/** `build [--now TIME] [--out FILE]`: the snapshot the ledger gives at TIME. */
export async function buildCommand(config: ProducerConfig, argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { now: { type: 'string' }, out: { type: 'string' } });
  if (positionals.length > 0) throw new ProducerUsageError('build takes no FILE; use --out FILE');
  const now = values.now === undefined ? Date.now() : parseNow(values.now);
  const ledger = await openLedger(config.ledgerUrl);
  try {
    const { snapshot, omitted } = build(await ledger.entries(), now, config.build);
    for (const { id, problem } of omitted)
      console.error(escapeTerminal(`record ${id} left out: ${problem}`));
    const text = `${JSON.stringify(snapshot, null, 2)}\n`;
    if (values.out === undefined) process.stdout.write(text);
    else await publishToFile(values.out, text);
  } finally {
    await ledger.close();
  }
  return 0;
}
