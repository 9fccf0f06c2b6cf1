import type { Scenario } from './scenarios';

/**
 * The hot calls against the pg-select floor in rounds (issue 29). On a 2-vCPU machine the same
 * scenario moves by a fifth to a third between two 10-second passes a minute apart, so one pass of
 * the floor at the start measured the drift as much as the code. Here every hot call runs in
 * A B B A order with the floor (pg-select, call, call, pg-select): both sides sit at the same mean
 * time, so a steady drift cancels; the ratio is the mean of the call's two passes over the mean of
 * the two floor passes beside them. Consecutive calls share the floor pass between them
 * (pg-select, a, a, pg-select, b, b, pg-select, ...), and the whole block runs `rounds` times; the
 * target is judged on the median of the rounds' ratios, the p99 the same way.
 */

/** One pass of the run: a scenario loaded once; `round` (from 1) when it belongs to the hot rounds. */
export interface ScheduledPass {
  scenario: Scenario;
  round: number | null;
}

/** What a pass measured that the rounds use. */
export interface PassNumbers {
  name: string;
  requestsPerSecond: number;
  latencyP99Ms: number;
  nodeCpuMsPerRequest: number | null;
  postgresCpuMsPerRequest: number | null;
}

/** One round of a call against the floor passes beside it (each side the mean of its two passes). */
export interface HotRound {
  round: number;
  requestsPerSecond: number;
  baselineRequestsPerSecond: number;
  latencyP99Ms: number;
  baselineP99Ms: number;
  throughputVsSelect: number;
  p99VsSelect: number;
  /** The floor's Node + PostgreSQL CPU per request over the call's (null without /proc). */
  cpuVsSelect: number | null;
}

/** A call's rounds and their medians: what the target is judged on. */
export interface HotRounds {
  rounds: HotRound[];
  throughputVsSelect: number;
  p99VsSelect: number;
  cpuVsSelect: number | null;
  /** The median of the rounds' p99 (each the mean of the round's two passes). */
  latencyP99Ms: number;
}

/** Whether a scenario runs in the rounds: a hot read (no plays: not the heartbeat) or a sized floor. */
export function inRounds(scenario: Scenario): boolean {
  return Boolean((scenario.hot && !scenario.plays) || scenario.sizedLike);
}

/**
 * The run's passes: `ordered` in its order, except that when it holds the floor (`baseline`) and
 * calls that run in rounds, the floor's place takes the rounds' block (the floor once, then per
 * round each call twice followed by the floor) and those calls leave their own places.
 */
export function schedule(ordered: readonly Scenario[], baseline: string, rounds: number): ScheduledPass[] {
  const floor = ordered.find((scenario) => scenario.name === baseline);
  const calls = [...new Set(ordered.filter(inRounds))];
  if (!floor || !calls.length) return ordered.map((scenario) => ({ scenario, round: null }));
  const passes: ScheduledPass[] = [];
  for (const scenario of ordered) {
    if (calls.includes(scenario)) continue;
    if (scenario !== floor) {
      passes.push({ scenario, round: null });
      continue;
    }
    passes.push({ scenario: floor, round: 1 });
    for (let round = 1; round <= rounds; round++)
      for (const call of calls)
        passes.push({ scenario: call, round }, { scenario: call, round }, { scenario: floor, round });
  }
  return passes;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : mean([sorted[middle - 1], sorted[middle]] as number[]);
}

const round3 = (value: number) => Number(value.toFixed(3));

function cpuCost(pass: PassNumbers): number | null {
  return pass.nodeCpuMsPerRequest === null || pass.postgresCpuMsPerRequest === null
    ? null
    : pass.nodeCpuMsPerRequest + pass.postgresCpuMsPerRequest;
}

function meanCost(passes: PassNumbers[]): number | null {
  const costs = passes.map(cpuCost);
  return costs.some((cost) => cost === null) ? null : mean(costs as number[]);
}

/**
 * Each round-run call's rounds from the passes measured (`measured[i]` is `passes[i]`'s): every
 * pair of the call's passes with the floor passes just before and just after it.
 */
