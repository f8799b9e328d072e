import { LOCALE_BCP47 } from '@member/domain';
import { useId } from 'react';
import { useI18n } from '../../../lib/i18n';
import { formatClock } from '../../../lib/format';
import { type MediaControls, PLAYBACK_RATES } from '../hooks/use-media-element';
import { PlayerIcon } from './player-icon';

/** Play or pause, named by what it does now. */
export function PlayPauseButton({ controls }: { controls: MediaControls }) {
  const { t } = useI18n();
  const { paused } = controls.state;
  return (
    <button
      type="button"
      className="player__button player__button--main"
      onClick={controls.togglePlay}
      aria-label={paused ? t('player.play') : t('player.pause')}
    >
      <PlayerIcon name={paused ? 'play' : 'pause'} size={26} />
    </button>
  );
}

export function SkipButtons({ controls }: { controls: MediaControls }) {
  const { t } = useI18n();
  return (
    <>
      <button
        type="button"
        className="player__button"
        onClick={controls.rewind}
        aria-label={t('player.rewind')}
      >
        <PlayerIcon name="rewind" />
        <span className="player__skip-label" aria-hidden="true">
          10
        </span>
      </button>
      <button
        type="button"
        className="player__button"
        onClick={controls.forward}
        aria-label={t('player.forward')}
      >
        <PlayerIcon name="forward" />
        <span className="player__skip-label" aria-hidden="true">
          30
        </span>
      </button>
    </>
  );
}

/** The position slider: the arrow keys move it, and screen readers hear "1:05 of 2:49". */
export function SeekSlider({ controls, start }: { controls: MediaControls; start: number }) {
  const { t } = useI18n();
  const { position, length } = controls;
  const known = Number.isFinite(length) && length > 0;
  const text = t('player.positionText', {
    position: formatClock(position),
    duration: known ? formatClock(length) : '–',
  });
  return (
    <div className="player__seek">
      <span className="player__time" aria-hidden="true">
        {formatClock(position)}
      </span>
      <input
        type="range"
        className="player__slider"
        min={0}
        max={known ? Math.floor(length) : 0}
        step={1}
        value={Math.floor(Math.min(position, known ? length : 0))}
        disabled={!known}
        aria-label={t('player.position')}
        aria-valuetext={text}
        onChange={(event) => {
          controls.seekTo(start + Number(event.currentTarget.value));
        }}
      />
      <span className="player__time" aria-hidden="true">
        {known ? formatClock(length) : '–:––'}
      </span>
    </div>
  );
}

/** The speed menu; `onChosen` hears the speed the member picks (an audiobook remembers it). */
export function SpeedSelect({
  controls,
  onChosen,
}: {
  controls: MediaControls;
  onChosen?: (rate: number) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const number = new Intl.NumberFormat(LOCALE_BCP47[locale], { maximumFractionDigits: 2 });
  return (
    <div className="player__field">
      <label htmlFor={id}>{t('player.speed')}</label>
      <select
        id={id}
        className="player__select"
        value={String(controls.state.rate)}
        onChange={(event) => {
          const rate = Number(event.currentTarget.value);
          controls.setRate(rate);
          onChosen?.(rate);
        }}
      >
        {PLAYBACK_RATES.map((rate) => (
          <option key={rate} value={String(rate)}>
            {t('player.speedValue', { rate: number.format(rate) })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Mute and the volume slider (the arrow keys move it; screen readers hear the percentage). */
export function VolumeControl({ controls }: { controls: MediaControls }) {
  const { t, locale } = useI18n();
  const { volume, muted } = controls.state;
  const level = muted ? 0 : volume;
  const percent = new Intl.NumberFormat(LOCALE_BCP47[locale], { style: 'percent' }).format(level);
  return (
    <div className="player__volume">
      <button
        type="button"
        className="player__button"
        onClick={controls.toggleMute}
        aria-label={muted ? t('player.unmute') : t('player.mute')}
        aria-pressed={muted}
      >
        <PlayerIcon name={muted || volume === 0 ? 'muted' : 'volume'} />
      </button>
      <input
        type="range"
        className="player__slider player__volume-slider"
        min={0}
        max={100}
        step={5}
        value={Math.round(level * 100)}
        aria-label={t('player.volume')}
        aria-valuetext={percent}
        onChange={(event) => {
          controls.setVolume(Number(event.currentTarget.value) / 100);
        }}
      />
    </div>
  );
}
