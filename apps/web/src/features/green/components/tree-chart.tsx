import { useId } from 'react';
import { formatMonthShort, formatNumber } from '../../../lib/format';
import { useI18n } from '../../../lib/i18n';

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 24, right: 16, bottom: 32, left: 40 };

/** Trees over time: an area that grows month by month, with a small tree on each month that added one. */
export function TreeChart({ points }: { points: { month: string; trees: number }[] }) {
  const { t, locale } = useI18n();
  const titleId = useId();
  const descId = useId();
  const gradient = useId();
  const max = Math.max(1, ...points.map((point) => point.trees));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = points.length > 1 ? innerW / (points.length - 1) : 0;
  const x = (i: number) => PAD.left + (points.length > 1 ? i * step : innerW / 2);
  const y = (trees: number) => PAD.top + innerH - (trees / max) * innerH;
  const line = points
    .map((point, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(point.trees).toFixed(1)}`)
    .join(' ');
  const area = `${line} L${x(points.length - 1).toFixed(1)},${String(PAD.top + innerH)} L${x(0).toFixed(1)},${String(PAD.top + innerH)} Z`;
  const first = points[0];
  const last = points.at(-1);
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  return (
    <figure className="tree-chart">
      <svg
        viewBox={`0 0 ${String(WIDTH)} ${String(HEIGHT)}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="tree-chart__svg"
      >
        <title id={titleId}>{t('green.chart.title')}</title>
        <desc id={descId}>
          {first && last
            ? t('green.chart.description', {
                from: formatMonthShort(first.month, locale),
                to: formatMonthShort(last.month, locale),
                start: formatNumber(first.trees, locale),
                end: formatNumber(last.trees, locale),
              })
            : ''}
        </desc>
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#2fbf71" stopOpacity="0.55" />
            <stop offset="1" stopColor="#2fbf71" stopOpacity="0.02" />
          </linearGradient>
        </defs>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(max * share)}
              y2={y(max * share)}
              stroke="#262c3c"
              strokeDasharray="4 6"
            />
            <text x={PAD.left - 8} y={y(max * share) + 4} textAnchor="end" fill="#a9b0c2" fontSize="12">
              {formatNumber(Math.round(max * share), locale)}
            </text>
          </g>
        ))}
        <path d={area} fill={`url(#${gradient})`} />
        <path
          d={line}
          fill="none"
          stroke="#7be0a5"
          strokeWidth="3"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
        {points.map((point, i) => {
          const grew = i > 0 && point.trees > (points[i - 1]?.trees ?? 0);
          return (
            <g key={point.month}>
              {grew ? (
                <path
                  d={`M${x(i).toFixed(1)},${(y(point.trees) - 16).toFixed(1)} l-7,12 h14 z`}
                  fill="#2fbf71"
                  stroke="#0b0d12"
                  strokeWidth="1"
                />
              ) : null}
              <circle cx={x(i)} cy={y(point.trees)} r="3.5" fill="#eef0f6" />
              {i % labelEvery === 0 || i === points.length - 1 ? (
                <text x={x(i)} y={HEIGHT - 10} textAnchor="middle" fill="#a9b0c2" fontSize="12">
                  {formatMonthShort(point.month, locale)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
