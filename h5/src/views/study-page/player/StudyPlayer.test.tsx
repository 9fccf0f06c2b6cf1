import type { FaceCheckAnswer, PlayerQuestion } from '@px/api/contract';
import { ApiError } from '@px/config';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'react-vant';
import wx from 'weixin-js-sdk';
import { getNeedComplete } from '../../../api/account';
import { getFacePhotoStatus } from '../../../api/face';
import {
  answerPopupQuestion,
  confirmStudyIdle,
  endStudy,
  getStudyInfo,
  sendHeartbeat,
  sendPartingHeartbeat,
  startStudy,
  submitFaceCheck,
} from '../../../api/study';
import { getJsSdkConfig } from '../../../api/wechat';
import { type FakeMedia, installFakeMedia } from '../../../testing/fake-media';
import { fakeUserAgent, setTokenCookie, WECHAT_UA } from '../../../testing/fixtures';
import { renderScreen } from '../../../testing/render-screen';
import { StudyPage } from '../StudyPage';
import { beatAnswer, buildRules, buildStart, buildStudyInfo, SESSION_ID } from '../study.testing';

jest.mock('../../../api/study', () => ({
  getStudyInfo: jest.fn(),
  startStudy: jest.fn(),
  sendHeartbeat: jest.fn(),
  sendPartingHeartbeat: jest.fn(),
  answerPopupQuestion: jest.fn(),
  confirmStudyIdle: jest.fn(),
  submitFaceCheck: jest.fn(),
  endStudy: jest.fn(),
}));
jest.mock('../../../api/face', () => ({
  getFacePhotoStatus: jest.fn(),
  getFaceAgreement: jest.fn(async () => ({ text: '协议', agreedAt: '2025-03-01T07:59:00.000Z' })),
  agreeToFaceAgreement: jest.fn(),
}));
jest.mock('../../../api/account', () => ({ getNeedComplete: jest.fn() }));
// The study page's exam panel: a class without an exam (the player is what is tested here).
jest.mock('../../../api/exam', () => ({
  getExamEntry: jest.fn(() =>
    Promise.resolve(
      jest
        .requireActual<typeof import('../../exam/exam.testing')>('../../exam/exam.testing')
        .buildEntry({ examRequired: false, exerciseOpen: false }),
    ),
  ),
  startExam: jest.fn(),
  listMyAttempts: jest.fn(),
}));
jest.mock('../../../api/wechat', () => ({ getJsSdkConfig: jest.fn() }));
/** The playlists given to hls.js (a stand-in: jsdom has no Media Source Extensions). */
const mockHlsSources: string[] = [];
jest.mock('hls.js', () => {
  class FakeHls {
    static isSupported(): boolean {
      return true;
    }
    static Events: Record<string, string> = {};
    static ErrorTypes: Record<string, string> = {};
    audioTracks: unknown[] = [];
    on(): void {}
    loadSource(url: string): void {
      mockHlsSources.push(url);
    }
    attachMedia(): void {}
    destroy(): void {}
  }
  return { __esModule: true, default: FakeHls };
});
jest.mock('weixin-js-sdk', () => ({
  __esModule: true,
  default: {
    config: jest.fn(),
    ready: jest.fn((callback: () => void) => callback()),
    error: jest.fn(),
    chooseImage: jest.fn(),
    getLocalImgData: jest.fn(),
  },
}));

const studyInfo = jest.mocked(getStudyInfo);
const start = jest.mocked(startStudy);
const heartbeat = jest.mocked(sendHeartbeat);
const parting = jest.mocked(sendPartingHeartbeat);
const answer = jest.mocked(answerPopupQuestion);
const confirmIdle = jest.mocked(confirmStudyIdle);
const faceCheck = jest.mocked(submitFaceCheck);
const end = jest.mocked(endStudy);
const photoStatus = jest.mocked(getFacePhotoStatus);

const FIRE_QUESTION: PlayerQuestion = {
  id: 9,
  markSecond: 20,
  type: 'SINGLE',
  content: '发现火情后，第一步应当做什么？',
  options: ['继续工作', '立即报警并疏散', '先收拾个人物品', '等待领导指示'],
};

