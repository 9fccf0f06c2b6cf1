import type { EnrolmentSummary, FaceCaptureRow, StudentDetail } from '@px/api/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getUnitOptions } from '../../../api/account';
import {
  checkStudentIdentity,
  fetchCaptureImage,
  fetchStudentFacePhoto,
  getStudent,
  listFaceCaptures,
  unbindStudentWechat,
  updateStudent,
} from '../../../api/student';
import { buildFieldsError } from '../../../testing/field-errors';
import { buildAccountInfo } from '../../../testing/render-app';
import { ignorePseudoElementStyles, renderScreen } from '../../../testing/render-screen';
import { StudentDetailPage } from './StudentDetailPage';

jest.mock('../../../api/student', () => ({
  getStudent: jest.fn(),
  updateStudent: jest.fn(),
  unbindStudentWechat: jest.fn(),
  fetchStudentFacePhoto: jest.fn(),
  listFaceCaptures: jest.fn(),
  fetchCaptureImage: jest.fn(),
  checkStudentIdentity: jest.fn(),
}));
jest.mock('../../../api/account', () => ({ getUnitOptions: jest.fn() }));

// antd screens are slow in jsdom, more so while other test files run: wait longer than 1 s.
configure({ defaultHidden: true });
ignorePseudoElementStyles();

const getMock = jest.mocked(getStudent);
const updateMock = jest.mocked(updateStudent);

const DETAIL_ONLY = buildAccountInfo(['/home', '/student-manage/student-detail']);
const WITH_ARCHIVE = buildAccountInfo([
  '/home',
  '/student-manage/student',
  '/student-manage/student-detail',
  '/train-manage/study-report/student-detail',
  '/train-manage/study-report/study-detail',
]);

const ENROLMENT: EnrolmentSummary = {
  myClassId: 31,
  classId: 7,
  className: '公需科目综合学习班',
  year: 2026,
  status: 'STUDYING',
  requiredHours: 1.5,
  electiveHours: 1,
  creditedRequiredHours: 0.5,
  creditedElectiveHours: 0,
  studyStartDate: '2026-01-01',
  studyEndDate: '2027-12-31',
  enrolledAt: '2026-03-02T02:00:00.000Z',
  lastStudyAt: '2026-11-25T12:00:00.000Z',
  finishedStudyAt: null,
  passedAt: null,
};

const STUDENT: StudentDetail = {
  id: 11,
  realName: '李四',
  idCardNo: '370102198805122012',
  gender: 'male',
  birthDate: '1988-05-12',
  mobile: '13800000001',
  email: null,
  unitId: 5,
  unitName: '演示培训单位',
  status: 'ENABLED',
  needComplete: false,
  hasPassword: false,
  lastLoginAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  wechat: [
    {
      wxappName: '演示职业培训服务号',
      nickname: '李四微信',
      avatarUrl: null,
      boundAt: '2026-03-01T03:00:00.000Z',
    },
  ],
  enrolments: [ENROLMENT],
  facePhoto: { hasPhoto: true, updatedAt: '2026-03-05T02:00:00.000Z' },
  faceConsentAt: '2026-03-05T01:58:00.000Z',
  captureCount: 1,
  identity: null,
  abilities: { canIdCardCheck: true, idCardCheckRefusal: null },
};

const CAPTURE: FaceCaptureRow = {
  id: 91,
  createdAt: '2026-11-25T12:00:00.000Z',
  myClassId: 31,
  className: '公需科目综合学习班',
  kind: 'START',
  score: 0.92,
  passed: true,
  simulated: true,
  reason: null,
};

