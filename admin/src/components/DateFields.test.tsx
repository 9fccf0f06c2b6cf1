import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { clearDatePicker, pickDate, pickDateRange, pickDateTime } from '../testing/date-pickers';
import { stubComputedStyles } from '../testing/render-screen';
import { AppConfigProvider } from '../theme';
import { DateField, type DateRange, DateRangeField, rangeBounds } from './DateFields';
import { ListFilterBar } from './ListFilterBar';

configure({ defaultHidden: true });
stubComputedStyles();

interface Values {
  days?: DateRange;
  day?: string;
  at?: string;
}

function renderFields(initialValues: Values = {}) {
  const onSearch = jest.fn();
  render(
    <AppConfigProvider>
      <ListFilterBar<Values> name="dates" onSearch={onSearch}>
        <Form.Item name="days" label="下单日期" initialValue={initialValues.days}>
          <DateRangeField />
        </Form.Item>
        <Form.Item name="day" label="开票日期" initialValue={initialValues.day}>
          <DateField />
        </Form.Item>
        <Form.Item name="at" label="开始展示" initialValue={initialValues.at}>
          <DateField withTime valueFormat="YYYY-MM-DDTHH:mm" />
        </Form.Item>
      </ListFilterBar>
    </AppConfigProvider>,
  );
  const search = async () => {
    onSearch.mockClear();
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    return onSearch.mock.calls[0]?.[0] as Values;
  };
  return { search };
}

describe('DateRangeField and DateField', () => {
  it('send the picked range and day as YYYY-MM-DD text, and the date-time in its value format', async () => {
    const { search } = renderFields();
    pickDateRange(screen.getByLabelText('下单日期'), '2025-03-03', '2025-04-20');
    pickDate(screen.getByLabelText('开票日期'), '2026-11-05');
    pickDateTime(screen.getByLabelText('开始展示'), '2030-05-01 08:30');
    expect(await search()).toEqual({
      days: ['2025-03-03', '2025-04-20'],
      day: '2026-11-05',
      at: '2030-05-01T08:30',
    });
  });

  it('show the values they hold, and send nothing once cleared', async () => {
    const { search } = renderFields({
      days: ['2025-03-01', '2025-03-31'],
      day: '2026-11-05',
      at: '2030-05-01T08:30',
    });
    const [from, to] = document.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    expect([from?.value, to?.value]).toEqual(['2025-03-01', '2025-03-31']);
    expect((screen.getByLabelText('开票日期') as HTMLInputElement).value).toBe('2026-11-05');
    expect((screen.getByLabelText('开始展示') as HTMLInputElement).value).toBe('2030-05-01 08:30');

    clearDatePicker(screen.getByLabelText('下单日期'));
    clearDatePicker(screen.getByLabelText('开票日期'));
    clearDatePicker(screen.getByLabelText('开始展示'));
    expect(await search()).toEqual({ days: undefined, day: undefined, at: undefined });
  });

  it('speak Chinese: the month reads 2026年11月 and the week starts 一 二 三', () => {
    renderFields();
    pickDate(screen.getByLabelText('开票日期'), '2026-11-05');
    fireEvent.mouseDown(screen.getByLabelText('开票日期'));
    fireEvent.click(screen.getByLabelText('开票日期'));
    const panel = document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
    expect(panel?.querySelector('.ant-picker-header-view')?.textContent).toBe('2026年11月');
    const weekdays = [...(panel?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent);
    expect(weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
  });
});

describe('rangeBounds', () => {
  it('splits a range into the two days the calls take, and gives neither without one', () => {
    expect(rangeBounds(['2025-03-01', '2025-03-31'])).toEqual({ from: '2025-03-01', to: '2025-03-31' });
    expect(rangeBounds(undefined)).toEqual({});
    expect(rangeBounds(null)).toEqual({});
  });
});