let media: FakeMedia;
let toastInfo: jest.SpyInstance;
let toastSuccess: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2025-03-01T08:00:00.000Z') });
  media = installFakeMedia({ duration: 120 });
  jest.mocked(getNeedComplete).mockReset().mockResolvedValue({ needComplete: false, missing: [] });
  studyInfo.mockReset().mockResolvedValue(buildStudyInfo());
  start.mockReset().mockResolvedValue(buildStart());
  heartbeat.mockReset().mockResolvedValue(beatAnswer());
  parting.mockReset().mockResolvedValue(beatAnswer());
  answer.mockReset();
  confirmIdle.mockReset().mockResolvedValue(null);
  faceCheck.mockReset();
  end.mockReset().mockResolvedValue(null);
  photoStatus.mockReset().mockResolvedValue({
    hasPhoto: true,
    updatedAt: '2025-03-01T08:00:00.000Z',
    agreedAt: '2025-03-01T07:59:00.000Z',
  });
  setTokenCookie('tok');
  const mute = () => ({ config: jest.fn(), clear: jest.fn() });
  toastInfo = jest.spyOn(Toast, 'info').mockImplementation(mute);
  toastSuccess = jest.spyOn(Toast, 'success').mockImplementation(mute);
});
afterEach(() => {
  media.restore();
  toastInfo.mockRestore();
  toastSuccess.mockRestore();
  setTokenCookie(undefined);
  jest.useRealTimers();
});

/** Renders the study page, taps the lesson and lets the video load (it resumes and plays). */
async function openLesson(): Promise<HTMLVideoElement> {
  renderScreen(<StudyPage />, '/student/study-page?myClassId=41');
  fireEvent.click(await screen.findByRole('button', { name: /^安全生产概述（/ }));
  const video = (await screen.findByTestId('study-video')) as HTMLVideoElement;
  expect(start).toHaveBeenCalledWith(41, 301);
  await media.loadMetadata(video);
  return video;
}

/** What the player says was credited. */
const credited = () => document.querySelector('.study-player__credited')?.textContent;

/** The beats sent so far, without the session id. */
const beats = () => heartbeat.mock.calls.map(([beat]) => ({ ...beat, sessionId: undefined }));
/** The beats sent to outlive the page (hidden, left, closed), without the session id. */
const partingBeats = () => parting.mock.calls.map(([beat]) => ({ ...beat, sessionId: undefined }));
const beat = (seq: number, position: number, rate = 1) => ({
  sessionId: undefined,
  seq,
  position,
  rate,
  visible: true,
});

