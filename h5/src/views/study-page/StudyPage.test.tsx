import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'react-vant';
import { getNeedComplete } from '../../api/account';
import { getExamEntry } from '../../api/exam';
import { getFacePhotoStatus } from '../../api/face';
import { getStudyInfo, startStudy } from '../../api/study';
import { probedLocation, setTokenCookie } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render-screen';
import { buildEntry } from '../exam/exam.testing';
import { lessonGate, StudyPage } from './StudyPage';
import { buildCourse, buildLesson, buildRules, buildStudyInfo } from './study.testing';

jest.mock('../../api/study', () => ({
  getStudyInfo: jest.fn(),
  startStudy: jest.fn(),
  sendHeartbeat: jest.fn(),
  answerPopupQuestion: jest.fn(),
  confirmStudyIdle: jest.fn(),
  submitFaceCheck: jest.fn(),
  endStudy: jest.fn(() => Promise.resolve(null)),
}));
jest.mock('../../api/face', () => ({
  getFacePhotoStatus: jest.fn(),
  getFaceAgreement: jest.fn(async () => ({ text: '协议', agreedAt: '2025-03-01T07:59:00.000Z' })),
}));
jest.mock('../../api/account', () => ({ getNeedComplete: jest.fn() }));
jest.mock('../../api/exam', () => ({
  getExamEntry: jest.fn(() => Promise.resolve(buildEntry({ examRequired: false, exerciseOpen: false }))),
  startExam: jest.fn(),
  listMyAttempts: jest.fn(),
}));
jest.mock('../../api/wechat', () => ({ getJsSdkConfig: jest.fn() }));

const studyInfo = jest.mocked(getStudyInfo);
const start = jest.mocked(startStudy);
const photoStatus = jest.mocked(getFacePhotoStatus);

const INFO = buildStudyInfo({
  studyInOrder: true,
  courses: [
    buildCourse({
      lessons: [
        buildLesson({
          lessonId: 301,
          name: '安全生产概述',
          durationSeconds: 720,
          hours: 0.5,
          creditedSeconds: 700,
          coverage: 1,
          finished: true,
        }),
        buildLesson({
          lessonId: 302,
          name: '消防演练示范',
          durationSeconds: 480,
          hours: 1,
          creditedSeconds: 125,
          coverage: 0.25,
        }),
        buildLesson({ lessonId: 303, name: '应急疏散', durationSeconds: 300, hours: 0.5, locked: true }),
      ],
    }),
    buildCourse({
      courseId: 12,
      name: '现场急救实务',
      kind: 'ELECTIVE',
      hours: 1,
      lessons: [
        buildLesson({ lessonId: 304, name: '现场急救要点', durationSeconds: 300, hours: 1, locked: true }),
      ],
    }),
  ],
});

function renderStudy(search = '?myClassId=41', path = '/student/study-page') {
  return renderScreen(<StudyPage />, `${path}${search}`);
}

