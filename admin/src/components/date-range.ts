/** A range of days as the filters send it: `[from, to]`, both `YYYY-MM-DD`, from not after to. */
export type DateRange = [from: string, to: string];

/** The two ends of a filter's range as the calls take them (both undefined without a range). */
export function rangeBounds(range: DateRange | null | undefined): { from?: string; to?: string } {
  return range ? { from: range[0], to: range[1] } : {};
}