describe('StudyPlayer: the beat loop', () => {
  it('resumes, beats every 15 s while playing and on pause, in order, and shows what the server credited', async () => {
    start.mockResolvedValue(buildStart({ resumePosition: 30, furthestPosition: 40, creditedSeconds: 30 }));
    heartbeat
      .mockResolvedValueOnce(beatAnswer({ creditedSeconds: 45, coverage: 0.375 }))
      .mockResolvedValueOnce(beatAnswer({ credited: 5, creditedSeconds: 50, coverage: 0.417 }));
    const video = await openLesson();
    expect(media.state(video).currentTime).toBe(30);
    expect(media.state(video).paused).toBe(false);
    expect(screen.getByText('00:30 / 02:00')).toBeTruthy();

    await media.play(video, 15);
    expect(beats()).toEqual([beat(1, 45)]);
    expect(heartbeat.mock.calls[0]?.[0].sessionId).toBe(SESSION_ID);
    expect(credited()).toBe('已计时 45秒 · 已学 38%');

    await media.play(video, 5);
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    await media.flush();
    expect(beats()).toEqual([beat(1, 45), beat(2, 50)]);
    expect(credited()).toBe('已计时 50秒 · 已学 42%');

    // Paused: no beats.
    await act(() => jest.advanceTimersByTimeAsync(60_000));
    expect(heartbeat).toHaveBeenCalledTimes(2);
  });

  it('sends one beat at a time: a beat asked for while one is on its way follows it', async () => {
    let answerFirst: (value: ReturnType<typeof beatAnswer>) => void = () => undefined;
    heartbeat.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
    const video = await openLesson();
    await media.play(video, 15);
    await media.play(video, 3);
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    await media.flush();
    expect(heartbeat).toHaveBeenCalledTimes(1);
    await act(async () => answerFirst(beatAnswer()));
    await media.flush();
    expect(beats()).toEqual([beat(1, 15), beat(2, 18)]);
    // Paused where the last beat was: nothing played, so nothing more to report.
    fireEvent.click(screen.getAllByRole('button', { name: '播放' })[0] as HTMLElement);
    await media.flush();
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    await media.flush();
    expect(heartbeat).toHaveBeenCalledTimes(2);
  });

  it('counts the seconds played since the last beat into 已计时 until the answer says what was credited', async () => {
    heartbeat.mockResolvedValueOnce(beatAnswer({ credited: 15, creditedSeconds: 15 }));
    const video = await openLesson();
    expect(credited()).toBe('已计时 0秒 · 已学 0%');
    await media.play(video, 4);
    expect(credited()).toBe('已计时 4秒 · 已学 0%');
    await media.play(video, 11);
    expect(beats()).toEqual([beat(1, 15)]);
    expect(credited()).toBe('已计时 15秒 · 已学 13%');
    await media.play(video, 6);
    expect(credited()).toBe('已计时 21秒 · 已学 13%');
    // The server refused the next stretch (a seek): what it says stands.
    heartbeat.mockResolvedValueOnce(beatAnswer({ credited: 0, creditedSeconds: 15, refusal: 'SEEK' }));
    await media.play(video, 9);
    expect(credited()).toBe('已计时 15秒 · 已学 13%');
  });

  it('shows a beat that did not reach the server, and carries on with the next', async () => {
    heartbeat.mockRejectedValueOnce(new ApiError({ kind: 'network', message: '请求超时，请刷新页面' }));
    const video = await openLesson();
    await media.play(video, 15);
    expect(await screen.findByText('网络不稳定，学习记录稍后同步')).toBeTruthy();
    expect(media.state(video).paused).toBe(false);
    await media.play(video, 15);
    expect(beats()).toEqual([beat(1, 15), beat(2, 30)]);
    expect(screen.queryByText('网络不稳定，学习记录稍后同步')).toBeNull();
  });

  it('hidden: sends the stretch played in sight at once (keepalive), pauses, and sends nothing more', async () => {
    parting.mockResolvedValueOnce(beatAnswer({ credited: 4, creditedSeconds: 4 }));
    const video = await openLesson();
    await media.play(video, 4);
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    // Sent within the event: the page may never run again.
    expect(partingBeats()).toEqual([beat(1, 4)]);
    await media.flush();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    visibility.mockRestore();
    expect(media.state(video).paused).toBe(true);
    expect(heartbeat).not.toHaveBeenCalled();
    expect(credited()).toBe('已计时 4秒 · 已学 13%');
    expect(end).not.toHaveBeenCalled();
  });

  it('left (pagehide): the last beat goes at once and ends the session; study/end alone when nothing was played since', async () => {
    const video = await openLesson();
    await media.play(video, 8);
    window.dispatchEvent(new Event('pagehide'));
    expect(partingBeats()).toEqual([{ ...beat(1, 8), last: true }]);
    await media.flush();
    expect(heartbeat).not.toHaveBeenCalled();
    expect(end).not.toHaveBeenCalled();

    // A paused player whose pause beat was answered: only the end is left to send.
    cleanup();
    parting.mockClear();
    const paused = await openLesson();
    await media.play(paused, 5);
    fireEvent.click(screen.getByRole('button', { name: '暂停' }));
    await media.flush();
    window.dispatchEvent(new Event('pagehide'));
    expect(end).toHaveBeenCalledWith(SESSION_ID);
    expect(parting).not.toHaveBeenCalled();
  });

  it('closing sends a last beat that ends the session, then reads the study page again', async () => {
    const video = await openLesson();
    await media.play(video, 6);
    fireEvent.click(screen.getByRole('button', { name: '关闭播放器' }));
    await media.flush();
    await waitFor(() => expect(screen.queryByTestId('study-video')).toBeNull());
    expect(partingBeats()).toEqual([{ ...beat(1, 6), last: true }]);
    expect(end).not.toHaveBeenCalled();
    expect(heartbeat).not.toHaveBeenCalled();
    expect(studyInfo).toHaveBeenCalledTimes(2);
  });

  it('shows 已学完 when a beat finishes the lesson and reads the list again', async () => {
    heartbeat.mockResolvedValueOnce(
      beatAnswer({ creditedSeconds: 110, coverage: 0.96, finished: true, finishedNow: true }),
    );
    const video = await openLesson();
    await media.play(video, 15);
    const stats = document.querySelector('.study-player__stats') as HTMLElement;
    expect(within(stats).getByText('已学完')).toBeTruthy();
    expect(toastSuccess).toHaveBeenCalledWith('本课时已学完');
    await waitFor(() => expect(studyInfo).toHaveBeenCalledTimes(2));
  });
});

