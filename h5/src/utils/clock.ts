/**
 * Whole seconds as a clock, `mm:ss` (`29:59`), hours first when there are any (`1:02:03`): the pay
 * page's time left and the study player's position. Fractions are dropped; negatives read as 0.
 */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const two = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}
