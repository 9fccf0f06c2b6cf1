import type { PlayerQuestion, PlayerRules } from '@px/api/contract';

/**
 * The player's side of the study rules (the server judges every beat again; these only keep the
 * student from doing what would not be credited): where seeking may go, where a pop-up question
 * stops the video, and the speeds offered.
 */

/** Where the student may seek now: anywhere, up to a second of the video, or not at all. */
export type SeekLimit = { kind: 'free' } | { kind: 'up-to'; seconds: number } | { kind: 'none' };

/** What the limit depends on: the lesson's state and the furthest second watched (server's or this session's). */
export interface SeekState {
  finished: boolean;
  furthest: number;
}

/**
 * The seek limit under the project's rules: FREE anywhere; WATCHED up to the furthest second
 * watched; NONE no seeking; any of them anywhere once the lesson is finished with `freeSeekWhenFinished`.
 */
export function seekLimit(
  rules: Pick<PlayerRules, 'seek' | 'freeSeekWhenFinished'>,
  state: SeekState,
): SeekLimit {
  if (rules.seek === 'FREE' || (state.finished && rules.freeSeekWhenFinished)) return { kind: 'free' };
  if (rules.seek === 'WATCHED') return { kind: 'up-to', seconds: state.furthest };
  return { kind: 'none' };
}

/**
 * Where a seek from `current` to `target` may land in a video of `duration` seconds: the target
 * (within the video) when free, no further than the limit (or where the video is, if that is
 * further) when up to a point, and nowhere (`current`) when seeking is off.
 */
export function allowedSeek(target: number, current: number, limit: SeekLimit, duration: number): number {
  const within = Math.min(Math.max(target, 0), duration > 0 ? duration : target);
  if (limit.kind === 'free') return within;
  if (limit.kind === 'none') return current;
  return Math.min(within, Math.max(limit.seconds, current));
}

/** The hint under the progress bar about seeking, or null when seeking is free. */
export function seekHint(limit: SeekLimit): string | null {
  if (limit.kind === 'up-to') return '只能拖动到已学习的位置';
  if (limit.kind === 'none') return '本课程不能拖动进度';
  return null;
}

/**
 * The first question whose mark playback passed going from `from` to `to` seconds (`from < mark <= to`),
 * or undefined: the player stops there without waiting for the next beat.
 */
export function crossedQuestion(
  questions: readonly PlayerQuestion[],
  from: number,
  to: number,
): PlayerQuestion | undefined {
  return questions
    .filter((question) => question.markSecond > from && question.markSecond <= to)
    .sort((a, b) => a.markSecond - b.markSecond)[0];
}

/** The speeds offered when the project allows speed (`canSpeed`). */
export const PLAYBACK_RATES: readonly number[] = [0.75, 1, 1.25, 1.5, 2];

/** A playback rate as the speed button shows it: `1.0x`, `1.25x`. */
export function rateLabel(rate: number): string {
  return `${Number.isInteger(rate) ? rate.toFixed(1) : String(rate)}x`;
}