describe('StudyPlayer: the rules of the player', () => {
  it('seeks only within what was watched (WATCHED), without a speed menu', async () => {
    start.mockResolvedValue(buildStart({ resumePosition: 10, furthestPosition: 40 }));
    const video = await openLesson();
    expect(screen.getByText('只能拖动到已学习的位置')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '倍速' })).toBeNull();
    const bar = screen.getByRole('slider', { name: '播放进度' });

    fireEvent.change(bar, { target: { value: '100' } });
    await media.flush();
    expect(media.state(video).currentTime).toBe(40);
    expect(toastInfo).toHaveBeenCalledWith('只能拖动到已学习的位置');

    toastInfo.mockClear();
    fireEvent.change(bar, { target: { value: '20' } });
    await media.flush();
    expect(media.state(video).currentTime).toBe(20);
    expect(toastInfo).not.toHaveBeenCalled();
  });

  it('pulls a seek past what was watched back (a browser control the player does not own)', async () => {
    start.mockResolvedValue(buildStart({ resumePosition: 10, furthestPosition: 40 }));
    const video = await openLesson();
    await act(async () => {
      media.state(video).currentTime = 90;
      video.dispatchEvent(new Event('seeking'));
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(media.state(video).currentTime).toBe(40);
    expect(toastInfo).toHaveBeenCalledWith('只能拖动到已学习的位置');
  });

  it('lets no seeking happen with NONE, and offers speeds with canSpeed (beats carry the rate)', async () => {
    start.mockResolvedValue(buildStart({ rules: buildRules({ seek: 'NONE', canSpeed: true }) }));
    const video = await openLesson();
    expect((screen.getByRole('slider', { name: '播放进度' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('本课程不能拖动进度')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '倍速' }));
    fireEvent.click(await screen.findByText('1.5x'));
    await media.flush();
    expect(media.state(video).playbackRate).toBe(1.5);
    expect(screen.getByRole('button', { name: '倍速' }).textContent).toBe('1.5x');
    await media.play(video, 15);
    expect(beats()).toEqual([beat(1, 22.5, 1.5)]);
  });

  it('seeks anywhere once the lesson is finished with freeSeekWhenFinished', async () => {
    start.mockResolvedValue(buildStart({ finished: true, furthestPosition: 120, resumePosition: 5 }));
    const video = await openLesson();
    expect(screen.queryByText('只能拖动到已学习的位置')).toBeNull();
    fireEvent.change(screen.getByRole('slider', { name: '播放进度' }), { target: { value: '100' } });
    await media.flush();
    expect(media.state(video).currentTime).toBe(100);
  });

  it('asks for a tap when the browser will not play by itself', async () => {
    media.restore();
    media = installFakeMedia({ duration: 120, refusePlay: true });
    const video = await openLesson();
    expect(media.state(video).paused).toBe(true);
    expect(screen.getAllByRole('button', { name: '播放' }).length).toBeGreaterThan(0);
  });
});

/** An audio track as a browser playing HLS itself lists it (Safari's AudioTrack). */
interface FakeAudioTrack {
  label: string;
  language: string;
  enabled: boolean;
}

/**
 * A browser that plays HLS itself (Safari, iOS WeChat): `canPlayType` says so and every video has
 * an `audioTracks` list, filled by `addTracks` as the browser reads the master playlist.
 */
function installNativeHls() {
  const canPlay = jest
    .spyOn(HTMLMediaElement.prototype, 'canPlayType')
    .mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
  const lists = new WeakMap<HTMLMediaElement, ReturnType<typeof trackList>>();
  function trackList() {
    const tracks: FakeAudioTrack[] = [];
    const listeners = new Set<() => void>();
    return {
      tracks,
      get length() {
        return tracks.length;
      },
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'addtrack') listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      add(track: FakeAudioTrack) {
        Object.defineProperty(this, tracks.length, { get: () => track, configurable: true });
        tracks.push(track);
        for (const listener of listeners) listener();
      },
    };
  }
  const listOf = (element: HTMLMediaElement) => {
    let list = lists.get(element);
    if (!list) {
      list = trackList();
      lists.set(element, list);
    }
    return list;
  };
  const jsdomTracks = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'audioTracks');
  Object.defineProperty(HTMLMediaElement.prototype, 'audioTracks', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return listOf(this);
    },
  });
  return {
    /** The browser found the master playlist's audio renditions. */
    addTracks: (video: HTMLMediaElement, tracks: FakeAudioTrack[]) =>
      act(() => {
        for (const track of tracks) listOf(video).add(track);
      }),
    enabled: (video: HTMLMediaElement) => listOf(video).tracks.map((track) => track.enabled),
    restore() {
      canPlay.mockRestore();
      if (jsdomTracks) Object.defineProperty(HTMLMediaElement.prototype, 'audioTracks', jsdomTracks);
    },
  };
}

