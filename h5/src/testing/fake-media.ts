import { act } from '@testing-library/react';

/**
 * The media side of `<video>` that jsdom lacks (it neither loads nor plays): `play`, `pause`,
 * `currentTime`, `duration`, `playbackRate`, `paused` and `ended`, with the events a browser fires
 * for them (asynchronously, as a browser queues them). A test loads metadata and plays seconds of
 * video while jest's fake timers run alike, so a player's timers and its time updates agree.
 */

interface MediaState {
  currentTime: number;
  paused: boolean;
  ended: boolean;
  playbackRate: number;
}

export interface FakeMediaOptions {
  /** The duration every video reports, seconds. */
  duration: number;
  /** `play()` rejects (a browser refusing to play without a tap). */
  refusePlay?: boolean;
}

export interface FakeMedia {
  /** The state of an element (its time, paused, rate). */
  state(element: HTMLMediaElement): MediaState;
  /** The browser read the video's metadata (`loadedmetadata`). */
  loadMetadata(element: HTMLMediaElement): Promise<void>;
  /**
   * Plays `seconds` of wall time (while the element plays): time updates every 250 ms of video at
   * its rate, fake timers advanced alike; stops at the end with `pause` and `ended`.
   */
  play(element: HTMLMediaElement, seconds: number): Promise<void>;
  /** Lets queued media events and promises run. */
  flush(): Promise<void>;
  /** Puts jsdom's own media members back. */
  restore(): void;
}

const MEMBERS = [
  'currentTime',
  'duration',
  'paused',
  'ended',
  'playbackRate',
  'play',
  'pause',
  'load',
] as const;

/** Installs the fake media on HTMLMediaElement.prototype; `restore()` it after the test. */
export function installFakeMedia(options: FakeMediaOptions): FakeMedia {
  const proto = HTMLMediaElement.prototype;
  const saved = new Map(MEMBERS.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)]));
  const states = new WeakMap<HTMLMediaElement, MediaState>();
  const stateOf = (element: HTMLMediaElement): MediaState => {
    let state = states.get(element);
    if (!state) {
      state = { currentTime: 0, paused: true, ended: false, playbackRate: 1 };
      states.set(element, state);
    }
    return state;
  };
  const fire = (element: HTMLMediaElement, ...types: string[]) =>
    queueMicrotask(() => {
      for (const type of types) element.dispatchEvent(new Event(type));
    });

  Object.defineProperties(proto, {
    currentTime: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return stateOf(this).currentTime;
      },
      set(this: HTMLMediaElement, value: number) {
        const state = stateOf(this);
        state.currentTime = Math.min(Math.max(value, 0), options.duration);
        state.ended = false;
        fire(this, 'seeking', 'timeupdate', 'seeked');
      },
    },
    duration: { configurable: true, get: () => options.duration },
    paused: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return stateOf(this).paused;
      },
    },
    ended: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return stateOf(this).ended;
      },
    },
    playbackRate: {
      configurable: true,
      get(this: HTMLMediaElement) {
        return stateOf(this).playbackRate;
      },
      set(this: HTMLMediaElement, value: number) {
        stateOf(this).playbackRate = value;
        fire(this, 'ratechange');
      },
    },
    play: {
      configurable: true,
      value(this: HTMLMediaElement) {
        if (options.refusePlay)
          return Promise.reject(new DOMException('play() needs a tap', 'NotAllowedError'));
        const state = stateOf(this);
        if (state.paused) {
          state.paused = false;
          if (state.ended) {
            state.ended = false;
            state.currentTime = 0;
          }
          fire(this, 'play', 'playing');
        }
        return Promise.resolve();
      },
    },
    pause: {
      configurable: true,
      value(this: HTMLMediaElement) {
        const state = stateOf(this);
        if (state.paused) return;
        state.paused = true;
        fire(this, 'pause');
      },
    },
    load: { configurable: true, value: () => undefined },
  });

  const flush = () =>
    act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });

  return {
    state: stateOf,
    async loadMetadata(element) {
      await act(async () => {
        element.dispatchEvent(new Event('loadedmetadata'));
        await jest.advanceTimersByTimeAsync(0);
      });
    },
    async play(element, seconds) {
      const state = stateOf(element);
      for (let elapsed = 0; elapsed < seconds - 1e-9; elapsed += 0.25) {
        await act(async () => {
          if (!state.paused) {
            state.currentTime = Math.min(options.duration, state.currentTime + 0.25 * state.playbackRate);
            element.dispatchEvent(new Event('timeupdate'));
            if (state.currentTime >= options.duration && !state.paused) {
              state.paused = true;
              state.ended = true;
              element.dispatchEvent(new Event('pause'));
              element.dispatchEvent(new Event('ended'));
            }
          }
          await jest.advanceTimersByTimeAsync(250);
        });
      }
    },
    flush,
    restore() {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(proto, name, descriptor);
        else delete (proto as unknown as Record<string, unknown>)[name];
      }
    },
  };
}
