import { callUrl } from '@px/config';
import { api } from './request';
import {
  downloadImportTemplate,
  fetchCaptureImage,
  fetchStudentFacePhoto,
  getStudent,
  importStudents,
  listFaceCaptures,
  listStudents,
  unbindStudentWechat,
  updateStudent,
} from './student';
import {
  exportStudyReport,
  getReportClassOptions,
  getReportStudent,
  getStudyDetail,
  listStudyRefusals,
  listStudyReport,
} from './study-report';

jest.mock('./request', () => ({
  api: {
    call: jest.fn(() => Promise.resolve(null)),
    download: jest.fn(() => Promise.resolve(new Blob(['file']))),
    upload: jest.fn(() => Promise.resolve({ total: 0, imported: 0, errors: [] })),
  },
}));

const callMock = jest.mocked(api.call);
const downloadMock = jest.mocked(api.download);
const uploadMock = jest.mocked(api.upload);
/** The URL of the last call of `mock` and what it sent. */
const sent = (mock: { mock: { lastCall?: readonly unknown[] } } = callMock) => {
  const [key, ...rest] = mock.mock.lastCall ?? [];
  return [callUrl(String(key)), ...rest];
};

describe('student calls', () => {
  it('send their inputs to the student group', async () => {
    await listStudents({ pageNum: 1, pageSize: 10, name: '张', status: 'ENABLED' });
    expect(sent()).toEqual([
      '/student/list.action',
      { pageNum: 1, pageSize: 10, name: '张', status: 'ENABLED' },
    ]);
    await getStudent(7);
    expect(sent()).toEqual(['/student/detail.action', { id: 7 }]);
    await updateStudent({ id: 7, realName: '张三', mobile: '', email: '', unitId: 5, status: 'DISABLED' });
    expect(sent()).toEqual([
      '/student/update.action',
      { id: 7, realName: '张三', mobile: '', email: '', unitId: 5, status: 'DISABLED' },
    ]);
    await listFaceCaptures({ pageNum: 1, pageSize: 10, id: 7, myClassId: 3 });
    expect(sent()).toEqual([
      '/student/capture-list.action',
      { pageNum: 1, pageSize: 10, id: 7, myClassId: 3 },
    ]);
    await unbindStudentWechat(7);
    expect(sent()).toEqual(['/account/unbind-openId.action', { id: 7 }]);
  });

  it('download the template and images, and upload the import as the multipart field `file`', async () => {
    await downloadImportTemplate();
    expect(sent(downloadMock)).toEqual(['/student/import-template.action']);
    await fetchStudentFacePhoto(7);
    expect(sent(downloadMock)).toEqual(['/student/face-photo.action', { id: 7 }]);
    await fetchCaptureImage(9);
    expect(sent(downloadMock)).toEqual(['/student/capture-image.action', { id: 9 }]);
    const file = new File(['xlsx'], 'students.xlsx');
    await importStudents(file);
    const [url, form] = sent(uploadMock);
    expect(url).toBe('/student/import.action');
    expect((form as FormData).get('file')).toBe(file);
  });
});

describe('study archive calls', () => {
  it('send their inputs to the study-report group', async () => {
    await listStudyReport({ pageNum: 2, pageSize: 10, classId: 3, status: 'PASSED' });
    expect(sent()).toEqual([
      '/study-report/page.action',
      { pageNum: 2, pageSize: 10, classId: 3, status: 'PASSED' },
    ]);
    await getReportClassOptions('安全');
    expect(sent()).toEqual(['/study-report/class-options.action', { name: '安全' }]);
    await getReportStudent(11);
    expect(sent()).toEqual(['/study-report/student.action', { accountId: 11 }]);
    await getStudyDetail(31);
    expect(sent()).toEqual(['/study-report/detail.action', { myClassId: 31 }]);
    await listStudyRefusals({ pageNum: 1, pageSize: 10, myClassId: 31, reason: 'SPEED' });
    expect(sent()).toEqual([
      '/study-report/refusals.action',
      { pageNum: 1, pageSize: 10, myClassId: 31, reason: 'SPEED' },
    ]);
    await exportStudyReport({ student: '李四' });
    expect(sent(downloadMock)).toEqual(['/study-report/export.action', { student: '李四' }]);
  });
});