describe('StudyPlayer: audio per language (videoLanguage)', () => {
  const HLS_URL = 'http://localhost/api/media/hls/5.1740830400.0.sig/master.m3u8';
  // The browser picked 粤语 by itself (its system language); the master playlist's default is 普通话.
  const languages = () => [
    { label: '普通话', language: 'zh', enabled: false },
    { label: '粤语', language: 'yue', enabled: true },
    { label: '英语', language: 'en', enabled: false },
  ];
  let native: ReturnType<typeof installNativeHls>;
  beforeEach(() => {
    native = installNativeHls();
  });
  afterEach(() => native.restore());

  it('with showLanguage plays the default language and lets the student switch, beats unchanged', async () => {
    start.mockResolvedValue(buildStart({ url: HLS_URL, rules: buildRules({ showLanguage: true }) }));
    const video = await openLesson();
    expect(video.getAttribute('src')).toBe(HLS_URL);
    expect(screen.queryByRole('button', { name: '语言' })).toBeNull();
    await native.addTracks(video, languages());
    expect(native.enabled(video)).toEqual([true, false, false]);
    const language = screen.getByRole('button', { name: '语言' });
    expect(language.textContent).toBe('普通话');

    fireEvent.click(language);
    fireEvent.click(await screen.findByText('粤语'));
    await media.flush();
    expect(native.enabled(video)).toEqual([false, true, false]);
    expect(screen.getByRole('button', { name: '语言' }).textContent).toBe('粤语');
    await media.play(video, 15);
    expect(beats()).toEqual([beat(1, 15)]);
  });

  it('without showLanguage plays the default language and offers no choice', async () => {
    start.mockResolvedValue(buildStart({ url: HLS_URL, rules: buildRules({ showLanguage: false }) }));
    const video = await openLesson();
    await native.addTracks(video, languages());
    expect(native.enabled(video)).toEqual([true, false, false]);
    expect(screen.queryByRole('button', { name: '语言' })).toBeNull();
  });

  it("plays through hls.js where the browser's own HLS lists no audio tracks (Chromium's)", async () => {
    native.restore();
    const canPlay = jest
      .spyOn(HTMLMediaElement.prototype, 'canPlayType')
      .mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    const jsdomTracks = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'audioTracks');
    if (jsdomTracks) Reflect.deleteProperty(HTMLMediaElement.prototype, 'audioTracks');
    try {
      mockHlsSources.length = 0;
      start.mockResolvedValue(buildStart({ url: HLS_URL, rules: buildRules({ showLanguage: true }) }));
      const video = await openLesson();
      await waitFor(() => expect(mockHlsSources).toEqual([HLS_URL]));
      expect(video.getAttribute('src')).toBeNull();
    } finally {
      canPlay.mockRestore();
      if (jsdomTracks) Object.defineProperty(HTMLMediaElement.prototype, 'audioTracks', jsdomTracks);
      native = installNativeHls();
    }
  });

  it('offers no choice for a video of one language', async () => {
    start.mockResolvedValue(buildStart({ url: HLS_URL, rules: buildRules({ showLanguage: true }) }));
    const video = await openLesson();
    await native.addTracks(video, [{ label: '', language: 'zh', enabled: true }]);
    expect(native.enabled(video)).toEqual([true]);
    expect(screen.queryByRole('button', { name: '语言' })).toBeNull();
  });
});

