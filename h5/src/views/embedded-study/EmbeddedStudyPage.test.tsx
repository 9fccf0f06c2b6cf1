import { ApiError } from '@px/config';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { getNeedComplete } from '../../api/account';
import { getFacePhotoStatus } from '../../api/face';
import { exchangeSsoTicket, getEmbedInfo } from '../../api/partner';
import { getStudyInfo, startStudy } from '../../api/study';
import { forgetEmbedded, readEmbedded, saveEmbedded } from '../../session/embedded';
import { readToken } from '../../session/token';
import { setTokenCookie } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { buildEntry } from '../exam/exam.testing';
import type { StudyPlayerProps } from '../study-page/player/StudyPlayer';
import { buildCourse, buildLesson, buildRules, buildStudyInfo } from '../study-page/study.testing';
import { EmbeddedStudyPage } from './EmbeddedStudyPage';

jest.mock('../../api/partner', () => ({ exchangeSsoTicket: jest.fn(), getEmbedInfo: jest.fn() }));
jest.mock('../../api/study', () => ({
  getStudyInfo: jest.fn(),
  startStudy: jest.fn(),
  sendHeartbeat: jest.fn(),
  endStudy: jest.fn(() => Promise.resolve(null)),
}));
jest.mock('../../api/face', () => ({
  getFacePhotoStatus: jest.fn(),
  uploadFacePhoto: jest.fn(),
  getFaceAgreement: jest.fn(async () => ({ text: '协议', agreedAt: '2025-03-01T07:59:00.000Z' })),
}));
jest.mock('../../api/account', () => ({ getNeedComplete: jest.fn() }));
jest.mock('../../api/exam', () => ({
  getExamEntry: jest.fn(() => Promise.resolve(buildEntry({ examRequired: false, exerciseOpen: false }))),
  startExam: jest.fn(),
  listMyAttempts: jest.fn(),
}));
jest.mock('../../api/wechat', () => ({ getJsSdkConfig: jest.fn() }));
// The player (tested on its own) reports what the server credited; here it is driven by buttons.
jest.mock('../study-page/player/StudyPlayer', () => ({
  StudyPlayer: (props: StudyPlayerProps) => (
    <div>
      <button
        type="button"
        onClick={() => props.onProgress?.({ creditedSeconds: 30, coverage: 0.5, finished: false })}
      >
        beat
      </button>
      <button type="button" onClick={props.onFinished}>
        finish
      </button>
    </div>
  ),
}));

const PARTNER = 'https://partner.example.com';
const APP = 'pk_demo0001';
const INFO = buildStudyInfo({
  courses: [buildCourse({ lessons: [buildLesson({ lessonId: 301, name: '安全生产概述' })] })],
});

/** The parent frame: its postMessage, and who the page believes frames it. */
const parent = { postMessage: jest.fn() };
function frameBy(origin: string | null) {
  Object.defineProperty(window, 'parent', { configurable: true, value: origin ? parent : window });
  Object.defineProperty(document, 'referrer', { configurable: true, value: origin ? `${origin}/learn` : '' });
}
const posted = () => parent.postMessage.mock.calls.map(([message, origin]) => ({ ...message, to: origin }));

const session = (overrides = {}) => ({
  token: 'embedded-token',
  myClassId: 41,
  appKey: APP,
  appName: '演示合作平台',
  allowedOrigins: [PARTNER],
  ...overrides,
});

beforeEach(() => {
  forgetEmbedded();
  setTokenCookie(undefined);
  frameBy(PARTNER);
  parent.postMessage.mockReset();
  jest.mocked(getStudyInfo).mockReset().mockResolvedValue(INFO);
  jest.mocked(getNeedComplete).mockReset().mockResolvedValue({ needComplete: false, missing: [] });
  jest
    .mocked(getFacePhotoStatus)
    .mockReset()
    .mockResolvedValue({ hasPhoto: true, updatedAt: null, agreedAt: '2025-03-01T07:59:00.000Z' });
  jest.mocked(exchangeSsoTicket).mockReset();
  jest
    .mocked(getEmbedInfo)
    .mockReset()
    .mockResolvedValue({ appName: '演示合作平台', allowedOrigins: [PARTNER] });
});
afterAll(() => frameBy(null));

