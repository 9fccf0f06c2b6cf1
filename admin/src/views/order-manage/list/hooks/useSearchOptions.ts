import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before the server is asked (ms). */
export const SEARCH_DELAY_MS = 300;

/** The options of a select that asks the server as the person types. */
export interface SearchOptions<T> {
  /** The answer to the latest search (what the dropdown lists). */
  results: T[];
  /** A search is under way. */
  searching: boolean;
  /** Every option seen so far by id, so chosen values keep their labels after another search. */
  known: ReadonlyMap<number, T>;
  /** The text typed (trimmed): searched after a pause; texts shorter than `minLength` clear the results. */
  search: (text: string) => void;
}

/**
 * Searches the server for a select's options: `find(text)` runs once typing pauses, and only the
 * latest answer is shown (a failure, shown by the request client, keeps the results). With
 * `loadAtOnce` the empty text is searched when the select mounts (a first page of options; pass
 * `minLength: 0` to search it again when the text is cleared).
 * `find` is read at call time, so an inline arrow is fine.
 */
export function useSearchOptions<T extends { id: number }>(
  find: (text: string) => Promise<T[]>,
  { minLength = 1, loadAtOnce = false }: { minLength?: number; loadAtOnce?: boolean } = {},
): SearchOptions<T> {
  const [results, setResults] = useState<T[]>([]);
  const [searching, setSearching] = useState(false);
  const [known, setKnown] = useState<ReadonlyMap<number, T>>(new Map());
  const findRef = useRef(find);
  findRef.current = find;
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = useCallback((text: string) => {
    const id = latest.current + 1;
    latest.current = id;
    setSearching(true);
    findRef.current(text).then(
      (found) => {
        if (latest.current !== id) return;
        setResults(found);
        setKnown((current) => new Map([...current, ...found.map((option) => [option.id, option] as const)]));
        setSearching(false);
      },
      () => {
        if (latest.current === id) setSearching(false);
      },
    );
  }, []);

  const search = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      const trimmed = text.trim();
      if (trimmed.length < minLength) {
        latest.current += 1;
        setSearching(false);
        setResults([]);
        return;
      }
      timer.current = setTimeout(() => run(trimmed), SEARCH_DELAY_MS);
    },
    [minLength, run],
  );

  useEffect(() => {
    if (loadAtOnce) run('');
    return () => {
      clearTimeout(timer.current);
      latest.current += 1;
    };
  }, [loadAtOnce, run]);

  return { results, searching, known, search };
}
