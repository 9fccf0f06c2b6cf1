import type { AccountInfo, UnitClassItem } from '@px/api/contract';
import { saveBlobAs } from '@px/config/save-blob';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getUnitClass } from '../../../api/unit-class';
import {
  downloadUnitImportErrors,
  downloadUnitImportTemplate,
  getUnitImportProgress,
  pageUnitImports,
  startUnitImport,
} from '../../../api/unit-import';
import { buildAccountInfo } from '../../../testing/render-app';
import { renderScreen, stubComputedStyles } from '../../../testing/render-screen';
import { buildImport, pageOf } from '../batch-pay-order/batch-order-test-data';
import { IMPORT_POLL_MS, ImportStudentPage, UNIT_IMPORT_TEMPLATE_FILE } from './ImportStudentPage';

jest.mock('../../../api/unit-class', () => ({ getUnitClass: jest.fn() }));
jest.mock('@px/config/save-blob', () => ({ saveBlobAs: jest.fn() }));
jest.mock('../../../api/unit-import', () => ({
  startUnitImport: jest.fn(),
  downloadUnitImportTemplate: jest.fn(),
  getUnitImportProgress: jest.fn(),
  downloadUnitImportErrors: jest.fn(),
  pageUnitImports: jest.fn(),
}));

configure({ defaultHidden: true });
stubComputedStyles();

const UNIT_MANAGER: AccountInfo = {
  ...buildAccountInfo(
    [
      '/home',
      '/train-manage/unit-class',
      '/train-manage/unit-class-detail',
      '/train-manage/import-student',
      '/train-manage/batch-pay-order',
    ],
    { roleSystem: 4, roleName: '单位管理员' },
  ),
  unitId: 5,
};
const PATH = '/train-manage/import-student?unitClassId=4';

function buildUnitClass(overrides: Partial<UnitClassItem> = {}): UnitClassItem {
  return {
    id: 4,
    unitId: 5,
    unitName: '演示培训单位',
    classId: 9,
    className: '安全生产培训班',
    year: 2026,
    name: '演示单位安全班',
    plannedStudents: 20,
    studentCount: 1,
    contactName: '王经理',
    contactMobile: null,
    remark: null,
    state: 'OPEN',
    abilities: {
      canDelete: true,
      deleteRefusal: null,
      canClose: true,
      closeRefusal: null,
      canOpen: false,
      openRefusal: '该单位班级已开启',
    },
    createdBy: 3,
    createdAt: '2026-05-01T02:03:04.000Z',
    updatedAt: '2026-05-01T02:03:04.000Z',
    ...overrides,
  };
}

const progressMock = jest.mocked(getUnitImportProgress);
const pageMock = jest.mocked(pageUnitImports);
const startMock = jest.mocked(startUnitImport);
const location = () => screen.getByTestId('location').textContent;
const button = (text: string, container: HTMLElement = document.body) =>
  within(container)
    .getByText((content) => content.replace(/\s/g, '') === text, { selector: 'button span' })
    .closest('button') as HTMLButtonElement;
const progressCard = () => screen.getByTestId('import-progress');

