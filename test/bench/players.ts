import type autocannon from 'autocannon';

/**
 * Players for load scenarios whose every request is different: each autocannon connection plays one
 * thing (a study session, a progress row) with beats whose sequence numbers rise and whose
 * positions advance like an honest player at 1x: by the wall time since that play's last beat.
 */

/** A beat as sent. */
export interface SentBeat {
  seq: number;
  /** Seconds into the video. */
  position: number;
  /** Seconds the position moved since the play's last beat. */
  advance: number;
}

/** What one connection plays. */
export interface Play {
  /** The last sequence number sent (0 before the first beat). */
  seq: number;
  /** The last position sent, seconds. */
  position: number;
  /** When the last beat was sent, or play started (ms since the epoch). */
  lastSentAt: number;
  /** The beat sent and not answered yet. */
  inFlight: SentBeat | null;
}

/** A play starting at `position` now. */
export function startPlay(position = 0): Play {
  return { seq: 0, position, lastSentAt: Date.now(), inFlight: null };
}

/** Moves a play on to its next beat: the next sequence number, the position advanced by the wall time. */
export function nextBeat(play: Play, now = Date.now()): SentBeat {
  const position = Math.round((play.position + Math.max(0, now - play.lastSentAt) / 1000) * 1000) / 1000;
  const beat = { seq: play.seq + 1, position, advance: position - play.position };
  play.seq = beat.seq;
  play.position = position;
  play.lastSentAt = now;
  return beat;
}

/** How a scenario's plays are sent and answered. */
export interface Player<P extends Play> {
  /** One play per connection, handed out in order as connections open. */
  plays: readonly P[];
  /** Headers and JSON body of a play's beat. */
  request(play: P, beat: SentBeat): { headers: Record<string, string>; body: string };
  /** The answer to a beat (HTTP status and raw body). */
  answered(play: P, beat: SentBeat, status: number, body: string): void;
  /** A beat whose answer never came (its connection was closed: a timeout, or the end of a run). */
  dropped(play: P, beat: SentBeat): void;
}

/**
 * autocannon's `requests` for a player: the request object carries a `connection` holder, which
 * autocannon copies for each connection (each client deep-clones its options), so the holder
 * binds one play to one connection for the whole run. The per-request `context` carries the beat
 * from `setupRequest` to `onResponse`. Throws when there are fewer plays than connections.
 */
export function playerRequests<P extends Play>(player: Player<P>, path: string): autocannon.Request[] {
  interface ConnectionRequest extends autocannon.Request {
    connection: { play?: P };
  }
  interface BeatContext {
    play?: P;
    beat?: SentBeat;
  }
  let handedOut = 0;
  const request: ConnectionRequest = {
    method: 'POST',
    path,
    connection: {},
    setupRequest: (req, context) => {
      const connection = (req as ConnectionRequest).connection;
      if (!connection.play) {
        const play = player.plays[handedOut];
        if (!play) throw new Error(`more connections than plays (${player.plays.length})`);
        handedOut += 1;
        connection.play = play;
      }
      const play = connection.play;
      if (play.inFlight) player.dropped(play, play.inFlight);
      const beat = nextBeat(play);
      play.inFlight = beat;
      Object.assign(context as BeatContext, { play, beat });
      const { headers, body } = player.request(play, beat);
      return { ...req, headers: { ...req.headers, ...headers }, body };
    },
    onResponse: (status, body, context) => {
      const { play, beat } = context as BeatContext;
      if (!play || !beat) return;
      if (play.inFlight === beat) play.inFlight = null;
      player.answered(play, beat, status, body);
    },
  };
  return [request];
}

/** After a run: the beats still in flight were dropped with their connections. */
export function dropInFlight<P extends Play>(player: Player<P>): void {
  for (const play of player.plays) {
    if (play.inFlight) player.dropped(play, play.inFlight);
    play.inFlight = null;
  }
}

/** A progress row of the upsert baseline (`serve-upsert.ts`), one per connection. */
export interface RowPlay extends Play {
  row: number;
}

/**
 * The upsert baseline's player: each connection upserts its own row with the beat's sequence
 * number and position, as the heartbeat writes its session's progress row.
 */
export function progressRowPlayer(count: number): Player<RowPlay> {
  return {
    plays: Array.from({ length: count }, (_, row) => ({ ...startPlay(), row: row + 1 })),
    request: (play, beat) => ({
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ row: play.row, seq: beat.seq, position: beat.position, rate: 1, visible: true }),
    }),
    answered: () => undefined,
    dropped: () => undefined,
  };
}
