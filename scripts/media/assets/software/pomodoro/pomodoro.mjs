#!/usr/bin/env node
// pomodoro: a focus timer for the terminal. Work and break periods with a progress bar and a bell.
// Usage: pomodoro [--work 25] [--break 5] [--long 15] [--rounds 4] [--quiet]

const options = { work: 25, break: 5, long: 15, rounds: 4, quiet: false, seconds: false };

function usage(code) {
  const text = `pomodoro - a focus timer for the terminal

Usage: pomodoro [--work MIN] [--break MIN] [--long MIN] [--rounds N] [--quiet]

  --work MIN    length of a work period in minutes (default 25)
  --break MIN   length of a short break in minutes (default 5)
  --long MIN    length of the long break after the last round (default 15)
  --rounds N    number of work periods (default 4)
  --quiet       no terminal bell
  --seconds     treat the lengths as seconds (handy for a quick try)

Press Ctrl+C to stop.
`;
  (code === 0 ? process.stdout : process.stderr).write(text);
  process.exit(code);
}

const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '-h' || arg === '--help') usage(0);
  else if (arg === '--quiet') options.quiet = true;
  else if (arg === '--seconds') options.seconds = true;
  else if (['--work', '--break', '--long', '--rounds'].includes(arg)) {
    const value = Number(args[++i]);
    if (!Number.isFinite(value) || value <= 0) {
      process.stderr.write(`pomodoro: ${arg} needs a positive number\n`);
      process.exit(2);
    }
    options[arg.slice(2)] = value;
  } else {
    process.stderr.write(`pomodoro: unknown option ${arg}\n`);
    usage(2);
  }
}

const unit = options.seconds ? 1000 : 60_000;
const tty = process.stdout.isTTY;

function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

function bar(fraction, width = 30) {
  const filled = Math.round(fraction * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}

function period(label, minutes) {
  return new Promise((resolve) => {
    const total = minutes * unit;
    const started = Date.now();
    let lastLine = '';
    const tick = () => {
      const elapsed = Date.now() - started;
      const line = `${label.padEnd(14)} ${bar(Math.min(1, elapsed / total))} ${clock(total - elapsed)}`;
      if (tty) process.stdout.write(`\r${line}`);
      else if (line.slice(0, 14) !== lastLine.slice(0, 14)) process.stdout.write(`${line}\n`);
      lastLine = line;
      if (elapsed >= total) {
        clearInterval(timer);
        if (tty) process.stdout.write('\n');
        if (!options.quiet) process.stdout.write('\u0007');
        resolve();
      }
    };
    const timer = setInterval(tick, 250);
    tick();
  });
}

process.on('SIGINT', () => {
  process.stdout.write('\nStopped. Good work.\n');
  process.exit(130);
});

for (let round = 1; round <= options.rounds; round++) {
  await period(`Work ${round}/${options.rounds}`, options.work);
  if (round < options.rounds) await period('Short break', options.break);
  else await period('Long break', options.long);
}
process.stdout.write('All rounds done.\n');
