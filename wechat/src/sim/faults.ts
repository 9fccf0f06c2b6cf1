import type { SimResponse } from './http';

/** An injected failure: the next `times` matching requests get `response` instead of the real answer. */
export interface Fault {
  /** Exact path, or a prefix ending in `*`. */
  path: string;
  method?: string;
  times: number;
  response: SimResponse;
}

export interface FaultBook {
  inject(fault: Fault): void;
  clear(): void;
  /** Takes (and counts down) the first fault matching the request, if any. */
  take(method: string, path: string): SimResponse | undefined;
  pending(): readonly Fault[];
}

export function createFaultBook(): FaultBook {
  let faults: Fault[] = [];
  const matches = (fault: Fault, method: string, path: string) =>
    (!fault.method || fault.method.toUpperCase() === method) &&
    (fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : fault.path === path);
  return {
    inject(fault) {
      if (!Number.isInteger(fault.times) || fault.times < 1)
        throw new Error('times must be a positive integer');
      faults.push({ ...fault });
    },
    clear() {
      faults = [];
    },
    take(method, path) {
      const fault = faults.find((f) => matches(f, method, path));
      if (!fault) return undefined;
      fault.times -= 1;
      if (fault.times === 0) faults = faults.filter((f) => f !== fault);
      return fault.response;
    },
    pending: () => faults,
  };
}