describe('EmbeddedStudyPage: the ticket', () => {
  it('exchanges the ticket once, keeps the session in the frame only and shows the study page', async () => {
    setTokenCookie('site-token');
    jest.mocked(exchangeSsoTicket).mockResolvedValue({
      token: 'embedded-token',
      myClassId: 41,
      expiresAt: '2030-01-01T00:00:00.000Z',
      appName: '演示合作平台',
      allowedOrigins: [PARTNER],
    });
    renderScreen(<EmbeddedStudyPage />, `/hxtx/detail-study?app=${APP}&ticket=T123`);
    expect(await screen.findByRole('heading', { name: '公需科目综合学习班' })).toBeTruthy();
    expect(exchangeSsoTicket).toHaveBeenCalledTimes(1);
    expect(exchangeSsoTicket).toHaveBeenCalledWith(APP, 'T123');
    expect(getStudyInfo).toHaveBeenCalledWith(41);
    expect(readEmbedded()).toMatchObject({ token: 'embedded-token', allowedOrigins: [PARTNER] });
    expect(readToken()).toBe('embedded-token');
    // The site's own cookie is left as it was.
    expect(document.cookie).toContain('token=site-token');
    expect(posted()).toEqual([
      {
        source: 'px-study',
        type: 'ready',
        myClassId: 41,
        className: '公需科目综合学习班',
        status: 'STUDYING',
        to: PARTNER,
      },
    ]);
  });

  it('says why a used ticket is refused, with no way out, and tells the parent goHome after 2 s', async () => {
    jest
      .mocked(exchangeSsoTicket)
      .mockRejectedValue(
        new ApiError({ kind: 'error', code: -1, message: '学习链接已使用过，请回到合作平台重新进入学习' }),
      );
    renderScreen(<EmbeddedStudyPage />, `/hxtx/detail-study?app=${APP}&ticket=USED`);
    expect(await screen.findByText('学习链接已使用过，请回到合作平台重新进入学习')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(posted()).toEqual([]);
    await waitFor(
      () =>
        expect(posted()).toEqual([
          { source: 'px-study', type: 'goHome', reason: 'TICKET_REFUSED', to: PARTNER },
        ]),
      {
        timeout: 4000,
      },
    );
    expect(getEmbedInfo).toHaveBeenCalledWith(APP);
  });

  it('posts nothing to a parent that is not one of the allowed origins', async () => {
    frameBy('https://evil.example.com');
    saveEmbedded(session());
    renderScreen(<EmbeddedStudyPage />, `/hxtx/detail-study?app=${APP}&myClassId=41`);
    expect(await screen.findByRole('heading', { name: '公需科目综合学习班' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});

describe('EmbeddedStudyPage: the session', () => {
  it('tells the parent progress and finished as the lesson is studied', async () => {
    saveEmbedded(session());
    jest.mocked(startStudy).mockResolvedValue({ sessionId: 's1' } as Awaited<ReturnType<typeof startStudy>>);
    renderScreen(<EmbeddedStudyPage />, `/hxtx/detail-study?app=${APP}&myClassId=41`);
    fireEvent.click(await screen.findByRole('button', { name: /^安全生产概述（/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'beat' }));
    fireEvent.click(screen.getByRole('button', { name: 'finish' }));
    const lesson = {
      myClassId: 41,
      lessonId: 301,
      lessonName: '安全生产概述',
      source: 'px-study',
      to: PARTNER,
    };
    expect(posted().slice(1)).toEqual([
      { ...lesson, type: 'progress', creditedSeconds: 30, coverage: 0.5, finished: false },
      { ...lesson, type: 'finished' },
    ]);
  });

  it('ends with goHome after 2 s once the session ended', async () => {
    saveEmbedded(session({ token: '' }));
    renderScreen(<EmbeddedStudyPage />, `/hxtx/detail-study?app=${APP}&myClassId=41`);
    expect(await screen.findByText('学习会话已结束，请回到合作平台重新进入学习')).toBeTruthy();
    expect(getStudyInfo).not.toHaveBeenCalled();
    await waitFor(
      () =>
        expect(posted()).toEqual([
          { source: 'px-study', type: 'goHome', reason: 'SESSION_ENDED', to: PARTNER },
        ]),
      {
        timeout: 4000,
      },
    );
  });

  it('uploads the face photo in the page rather than leading out of the frame', async () => {
    saveEmbedded(session());
    jest.mocked(getStudyInfo).mockResolvedValue({ ...INFO, rules: buildRules({ faceCheck: true }) });
    jest
      .mocked(getFacePhotoStatus)
      .mockResolvedValue({ hasPhoto: false, updatedAt: null, agreedAt: '2025-03-01T07:59:00.000Z' });
    renderScreen(<EmbeddedStudyPage />, `/hxtx/detail-study?app=${APP}&myClassId=41`);
    expect(await screen.findByRole('region', { name: '上传人脸照片' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '去上传' })).toBeNull();
    expect(await screen.findByLabelText('拍摄人脸照片')).toBeTruthy();
  });

  it('is the ordinary study page for a student of the site, outside a frame', async () => {
    frameBy(null);
    setTokenCookie('site-token');
    renderScreen(<EmbeddedStudyPage />, '/hxtx/detail-study?myClassId=41');
    expect(await screen.findByRole('heading', { name: '公需科目综合学习班' })).toBeTruthy();
    expect(readToken()).toBe('site-token');
  });
});
