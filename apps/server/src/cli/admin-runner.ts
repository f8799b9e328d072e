import { parseArgs } from 'node:util';

import { AppError } from '../errors';
import { type AdminCommand, type AdminContext, AdminUsageError } from './admin-command';
import { adminCommands } from './admin-commands';
import { consoleOutput } from './admin-output';

function overview(commands: readonly AdminCommand[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'Usage: npm run admin -- <command> [options]',
    '       npm run admin -- <command> --help',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
  ].join('\n');
}

function commandHelp(command: AdminCommand): string {
  return `Usage: npm run admin -- ${command.name} ${command.usage}\n\n${command.summary}`;
}

/**
 * Runs one command line against a prepared context (the entry point's, or a test's). Returns the
 * exit code; writes help, refusals and results through the context's output.
 */
export async function runAdmin(
  argv: readonly string[],
  context: AdminContext | ((command: AdminCommand) => Promise<AdminContext>),
  commands: readonly AdminCommand[] = adminCommands,
): Promise<number> {
  const [name, ...rest] = argv;
  const out = typeof context === 'function' ? consoleOutput() : context.out;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out.line(overview(commands));
    return name === undefined ? 1 : 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    out.error(`Unknown command "${name}".\n\n${overview(commands)}`);
    return 1;
  }
  let args;
  try {
    const parsed = parseArgs({
      args: [...rest],
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: command.positionals === true,
      strict: true,
    });
    args = { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    out.error(`${error instanceof Error ? error.message : String(error)}\n\n${commandHelp(command)}`);
    return 1;
  }
  if (args.values.help === true) {
    out.line(commandHelp(command));
    return 0;
  }
  const ready = typeof context === 'function' ? await context(command) : context;
  try {
    return await command.run(ready, args);
  } catch (error) {
    if (error instanceof AdminUsageError) {
      ready.out.error(`${error.message}\n\n${commandHelp(command)}`);
      return 1;
    }
    // A service's refusal (a bad value, a missing record): its code and message, no stack.
    if (error instanceof AppError) {
      ready.out.error(`Refused (${error.slug}): ${error.message}`);
      return 1;
    }
    throw error;
  }
}
