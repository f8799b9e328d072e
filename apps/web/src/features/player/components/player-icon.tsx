/** The player's glyphs (24-unit drawings); decorative, the button's name carries the meaning. */
const PATHS = {
  play: 'M8 5v14l11-7z',
  pause: 'M7 5h4v14H7zM13 5h4v14h-4z',
  rewind: 'M12 5V2L7 6l5 4V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z',
  forward: 'M12 5V2l5 4-5 4V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8z',
  previous: 'M6 5h2v14H6zM9.5 12 18 5v14z',
  next: 'M16 5h2v14h-2zM6 5l8.5 7L6 19z',
  shuffle: 'M4 7h3l9 10h4M4 17h3l3-3.3M14 10.3 16 7h4M18 5l2 2-2 2M18 15l2 2-2 2',
  repeat: 'M5 10V8a2 2 0 0 1 2-2h11M15 3l3 3-3 3M19 14v2a2 2 0 0 1-2 2H6M9 21l-3-3 3-3',
  expand: 'M6 15l6-6 6 6',
  collapse: 'M6 9l6 6 6-6',
  close: 'M6 6l12 12M18 6 6 18',
  fullscreen: 'M4 9V4h5M15 4h5v5M20 15v5h-5M9 20H4v-5',
  up: 'M12 19V5M6 11l6-6 6 6',
  down: 'M12 5v14M6 13l6 6 6-6',
  remove: 'M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  volume: 'M4 9h4l5-4v14l-5-4H4zM16.5 8.5a5 5 0 0 1 0 7',
  muted: 'M4 9h4l5-4v14l-5-4H4zM17 9.5l4 5M21 9.5l-4 5',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
} as const;

export type PlayerIconName = keyof typeof PATHS;

const FILLED: ReadonlySet<PlayerIconName> = new Set(['play', 'pause', 'previous', 'next']);

export function PlayerIcon({ name, size = 22 }: { name: PlayerIconName; size?: number }) {
  const filled = FILLED.has(name);
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