const button = (container: HTMLElement, text: string) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const field = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`) as HTMLInputElement;
const modal = () => document.querySelector<HTMLElement>('.ant-modal-container') as HTMLElement;

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:photo');
  URL.revokeObjectURL = jest.fn();
});

beforeEach(() => {
  getMock.mockReset().mockResolvedValue(STUDENT);
  updateMock.mockReset().mockImplementation(async (payload) => ({ ...STUDENT, realName: payload.realName }));
  jest.mocked(unbindStudentWechat).mockReset().mockResolvedValue(null);
  jest
    .mocked(fetchStudentFacePhoto)
    .mockReset()
    .mockResolvedValue(new Blob(['png']));
  jest
    .mocked(fetchCaptureImage)
    .mockReset()
    .mockResolvedValue(new Blob(['png']));
  jest
    .mocked(listFaceCaptures)
    .mockReset()
    .mockResolvedValue({ list: [CAPTURE], total: 1, pageNum: 1, pageSize: 10 });
  jest
    .mocked(getUnitOptions)
    .mockReset()
    .mockResolvedValue([
      { id: 5, name: '演示培训单位' },
      { id: 6, name: '第二培训单位' },
    ]);
});

describe('StudentDetailPage', () => {
  it('shows the profile in full, enrolments with credited hours, WeChat, the face photo and captures', async () => {
    renderScreen(<StudentDetailPage />, WITH_ARCHIVE, '/student-manage/student-detail?id=11');
    expect(await screen.findByText('370102198805122012')).toBeTruthy();
    expect(getMock).toHaveBeenCalledWith(11);
    for (const text of ['男 / 1988-05-12', '13800000001', '演示培训单位', '演示职业培训服务号', '李四微信'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByText(/未设置/)).toBeTruthy();
    const enrolment = screen
      .getAllByText('公需科目综合学习班', { selector: 'td' })[0]
      ?.closest('tr') as HTMLElement;
    for (const text of ['学习中', '0.5 / 1.5', '0 / 1', '2026-01-01 至 2027-12-31'])
      expect(within(enrolment).getByText(text)).toBeTruthy();
    expect(within(enrolment).getByText('学习详情').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/study-report/study-detail?id=31',
    );
    expect(screen.getByText('学习档案').closest('a')?.getAttribute('href')).toBe(
      '/train-manage/study-report/student-detail?id=11',
    );
    await waitFor(() => expect(fetchStudentFacePhoto).toHaveBeenCalledWith(11));
    expect(await screen.findByAltText('人脸照片')).toBeTruthy();
    // When 张三 agreed to the face agreement (China time).
    expect(screen.getByText(/^已同意 2026-03-05 \d{2}:58/)).toBeTruthy();
    await waitFor(() => expect(listFaceCaptures).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10, id: 11 }));
    const capture = (await screen.findByText('0.92')).closest('tr') as HTMLElement;
    for (const text of ['开始学习前', '通过', '模拟比对'])
      expect(within(capture).getByText(text)).toBeTruthy();
    await waitFor(() => expect(fetchCaptureImage).toHaveBeenCalledWith(91));
  });

  it('without the archive pages there are no links into it', async () => {
    renderScreen(<StudentDetailPage />, DETAIL_ONLY, '/student-manage/student-detail?id=11');
    await screen.findByText('370102198805122012');
    expect(screen.queryByText('学习详情')).toBeNull();
    expect(screen.queryByText('学习档案')).toBeNull();
    expect(screen.queryByText('返回列表')).toBeNull();
  });

  it('edits name, mobile, e-mail, unit and status; the server’s refusals land on their fields', async () => {
    updateMock.mockRejectedValueOnce(
      buildFieldsError([{ field: 'mobile', message: '该手机号已被其他学员使用' }]),
    );
    renderScreen(<StudentDetailPage />, DETAIL_ONLY, '/student-manage/student-detail?id=11');
    await screen.findByText('370102198805122012');
    fireEvent.click(button(document.body, '编辑'));
    await waitFor(() => expect(field('student-form_realName').value).toBe('李四'));
    fireEvent.change(field('student-form_mobile'), { target: { value: '123' } });
    fireEvent.click(button(modal(), '保存'));
    expect(await within(modal()).findByText('手机号格式不正确')).toBeTruthy();
    expect(updateMock).not.toHaveBeenCalled();
    fireEvent.change(field('student-form_realName'), { target: { value: ' 李四新 ' } });
    fireEvent.change(field('student-form_mobile'), { target: { value: '13900000009' } });
    fireEvent.change(field('student-form_email'), { target: { value: 'li@example.com' } });
    fireEvent.mouseDown(field('student-form_unitId'));
    fireEvent.click(await screen.findByText('第二培训单位', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(within(modal()).getByLabelText('停用'));
    fireEvent.click(button(modal(), '保存'));
    expect(await within(modal()).findByText('该手机号已被其他学员使用')).toBeTruthy();
    expect(updateMock).toHaveBeenCalledWith({
      id: 11,
      realName: '李四新',
      mobile: '13900000009',
      email: 'li@example.com',
      unitId: 6,
      status: 'DISABLED',
    });
    fireEvent.change(field('student-form_mobile'), { target: { value: '13900000010' } });
    fireEvent.click(button(modal(), '保存'));
    await waitFor(() => expect(updateMock).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('李四新')).toBeTruthy();
  });

  it('unbinds WeChat after confirmation and reads the student again', async () => {
    renderScreen(<StudentDetailPage />, DETAIL_ONLY, '/student-manage/student-detail?id=11');
    await screen.findByText('李四微信');
    fireEvent.click(button(document.body, '解除绑定'));
    const confirm = (await screen.findByText('解除该学员的微信绑定？')).closest(
      '.ant-popover',
    ) as HTMLElement;
    fireEvent.click(button(confirm, '解除绑定'));
    await waitFor(() => expect(unbindStudentWechat).toHaveBeenCalledWith(11));
    await waitFor(() => expect(getMock).toHaveBeenCalledTimes(2));
  });

  it('says so when no student is named, and when the student is missing', async () => {
    renderScreen(<StudentDetailPage />, DETAIL_ONLY, '/student-manage/student-detail');
    expect(await screen.findByText('未指定学员')).toBeTruthy();
    getMock.mockRejectedValueOnce(new Error('学员不存在'));
    renderScreen(<StudentDetailPage />, DETAIL_ONLY, '/student-manage/student-detail?id=99');
    expect(await screen.findByText('学员不存在')).toBeTruthy();
    expect(screen.getByText('重新加载')).toBeTruthy();
  });

  it('实名核验 checks the student and shows the answer; refused, the button says why', async () => {
    const checked: StudentDetail = {
      ...STUDENT,
      identity: {
        result: 'MATCH',
        resultText: '已核验，姓名与身份证号一致',
        checkedAt: '2026-11-28T02:00:00.000Z',
        simulated: true,
      },
    };
    getMock.mockResolvedValueOnce(STUDENT).mockResolvedValue(checked);
    jest
      .mocked(checkStudentIdentity)
      .mockReset()
      .mockResolvedValue(checked.identity as never);
    const view = renderScreen(<StudentDetailPage />, DETAIL_ONLY, '/student-manage/student-detail?id=11');
    await screen.findByText('未核验');
    fireEvent.click(button(view.container, '核验'));
    await screen.findByText('已核验');
    expect(checkStudentIdentity).toHaveBeenCalledWith(11);
    expect(screen.getByText(/已核验，姓名与身份证号一致.*（模拟核验）/)).toBeTruthy();

    getMock.mockReset().mockResolvedValue({
      ...STUDENT,
      idCardNo: null,
      abilities: { canIdCardCheck: false, idCardCheckRefusal: '该学员未填写身份证号，不能核验' },
    });
    view.unmount();
    const refused = renderScreen(<StudentDetailPage />, DETAIL_ONLY, '/student-manage/student-detail?id=11');
    await screen.findByText('未核验');
    expect(button(refused.container, '核验').disabled).toBe(true);
  });
});