/** Lets the poll timers run `ms` and the answers they wait for settle. */
async function elapse(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

async function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

beforeEach(() => {
  jest.mocked(getUnitClass).mockReset().mockResolvedValue(buildUnitClass());
  pageMock.mockReset().mockResolvedValue(pageOf([]));
  startMock.mockReset().mockResolvedValue(buildImport());
  progressMock.mockReset();
  jest
    .mocked(downloadUnitImportTemplate)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest
    .mocked(downloadUnitImportErrors)
    .mockReset()
    .mockResolvedValue(new Blob(['xlsx']));
  jest.mocked(saveBlobAs).mockReset();
});

afterEach(() => jest.useRealTimers());

describe('ImportStudentPage', () => {
  it('shows the unit class and its earlier imports, and downloads the template', async () => {
    pageMock.mockResolvedValue(
      pageOf([
        buildImport({
          id: 6,
          fileName: '上一批.xlsx',
          status: 'PARTIAL',
          processed: 3,
          okCount: 2,
          failedCount: 1,
          batchOrderId: 30,
          finished: true,
        }),
      ]),
    );
    renderScreen(<ImportStudentPage />, UNIT_MANAGER, PATH);
    expect(await screen.findByText('演示单位安全班')).toBeTruthy();
    expect(jest.mocked(getUnitClass)).toHaveBeenCalledWith(4);
    for (const text of ['演示培训单位', '安全生产培训班', '开启'])
      expect(screen.getByText(text)).toBeTruthy();
    const row = (await screen.findByText('上一批.xlsx')).closest('tr') as HTMLElement;
    expect(within(row).getByText('部分导入')).toBeTruthy();
    expect(pageMock).toHaveBeenCalledWith({ unitClassId: 4, pageNum: 1, pageSize: 10 });
    expect(within(row).getByText('批量订单').getAttribute('href')).toBe(
      '/train-manage/batch-pay-order?id=30',
    );
    // A finished import is not polled.
    expect(screen.queryByTestId('import-progress')).toBeNull();

    fireEvent.click(button('下载模板'));
    await waitFor(() =>
      expect(jest.mocked(saveBlobAs)).toHaveBeenCalledWith(expect.any(Blob), UNIT_IMPORT_TEMPLATE_FILE),
    );
    fireEvent.click(button('错误文件', row));
    await waitFor(() => expect(jest.mocked(downloadUnitImportErrors)).toHaveBeenCalledWith(6));
    expect(jest.mocked(saveBlobAs)).toHaveBeenLastCalledWith(expect.any(Blob), '上一批-错误行.xlsx');
  });

  it('uploads the file into the unit class, polls every second until the import ends, then offers 去缴费', async () => {
    renderScreen(<ImportStudentPage />, UNIT_MANAGER, PATH);
    await screen.findByText('演示单位安全班');
    await waitFor(() => expect(pageMock).toHaveBeenCalled());
    jest.useFakeTimers();
    progressMock
      .mockResolvedValueOnce(buildImport({ processed: 2 }))
      .mockResolvedValueOnce(buildImport({ status: 'IMPORTING', processed: 1, okCount: 1, batchOrderId: 31 }))
      .mockResolvedValue(
        buildImport({
          status: 'DONE',
          processed: 3,
          okCount: 3,
          batchOrderId: 31,
          finished: true,
          finishedAt: '2026-11-26T01:30:00.000Z',
        }),
      );
    // The unit class as the server holds it once the three are in.
    jest.mocked(getUnitClass).mockResolvedValue(buildUnitClass({ studentCount: 4 }));
    expect(screen.getByText('1 / 20')).toBeTruthy();
    const file = new File(['xlsx'], '第一批学员.xlsx');
    await chooseFile(file);
    expect(startMock).toHaveBeenCalledWith(4, file);
    expect(within(progressCard()).getByText('校验中')).toBeTruthy();
    expect(button('上传并导入').disabled).toBe(true);

    await elapse(IMPORT_POLL_MS);
    expect(progressMock).toHaveBeenCalledTimes(1);
    expect(progressMock).toHaveBeenLastCalledWith(8, { quiet: true });
    expect(within(progressCard()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('66');
    await elapse(IMPORT_POLL_MS);
    expect(within(progressCard()).getByText('导入中')).toBeTruthy();
    // No payment before the import has ended.
    expect(within(progressCard()).queryByText('去缴费')).toBeNull();
    await elapse(IMPORT_POLL_MS);
    expect(within(progressCard()).getByText('导入完成')).toBeTruthy();
    expect(within(progressCard()).getByText('已导入 3 名学员，请完成缴费后学员即可学习。')).toBeTruthy();
    expect(within(progressCard()).queryByText('下载错误文件')).toBeNull();
    expect(progressMock).toHaveBeenCalledTimes(3);
    // The unit class's count is read again once the import ended (issue 30: it stayed at 1 / 20).
    expect(jest.mocked(getUnitClass)).toHaveBeenLastCalledWith(4, { quiet: true });
    expect(screen.getByText('4 / 20')).toBeTruthy();
    expect(screen.getByTestId('import-progress')).toBeTruthy();
    // Polling stops once the import has ended.
    await elapse(IMPORT_POLL_MS * 5);
    expect(progressMock).toHaveBeenCalledTimes(3);
    jest.useRealTimers();

    fireEvent.click(button('去缴费', progressCard()));
    expect(location()).toBe('/train-manage/batch-pay-order?id=31');
  });

  it('offers the error file when rows were refused, and says nothing was imported for an invalid file', async () => {
    startMock.mockResolvedValue(
      buildImport({ status: 'INVALID', processed: 3, okCount: 1, failedCount: 2, finished: true }),
    );
    renderScreen(<ImportStudentPage />, UNIT_MANAGER, PATH);
    await screen.findByText('演示单位安全班');
    await chooseFile(new File(['xlsx'], '有错.xlsx'));
    expect(await screen.findByText('校验未通过')).toBeTruthy();
    expect(
      within(progressCard()).getByText('2 行未通过校验，未导入任何学员。请下载错误文件，改正后重新导入。'),
    ).toBeTruthy();
    expect(within(progressCard()).queryByText('去缴费')).toBeNull();
    fireEvent.click(button('下载错误文件', progressCard()));
    await waitFor(() => expect(jest.mocked(downloadUnitImportErrors)).toHaveBeenCalledWith(8));
    expect(jest.mocked(saveBlobAs)).toHaveBeenCalledWith(expect.any(Blob), '第一批学员-错误行.xlsx');
    expect(progressMock).not.toHaveBeenCalled();
  });

  it('follows an import still running when the page opens', async () => {
    pageMock.mockResolvedValue(pageOf([buildImport({ status: 'IMPORTING', processed: 1 })]));
    progressMock.mockResolvedValue(
      buildImport({
        status: 'PARTIAL',
        processed: 3,
        okCount: 2,
        failedCount: 1,
        finished: true,
        batchOrderId: 31,
      }),
    );
    renderScreen(<ImportStudentPage />, UNIT_MANAGER, PATH);
    expect(await within(await screen.findByTestId('import-progress')).findByText('导入中')).toBeTruthy();
    await waitFor(() => expect(within(progressCard()).getByText('部分导入')).toBeTruthy(), { timeout: 4000 });
    expect(progressMock).toHaveBeenCalledWith(8, { quiet: true });
    expect(button('下载错误文件', progressCard())).toBeTruthy();
    expect(button('去缴费', progressCard())).toBeTruthy();
  });

  it('refuses other files than .xlsx', async () => {
    renderScreen(<ImportStudentPage />, UNIT_MANAGER, PATH);
    await screen.findByText('演示单位安全班');
    await chooseFile(new File(['csv'], 'students.csv'));
    expect(await screen.findByText('请选择 .xlsx 文件')).toBeTruthy();
    expect(startMock).not.toHaveBeenCalled();
  });

  it('disables the upload of a closed unit class, and warns without a unit class', async () => {
    jest.mocked(getUnitClass).mockResolvedValue(buildUnitClass({ state: 'CLOSED' }));
    const { unmount } = renderScreen(<ImportStudentPage />, UNIT_MANAGER, PATH);
    expect(await screen.findByText('单位班级已关闭，不能导入学员。')).toBeTruthy();
    expect(button('上传并导入').disabled).toBe(true);
    unmount();
    renderScreen(<ImportStudentPage />, UNIT_MANAGER, '/train-manage/import-student');
    expect(
      await screen.findByText('未指定单位班级：请从单位班级详情进入导入学员。下面是各单位班级的导入记录。'),
    ).toBeTruthy();
    await waitFor(() => expect(pageMock).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 }));
    expect(await screen.findByText('暂无导入记录')).toBeTruthy();
  });

  it('without a unit class lists the imports of the states the address names (home: the failed ones)', async () => {
    pageMock.mockResolvedValue(
      pageOf([
        buildImport({ id: 8, status: 'INVALID', finished: true, failedCount: 2, fileName: '名单.xlsx' }),
      ]),
    );
    renderScreen(
      <ImportStudentPage />,
      UNIT_MANAGER,
      '/train-manage/import-student?statuses=INVALID,FAILED,NOPE',
    );
    expect(await screen.findByText('名单.xlsx')).toBeTruthy();
    expect(pageMock).toHaveBeenCalledWith({ statuses: ['INVALID', 'FAILED'], pageNum: 1, pageSize: 10 });
    expect(screen.getByText('校验未通过', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '演示单位安全班' }).getAttribute('href')).toBe(
      '/train-manage/import-student?unitClassId=4',
    );
  });
});
