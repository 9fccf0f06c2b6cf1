import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** A class a filter offers: its id, name and year. */
export interface ClassChoiceSource {
  id: number;
  name: string;
  year: number;
}

/** The choices of a class filter and the way to ask for others by name. */
export interface ClassChoices {
  choices: { value: number; label: string }[];
  search: (name?: string) => void;
}

/**
 * The choices of a class filter: classes by part of the name from `fetchClasses` (a screen's
 * class-options call), asked again as people type; labelled `名称（年度）`. Only the latest answer
 * is kept; a failure leaves the choices as they were.
 */
export function useClassChoices(fetchClasses: (name?: string) => Promise<ClassChoiceSource[]>): ClassChoices {
  const [options, setOptions] = useState<ClassChoiceSource[]>([]);
  const latest = useRef(0);
  const fetchRef = useRef(fetchClasses);
  fetchRef.current = fetchClasses;
  const search = useCallback((name?: string) => {
    const id = latest.current + 1;
    latest.current = id;
    fetchRef.current(name?.trim() || undefined).then(
      (found) => latest.current === id && setOptions(found),
      () => undefined,
    );
  }, []);
  useEffect(() => search(), [search]);
  const choices = useMemo(
    () => options.map((option) => ({ value: option.id, label: `${option.name}（${option.year}）` })),
    [options],
  );
  return { choices, search };
}
