import type { RegionNode } from '@px/api/contract';
import { useEffect, useState } from 'react';
import { getRegionalTree } from '../api/dictionary';

/**
 * The administrative divisions under `code` (`100000`: the whole country) or, without a code,
 * under the signed-in person's project area (`dictionary/regional-tree`). Empty while loading or
 * after a failure (which the request client has shown).
 */
export function useRegionTree(code?: string): { tree: RegionNode[]; loading: boolean } {
  const [state, setState] = useState<{ tree: RegionNode[]; loading: boolean }>({ tree: [], loading: true });
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    getRegionalTree(code).then(
      (tree) => current && setState({ tree, loading: false }),
      () => current && setState({ tree: [], loading: false }),
    );
    return () => {
      current = false;
    };
  }, [code]);
  return state;
}
