import { formatNumber } from '../../i18n/format';

const SECONDS_PER_MINUTE = 60;

/** "0:05", "1:30": the player-style clock of a duration (digits in the current language). */
export function formatClock(totalSeconds: number): string {
  const rounded = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(rounded / SECONDS_PER_MINUTE);
  const seconds = rounded % SECONDS_PER_MINUTE;
  return `${formatNumber(minutes)}:${formatNumber(seconds, { minimumIntegerDigits: 2 })}`;
}

/** "5 seconds" / "5 sekund": the same duration spelled out for assistive tech. */
export function formatSpokenDuration(totalSeconds: number): string {
  return formatNumber(Math.round(totalSeconds), { style: 'unit', unit: 'second', unitDisplay: 'long' });
}

/**
 * "720p", "1080p": the frame's shorter side, the way resolutions are named for both landscape and
 * portrait videos. Null when the size is not known (0 or missing).
 */
export function resolutionLabel(width: number | undefined, height: number | undefined): string | null {
  if (!width || !height) return null;
  return `${Math.min(width, height)}p`;
}

/** Whether a duration is worth a chip (missing and zero are not). */
export function hasDuration(seconds: number | undefined): seconds is number {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0;
}
