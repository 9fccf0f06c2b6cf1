/** The choices of a select over a closed set of values, each named by its label, in the set's order. */
export function labelOptions<V extends string | number>(
  values: readonly V[],
  labels: Readonly<Record<V, string>>,
): { value: V; label: string }[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