describe('StudyPlayer: what the server tells it', () => {
  it('SEEK_TO: goes back where the server says and shows the refusal subtly', async () => {
    heartbeat.mockResolvedValueOnce(
      beatAnswer({ credited: 0, refusal: 'SEEK_AHEAD', action: { kind: 'SEEK_TO', position: 12 } }),
    );
    const video = await openLesson();
    await media.play(video, 15);
    expect(media.state(video).currentTime).toBe(12);
    expect(screen.getByRole('status').textContent).toBe('本次未计时：拖动到未学习的位置');
    expect(media.state(video).paused).toBe(false);
  });

  it('QUESTION: stops at the mark by itself, asks the question, shows the answer and plays on', async () => {
    start.mockResolvedValue(buildStart({ questions: [FIRE_QUESTION] }));
    heartbeat.mockResolvedValueOnce(beatAnswer()).mockResolvedValueOnce(
      beatAnswer({
        credited: 5,
        creditedSeconds: 20,
        action: { kind: 'QUESTION', questionId: 9, markSecond: 20 },
      }),
    );
    answer.mockResolvedValue({
      correct: false,
      answer: 'B',
      explanation: '发现火情应立即报警，并按疏散路线撤离。',
    });
    const video = await openLesson();

    await media.play(video, 25);
    expect(media.state(video).paused).toBe(true);
    expect(media.state(video).currentTime).toBe(20);
    expect(beats()).toEqual([beat(1, 15), beat(2, 20)]);
    expect(await screen.findByText('发现火情后，第一步应当做什么？')).toBeTruthy();
    expect(screen.getByText('单选题')).toBeTruthy();

    // No beats while the question waits; no playing either.
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(heartbeat).toHaveBeenCalledTimes(2);

    fireEvent.click(screen.getByRole('button', { name: '提交答案' }));
    expect(toastInfo).toHaveBeenCalledWith('请选择答案');
    fireEvent.click(screen.getByText('A. 继续工作'));
    fireEvent.click(screen.getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('回答错误，正确答案：B')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(SESSION_ID, 9, 'A');
    expect(screen.getByText('解析：发现火情应立即报警，并按疏散路线撤离。')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '继续学习' }));
    await media.flush();
    expect(media.state(video).paused).toBe(false);
    await waitFor(() => expect(screen.queryByText('发现火情后，第一步应当做什么？')).toBeNull());
    // Past the answered mark: no question again.
    await media.play(video, 5);
    expect(media.state(video).paused).toBe(false);
  });

  it('QUESTION: a multiple-choice answer goes as its letters in order', async () => {
    const multiple: PlayerQuestion = { ...FIRE_QUESTION, id: 10, type: 'MULTIPLE', markSecond: 5 };
    start.mockResolvedValue(buildStart({ questions: [multiple] }));
    heartbeat.mockResolvedValueOnce(
      beatAnswer({
        credited: 5,
        creditedSeconds: 5,
        action: { kind: 'QUESTION', questionId: 10, markSecond: 5 },
      }),
    );
    answer.mockResolvedValue({ correct: true, answer: 'BD', explanation: null });
    const video = await openLesson();
    await media.play(video, 6);
    expect(await screen.findByText('多选题')).toBeTruthy();
    fireEvent.click(screen.getByText('D. 等待领导指示'));
    fireEvent.click(screen.getByText('B. 立即报警并疏散'));
    fireEvent.click(screen.getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('回答正确')).toBeTruthy();
    expect(answer).toHaveBeenCalledWith(SESSION_ID, 10, 'BD');
  });

  it('the server decides: a mark it does not ask about plays on', async () => {
    start.mockResolvedValue(buildStart({ questions: [{ ...FIRE_QUESTION, markSecond: 5 }] }));
    const video = await openLesson();
    await media.play(video, 6);
    await media.flush();
    expect(beats()).toEqual([beat(1, 5)]);
    expect(media.state(video).paused).toBe(false);
    expect(screen.queryByText('发现火情后，第一步应当做什么？')).toBeNull();
  });

  it('IDLE_PROMPT: pauses, asks 您还在学习吗？ and plays on once confirmed', async () => {
    heartbeat.mockResolvedValueOnce(beatAnswer({ action: { kind: 'IDLE_PROMPT' } }));
    const video = await openLesson();
    await media.play(video, 15);
    expect(media.state(video).paused).toBe(true);
    expect(await screen.findByText('您还在学习吗？')).toBeTruthy();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(heartbeat).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: '继续学习' }));
    await media.flush();
    expect(confirmIdle).toHaveBeenCalledWith(SESSION_ID);
    expect(media.state(video).paused).toBe(false);
  });

  it('STOP: says another device took over and beats no more; 在本设备学习 starts again', async () => {
    heartbeat.mockResolvedValueOnce(
      beatAnswer({ credited: 0, refusal: 'SUPERSEDED', action: { kind: 'STOP' } }),
    );
    const video = await openLesson();
    await media.play(video, 15);
    expect(screen.getByRole('alert').textContent).toContain('已在其他设备学习');
    expect(media.state(video).paused).toBe(true);
    await media.play(video, 30);
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(heartbeat).toHaveBeenCalledTimes(1);

    start.mockResolvedValue(
      buildStart({ sessionId: '7a1c2b9e-8d3a-4c5e-9b7f-1a2b3c4d5e6f', resumePosition: 15 }),
    );
    fireEvent.click(screen.getByRole('button', { name: '在本设备学习' }));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(end).toHaveBeenCalledWith(SESSION_ID));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a video that cannot load (an expired URL) offers to start again', async () => {
    const video = await openLesson();
    await media.play(video, 3);
    await act(async () => {
      video.dispatchEvent(new Event('error'));
    });
    expect(screen.getByRole('alert').textContent).toContain('视频加载失败，请重新进入学习');
    start.mockResolvedValue(
      buildStart({ sessionId: '7a1c2b9e-8d3a-4c5e-9b7f-1a2b3c4d5e6f', resumePosition: 3 }),
    );
    fireEvent.click(screen.getByRole('button', { name: '重新进入' }));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('FACE_CHECK during study: pauses for the face check', async () => {
    heartbeat.mockResolvedValueOnce(beatAnswer({ action: { kind: 'FACE_CHECK' } }));
    stubCamera();
    const video = await openLesson();
    await media.play(video, 15);
    expect(media.state(video).paused).toBe(true);
    expect(await screen.findByText('学习需要核验本人，请正对镜头，保持光线充足')).toBeTruthy();
  });
});

