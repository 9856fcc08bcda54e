import { loadProducerConfig } from '../config.ts';
import { ProducerUsageError } from './arguments.ts';
import { buildCommand } from './build-command.ts';
import { ledgerCopyCommand, ledgerInitCommand, opsCommand } from './ledger-commands.ts';
import { monitorCommand } from './monitor-command.ts';
import { classifyCommand, ingestCommand } from './posts-commands.ts';

export { ProducerUsageError } from './arguments.ts';

/**
 * The producer's commands (producer.md §5): ingest, build, monitor, classify and ops.
 * Loaded only by these commands, never by `serve`: nothing on the service's request path
 * imports the producer.
 */
export async function runProducer(command: string, argv: string[]): Promise<number> {
  const config = loadProducerConfig();
  switch (command) {
    case 'classify':
      return classifyCommand(config, argv);
    case 'ingest':
      return ingestCommand(config, argv);
    case 'build':
      return buildCommand(config, argv);
    case 'monitor':
      return monitorCommand(config, argv);
    case 'ops':
      return opsCommand(config, argv);
    case 'ledger-init':
      return ledgerInitCommand(config, argv);
    case 'ledger-copy':
      return ledgerCopyCommand(config, argv);
    default:
      throw new ProducerUsageError(`unknown command "${command}"`);
  }
}
