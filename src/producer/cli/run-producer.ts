import { loadProducerConfig } from '../config.ts';
import { ProducerUsageError } from './arguments.ts';

export { ProducerUsageError } from './arguments.ts';

/**
 * The producer's commands (producer.md §5): ingest, build, monitor, classify and ops.
 * Loaded only by these commands, never by `serve`: nothing on the service's request path
 * imports the producer.
 */
export async function runProducer(command: string, argv: string[]): Promise<number> {
  const config = loadProducerConfig();
  // Each command's modules only when it runs: a command's start is mostly module loading.
  switch (command) {
    case 'classify':
      return (await import('./classify-command.ts')).classifyCommand(config, argv);
    case 'ingest':
      return (await import('./ingest-command.ts')).ingestCommand(config, argv);
    case 'build':
      return (await import('./build-command.ts')).buildCommand(config, argv);
    case 'monitor':
      return (await import('./monitor-command.ts')).monitorCommand(config, argv);
    case 'ops':
      return (await import('./ledger-commands.ts')).opsCommand(config, argv);
    case 'ledger-init':
      return (await import('./ledger-commands.ts')).ledgerInitCommand(config, argv);
    case 'ledger-copy':
      return (await import('./ledger-commands.ts')).ledgerCopyCommand(config, argv);
    default:
      throw new ProducerUsageError(`unknown command "${command}"`);
  }
}
