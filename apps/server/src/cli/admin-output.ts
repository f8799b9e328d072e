import type { AdminOutput, Progress } from './admin-command';

const BAR_WIDTH = 30;

/** Draws a bar on a terminal; elsewhere (logs, CI) writes a line at every tenth. */
export function createProgress(
  label: string,
  total: number,
  write: (text: string) => void,
  isTerminal: boolean,
): Progress {
  let count = 0;
  let lastTenth = -1;
  const draw = () => {
    const share = total <= 0 ? 1 : Math.min(1, count / total);
    if (isTerminal) {
      const filled = Math.round(share * BAR_WIDTH);
      write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${String(count)}/${String(total)}`,
      );
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth !== lastTenth) {
      lastTenth = tenth;
      write(`${label}: ${String(count)}/${String(total)}\n`);
    }
  };
  return {
    tick(by = 1) {
      count += by;
      draw();
    },
    done() {
      count = Math.max(count, total);
      draw();
      if (isTerminal) write('\n');
    },
  };
}

export function consoleOutput(): AdminOutput {
  return {
    line: (text) => {
      process.stdout.write(`${text}\n`);
    },
    error: (text) => {
      process.stderr.write(`${text}\n`);
    },
    progress: (label, total) =>
      createProgress(label, total, (text) => process.stderr.write(text), process.stderr.isTTY),
  };
}

/** Collects what a command writes (tests). */
export function memoryOutput(): AdminOutput & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    line: (text) => lines.push(text),
    error: (text) => errors.push(text),
    progress: (label, total) => createProgress(label, total, () => undefined, false),
  };
}
