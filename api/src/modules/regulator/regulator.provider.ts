import { createRegulatorClient, type RegulatorClient } from '@px/regulator';

/**
 * The regulator's registration platform as the product reaches it (docs/regulator.md): in
 * simulator mode the local simulator `startServer` runs, whatever a project's endpoint says; in live
 * mode the project's endpoint, else REGULATOR_API_BASE. Built once at start (`createProviders`).
 */
export interface RegulatorProvider {
  readonly mode: 'simulator' | 'live';
  /** Where a project with this endpoint (null: none set) reports; null when nowhere is known. */
  endpointFor(projectEndpoint: string | null): string | null;
  /** A client for one project's app. */
  client(config: { endpoint: string; appId: string; secret: string }): RegulatorClient;
}

declare module '../../core/action' {
  interface Providers {
    /** The regulator's study-record platform (or its simulator). */
    regulator: RegulatorProvider;
  }
}

export function createRegulatorProvider(options: {
  mode: 'simulator' | 'live';
  /** Simulator mode: the simulator's base URL (null when none runs, as in API tests). */
  simulatorUrl: string | null;
  defaultEndpoint: string | null;
  timeoutMs: number;
}): RegulatorProvider {
  return {
    mode: options.mode,
    endpointFor: (projectEndpoint) =>
      options.mode === 'simulator' ? options.simulatorUrl : (projectEndpoint ?? options.defaultEndpoint),
    client: (config) =>
      createRegulatorClient({
        baseUrl: config.endpoint,
        appId: config.appId,
        secret: config.secret,
        timeoutMs: options.timeoutMs,
      }),
  };
}