/** A front camera (getUserMedia) and a canvas that encodes a JPEG, which jsdom lacks. */
function stubCamera() {
  const track = { stop: jest.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = jest.fn(() => Promise.resolve(stream));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  const drawImage = jest.fn();
  const getContext = jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
  const toBlob = jest
    .spyOn(HTMLCanvasElement.prototype, 'toBlob')
    .mockImplementation((callback) => callback(new Blob(['jpeg'], { type: 'image/jpeg' })));
  return {
    track,
    getUserMedia,
    drawImage,
    restore() {
      getContext.mockRestore();
      toBlob.mockRestore();
      Reflect.deleteProperty(navigator, 'mediaDevices');
    },
  };
}

/** The face sheet's camera shows a 640x480 picture. */
async function cameraShows() {
  const camera = (await screen.findByTestId('face-camera')) as HTMLVideoElement;
  Object.defineProperty(camera, 'videoWidth', { configurable: true, value: 640 });
  Object.defineProperty(camera, 'videoHeight', { configurable: true, value: 480 });
  await act(async () => {
    camera.dispatchEvent(new Event('loadeddata'));
  });
  return camera;
}

const passed = (overrides: Partial<FaceCheckAnswer> = {}): FaceCheckAnswer => ({
  passed: true,
  score: 0.92,
  threshold: 0.8,
  simulated: true,
  reason: null,
  ...overrides,
});

describe('StudyPlayer: face checks', () => {
  const faceStart = () =>
    buildStart({ awaiting: 'FACE', rules: buildRules({ faceCheck: true }), resumePosition: 0 });

  beforeEach(() => {
    studyInfo.mockResolvedValue(buildStudyInfo({ rules: buildRules({ faceCheck: true }) }));
    start.mockResolvedValue(faceStart());
  });

  it('before study: the front camera, a snapshot, 核验通过 (模拟核验), then the video plays', async () => {
    const camera = stubCamera();
    faceCheck.mockResolvedValue(passed());
    const video = await openLesson();
    expect(media.state(video).paused).toBe(true);
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'user' }, audio: false });
    await cameraShows();

    fireEvent.click(screen.getByRole('button', { name: '拍照核验' }));
    expect(await screen.findByText('核验通过')).toBeTruthy();
    expect(camera.drawImage).toHaveBeenCalled();
    expect(faceCheck).toHaveBeenCalledWith(SESSION_ID, expect.any(Blob));
    expect(faceCheck.mock.calls[0]?.[1].type).toBe('image/jpeg');
    expect(screen.getByText('模拟核验')).toBeTruthy();
    expect(camera.track.stop).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '继续学习' }));
    await media.flush();
    expect(media.state(video).paused).toBe(false);
    await media.play(video, 15);
    expect(beats()).toEqual([beat(1, 15)]);
    camera.restore();
  });

  it('a failed check says why; 重新拍摄 takes another', async () => {
    const camera = stubCamera();
    faceCheck
      .mockResolvedValueOnce(
        passed({ passed: false, score: 0, reason: '未检测到清晰的人脸，请正对镜头重新拍摄' }),
      )
      .mockResolvedValueOnce(passed({ simulated: false }));
    const video = await openLesson();
    await cameraShows();
    fireEvent.click(screen.getByRole('button', { name: '拍照核验' }));
    expect(await screen.findByText('核验未通过')).toBeTruthy();
    expect(screen.getByText('未检测到清晰的人脸，请正对镜头重新拍摄')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重新拍摄' }));
    await cameraShows();
    fireEvent.click(screen.getByRole('button', { name: '拍照核验' }));
    expect(await screen.findByText('核验通过')).toBeTruthy();
    expect(screen.queryByText('模拟核验')).toBeNull();
    expect(faceCheck).toHaveBeenCalledTimes(2);
    expect(media.state(video).paused).toBe(true);
    camera.restore();
  });

  it('without a camera, the photo is taken as a file', async () => {
    faceCheck.mockResolvedValue(passed());
    await openLesson();
    const input = screen.getByLabelText('选择人脸照片') as HTMLInputElement;
    expect(input.getAttribute('capture')).toBe('user');
    const photo = new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(await screen.findByText('核验通过')).toBeTruthy();
    expect(faceCheck).toHaveBeenCalledWith(SESSION_ID, photo);
  });

  it('inside WeChat, the photo is taken with wx.chooseImage and read with wx.getLocalImgData', async () => {
    const restoreUa = fakeUserAgent(WECHAT_UA);
    jest
      .mocked(getJsSdkConfig)
      .mockResolvedValue({ appId: 'wx1', timestamp: 1, nonceStr: 'n', signature: 's', bridgeScript: null });
    jest
      .mocked(wx.chooseImage)
      .mockImplementation((params) =>
        params.success({ localIds: ['wxLocalResource://1'], sourceType: 'camera', errMsg: 'chooseImage:ok' }),
      );
    jest
      .mocked(wx.getLocalImgData)
      .mockImplementation((params) => params.success({ localData: 'data:image/jpeg;base64,/9j/4AAQ' }));
    faceCheck.mockResolvedValue(passed());
    await openLesson();
    const take = await screen.findByRole('button', { name: '拍照核验' });
    await waitFor(() => expect((take as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(take);
    expect(await screen.findByText('核验通过')).toBeTruthy();
    expect(wx.chooseImage).toHaveBeenCalledWith(
      expect.objectContaining({ count: 1, sourceType: ['camera'], sizeType: ['compressed'] }),
    );
    const sent = faceCheck.mock.calls[0]?.[1] as Blob;
    expect(sent.type).toBe('image/jpeg');
    expect(sent.size).toBe(6);
    expect(jest.mocked(wx.config).mock.calls[0]?.[0].jsApiList).toEqual(['chooseImage', 'getLocalImgData']);
    restoreUa();
  });
});
