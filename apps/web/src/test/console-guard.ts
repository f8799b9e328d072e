import { vi } from 'vitest';

// Tests fail on an unexpected console.error (a React warning, an unhandled route error...). A test that
// expects one calls `allowConsoleError()` first.
let consoleErrors: string[] = [];
let consoleErrorAllowed = false;

export function allowConsoleError(): void {
  consoleErrorAllowed = true;
}

export function watchConsoleErrors(): void {
  consoleErrors = [];
  consoleErrorAllowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(
      args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' '),
    );
  });
}

export function assertNoUnexpectedConsoleErrors(): void {
  if (consoleErrors.length > 0 && !consoleErrorAllowed) {
    throw new Error(`Unexpected console.error:\n${consoleErrors.join('\n')}`);
  }
}