export function hotRounds(
  passes: readonly ScheduledPass[],
  measured: readonly PassNumbers[],
): Map<string, HotRounds> {
  const byCall = new Map<string, HotRound[]>();
  for (let index = 1; index + 2 < passes.length; index++) {
    const pass = passes[index] as ScheduledPass;
    const next = passes[index + 1] as ScheduledPass;
    if (pass.round === null || !inRounds(pass.scenario) || next.scenario !== pass.scenario) continue;
    const call = [measured[index], measured[index + 1]] as PassNumbers[];
    const floor = [measured[index - 1], measured[index + 2]] as PassNumbers[];
    const callRps = mean(call.map((row) => row.requestsPerSecond));
    const floorRps = mean(floor.map((row) => row.requestsPerSecond));
    const callP99 = mean(call.map((row) => row.latencyP99Ms));
    const floorP99 = mean(floor.map((row) => row.latencyP99Ms));
    const callCost = meanCost(call);
    const floorCost = meanCost(floor);
    const rounds = byCall.get(pass.scenario.name) ?? [];
    rounds.push({
      round: pass.round,
      requestsPerSecond: Math.round(callRps),
      baselineRequestsPerSecond: Math.round(floorRps),
      latencyP99Ms: round3(callP99),
      baselineP99Ms: round3(floorP99),
      throughputVsSelect: round3(callRps / Math.max(floorRps, 1)),
      p99VsSelect: Number((callP99 / Math.max(floorP99, 1)).toFixed(2)),
      cpuVsSelect: callCost && floorCost ? Number((floorCost / callCost).toFixed(2)) : null,
    });
    byCall.set(pass.scenario.name, rounds);
    index++;
  }
  const result = new Map<string, HotRounds>();
  for (const [name, rounds] of byCall) {
    const cpu = rounds.map((round) => round.cpuVsSelect);
    result.set(name, {
      rounds,
      throughputVsSelect: round3(median(rounds.map((round) => round.throughputVsSelect))),
      p99VsSelect: Number(median(rounds.map((round) => round.p99VsSelect)).toFixed(2)),
      cpuVsSelect: cpu.some((value) => value === null) ? null : Number(median(cpu as number[]).toFixed(2)),
      latencyP99Ms: round3(median(rounds.map((round) => round.latencyP99Ms))),
    });
  }
  return result;
}

/**
 * A call against the floor answering as many bytes (`sized`), round by round: the call's ratio to
 * pg-select over the sized floor's in the same round; the median of those.
 */
export function sizedRounds(call: HotRounds, sized: HotRounds) {
  const paired = call.rounds.flatMap((round) => {
    const other = sized.rounds.find((candidate) => candidate.round === round.round);
    return other ? [{ round, other }] : [];
  });
  if (!paired.length) return null;
  // Each side against its own floor passes first, so the drift between the two blocks cancels.
  const against = (round: HotRound) => ({
    throughput: round.requestsPerSecond / Math.max(round.baselineRequestsPerSecond, 1),
    p99: round.latencyP99Ms / Math.max(round.baselineP99Ms, 1),
  });
  const ratios = paired.map(({ round, other }) => ({ call: against(round), sized: against(other) }));
  return {
    throughputVsSizedSelect: round3(
      median(ratios.map(({ call, sized }) => call.throughput / Math.max(sized.throughput, 0.001))),
    ),
    p99VsSizedSelect: Number(
      median(ratios.map(({ call, sized }) => call.p99 / Math.max(sized.p99, 0.001))).toFixed(2),
    ),
  };
}

/** A line per round-run call: each round's ratios and their median. */
export function roundLines(rounds: ReadonlyMap<string, HotRounds>): string[] {
  return [...rounds].map(
    ([name, call]) =>
      `${name}: throughput vs pg-select by round ${call.rounds.map((round) => `${round.throughputVsSelect}x`).join(' / ')}, ` +
      `median ${call.throughputVsSelect}x; p99 vs pg-select's ${call.rounds.map((round) => `${round.p99VsSelect}x`).join(' / ')}, ` +
      `median ${call.p99VsSelect}x (req/s ${call.rounds.map((round) => `${round.requestsPerSecond} vs ${round.baselineRequestsPerSecond}`).join(', ')})`,
  );
}