/** The lesson button whose accessible name starts with the lesson's name. */
const lessonButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}（`) });

let toastInfo: jest.SpyInstance;

beforeEach(() => {
  studyInfo.mockReset().mockResolvedValue(INFO);
  jest.mocked(getNeedComplete).mockReset().mockResolvedValue({ needComplete: false, missing: [] });
  start.mockReset();
  photoStatus.mockReset().mockResolvedValue({
    hasPhoto: true,
    updatedAt: '2025-03-01T08:00:00.000Z',
    agreedAt: '2025-03-01T07:59:00.000Z',
  });
  setTokenCookie('tok');
  toastInfo = jest.spyOn(Toast, 'info').mockImplementation(() => ({ config: jest.fn(), clear: jest.fn() }));
});
afterEach(() => {
  toastInfo.mockRestore();
  setTokenCookie(undefined);
});

describe('StudyPage: the class and its lessons', () => {
  it('shows the class, its window, hours credited against needed and its state', async () => {
    renderStudy();
    expect(await screen.findByRole('heading', { name: '公需科目综合学习班' })).toBeTruthy();
    expect(studyInfo).toHaveBeenCalledWith(41);
    expect(screen.getByText('学习中')).toBeTruthy();
    expect(screen.getByText(/2025 年度 · 学习时间 2025-01-01/)).toBeTruthy();
    const hours = document.querySelector('.study-summary__hours') as HTMLElement;
    expect(hours.textContent).toBe('必修0.5 / 1.5 学时选修0.0 / 1.0 学时');
    expect(screen.getByText('本班级按顺序学习：学完前一课时后解锁下一课时')).toBeTruthy();
  });

  it('lists courses with their lessons: length, hours, coverage, credited time, 已学完 and locks', async () => {
    renderStudy();
    const required = await screen.findByRole('region', { name: '安全生产基础' });
    expect(within(required).getByText('必修')).toBeTruthy();
    expect(within(required).getByText('1.5 学时 · 3 课时')).toBeTruthy();

    const done = lessonButton('安全生产概述');
    expect(done.getAttribute('aria-label')).toBe('安全生产概述（已学完）');
    expect(within(done).getByText('12分 · 0.5 学时')).toBeTruthy();
    expect(within(done).getByText('已计时 11分40秒 · 已学 100%')).toBeTruthy();
    expect(within(done).getByText('已学完')).toBeTruthy();

    const half = lessonButton('消防演练示范');
    expect(half.getAttribute('aria-label')).toBe('消防演练示范（未学完）');
    expect(within(half).getByText('已计时 2分5秒 · 已学 25%')).toBeTruthy();
    expect((half.querySelector('.rv-progress__portion') as HTMLElement).style.transform).toBe('scaleX(0.25)');
    expect(within(half).queryByText('已学完')).toBeNull();

    const locked = lessonButton('应急疏散');
    expect(locked.getAttribute('aria-label')).toBe('应急疏散（未解锁）');
    expect(locked.className).toContain('study-lesson--locked');
    expect(within(locked).getByText('未解锁')).toBeTruthy();

    const elective = screen.getByRole('region', { name: '现场急救实务' });
    expect(within(elective).getByText('选修')).toBeTruthy();
  });

  it('says to study in order when a locked lesson is tapped, without asking the server', async () => {
    renderStudy();
    fireEvent.click(await screen.findByRole('button', { name: '应急疏散（未解锁）' }));
    expect(toastInfo).toHaveBeenCalledWith('请按顺序学习，先学完前面的课时');
    expect(start).not.toHaveBeenCalled();
  });

  it('shows why a closed enrolment cannot be studied, and starts nothing', async () => {
    studyInfo.mockResolvedValue(
      buildStudyInfo({ status: 'EXPIRED', studyOpen: false, closedReason: '学习时间已于 2024-12-31 结束' }),
    );
    renderStudy();
    expect(await screen.findByText('学习时间已于 2024-12-31 结束')).toBeTruthy();
    expect(screen.getByText('已过期')).toBeTruthy();
    fireEvent.click(lessonButton('安全生产概述'));
    expect(toastInfo).toHaveBeenCalledWith('学习时间已于 2024-12-31 结束');
    expect(start).not.toHaveBeenCalled();
  });

  it('says when the class has no course yet', async () => {
    studyInfo.mockResolvedValue(buildStudyInfo({ courses: [] }));
    renderStudy();
    expect(await screen.findByText('本班级暂无课程')).toBeTruthy();
  });

  it('offers to load again when the study page cannot be read', async () => {
    studyInfo.mockRejectedValueOnce(new Error('班级不存在或未报名'));
    renderStudy();
    expect(await screen.findByText('班级不存在或未报名')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: '公需科目综合学习班' })).toBeTruthy();
  });

  it('shows the exam of the enrolment below the class', async () => {
    jest.mocked(getExamEntry).mockResolvedValueOnce(buildEntry({ myClassId: 41 }));
    renderStudy();
    const exam = await screen.findByRole('region', { name: '考试与练习' });
    expect(await within(exam).findByRole('button', { name: '参加考试' })).toBeTruthy();
    expect(getExamEntry).toHaveBeenCalledWith(41);
  });

  it('is the same page at /hxtx/detail-study', async () => {
    renderStudy('?myClassId=41', '/hxtx/detail-study');
    expect(await screen.findByRole('heading', { name: '公需科目综合学习班' })).toBeTruthy();
  });
});

describe('StudyPage: who may see it', () => {
  it('asks a visitor without a session to sign in, and comes back here after', async () => {
    setTokenCookie(undefined);
    renderStudy();
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(studyInfo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    expect(await probedLocation()).toBe('/login?redirect=/student/study-page%3FmyClassId%3D41');
  });

  it('sends a student the project still needs information from to /student/info first, then back', async () => {
    jest.mocked(getNeedComplete).mockResolvedValue({ needComplete: true, missing: ['idCardNo'] });
    renderStudy();
    expect(await probedLocation()).toBe('/student/info?redirect=/student/study-page%3FmyClassId%3D41');
    expect(screen.queryByRole('button', { name: /^安全生产概述（/ })).toBeNull();
    expect(start).not.toHaveBeenCalled();
  });

  it('refuses a link without a valid class', async () => {
    renderStudy('?myClassId=abc');
    expect(screen.getByText('学习链接不正确')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '我的班级' }));
    expect(await probedLocation()).toBe('/my?tab=classes');
  });
});

describe('StudyPage: face checks need a reference photo', () => {
  it('tells a student without a photo to add one first, and leads to it', async () => {
    studyInfo.mockResolvedValue(buildStudyInfo({ rules: buildRules({ faceCheck: true }) }));
    photoStatus.mockResolvedValue({ hasPhoto: false, updatedAt: null, agreedAt: '2025-03-01T07:59:00.000Z' });
    renderStudy();
    expect(await screen.findByText('本班级学习需要人脸核验，请先上传本人照片')).toBeTruthy();

    fireEvent.click(lessonButton('安全生产概述'));
    expect(await screen.findByText('请先上传人脸照片')).toBeTruthy();
    expect(start).not.toHaveBeenCalled();
    const dialog = (await screen.findByText('请先上传人脸照片')).closest('.rv-dialog') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '去上传' }));
    expect(await probedLocation()).toBe('/my?tab=account');
  });

  it('asks nothing of a student with a photo, nor of a class without face checks', async () => {
    studyInfo.mockResolvedValue(buildStudyInfo({ rules: buildRules({ faceCheck: true }) }));
    renderStudy();
    await screen.findByRole('heading', { name: '公需科目综合学习班' });
    await waitFor(() => expect(photoStatus).toHaveBeenCalled());
    expect(screen.queryByText('本班级学习需要人脸核验，请先上传本人照片')).toBeNull();
  });
});

describe('lessonGate', () => {
  const lesson = buildLesson();
  it('opens an unlocked lesson of an open enrolment', () => {
    expect(lessonGate(buildStudyInfo(), lesson, null)).toEqual({ kind: 'open' });
  });
  it('refuses a closed enrolment with its reason, then a locked lesson', () => {
    const closed = buildStudyInfo({ studyOpen: false, closedReason: '订单尚未支付' });
    expect(lessonGate(closed, buildLesson({ locked: true }), null)).toEqual({
      kind: 'closed',
      message: '订单尚未支付',
    });
    expect(lessonGate(buildStudyInfo(), buildLesson({ locked: true }), null)).toEqual({ kind: 'locked' });
  });
  it('with face checks, waits for the photo status and asks for a photo when there is none', () => {
    const info = buildStudyInfo({ rules: buildRules({ faceCheck: true }) });
    expect(lessonGate(info, lesson, null)).toEqual({ kind: 'checking-photo' });
    expect(lessonGate(info, lesson, false)).toEqual({ kind: 'needs-photo' });
    expect(lessonGate(info, lesson, true)).toEqual({ kind: 'open' });
  });
});
