import type { InvoiceableOrder, InvoiceUnitOption } from '@px/api/contract';
import { formatDateTime, formatFen, ROLE_SYSTEM } from '@px/config';
import { Button, Card, Empty, Form, Input, message, Select, Space, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { findInvoiceUnits, getUnitPool, listInvoices, saveCollectiveInvoice } from '../../../api/invoice';
import { ListView } from '../../../components/list-page/ListPage';
import { useListCall } from '../../../components/list-page/list-call';
import { RowsTable } from '../../../components/RowsTable';
import { useFormSave } from '../../../hooks/useFormSave';
import { accountInfoAtom } from '../../../store/session';
import { required } from '../../../utils/form-rules';
import { useInvoiceColumns } from '../components/invoice-columns';

interface CollectiveForm {
  title: string;
  taxNo: string;
  email: string;
}

/** The unit chooser: units of the project by part of the name. */
function UnitPicker({
  value,
  onChange,
  ownUnit,
}: {
  value: InvoiceUnitOption | null;
  onChange: (unit: InvoiceUnitOption | null) => void;
  /** A unit manager: the server answers their own unit only, chosen at once. */
  ownUnit: boolean;
}) {
  const [options, setOptions] = useState<InvoiceUnitOption[]>([]);
  const search = (name: string) =>
    void findInvoiceUnits(name)
      .then((units) => {
        setOptions(units);
        if (ownUnit && !name && units.length === 1) onChange(units[0] ?? null);
      })
      .catch(() => undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first units once.
  useEffect(() => search(''), []);
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      placeholder="选择单位"
      aria-label="单位"
      style={{ width: 280 }}
      value={value?.id}
      onSearch={search}
      onChange={(id?: number) => onChange(options.find((unit) => unit.id === id) ?? null)}
      options={options.map((unit) => ({ value: unit.id, label: unit.name }))}
    />
  );
}

/**
 * 集体发票: choose a unit, tick its paid orders not yet invoiced (the unit pool: orders the unit paid
 * for its staff), fill the unit's title, taxpayer number and e-mail and 开具集体发票 (one PENDING
 * invoice of them all, opened like any other); below, the project's collective invoices. A unit
 * manager works on their own unit only (chosen at once) and reads the list without staff decisions.
 */
export function InvoiceCollectivePage() {
  const account = useAtomValue(accountInfoAtom);
  const isUnitManager = account?.roleRP.roleSystem === ROLE_SYSTEM.UNIT;
  const [unit, setUnit] = useState<InvoiceUnitOption | null>(null);
  const [pool, setPool] = useState<InvoiceableOrder[] | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [form] = Form.useForm<CollectiveForm>();
  const { saving, run } = useFormSave(form);
  const list = useListCall('invoice/page', listInvoices, { kind: 'COLLECTIVE' });
  const [selected, setSelected] = useState<number[]>([]);
  const invoices = useInvoiceColumns(list.reload, isUnitManager);

  const readPool = (picked: InvoiceUnitOption | null) => {
    setChosen([]);
    setPool(null);
    if (!picked) return;
    getUnitPool(picked.id)
      .then(setPool)
      .catch(() => setPool([]));
  };
  const pick = (picked: InvoiceUnitOption | null) => {
    setUnit(picked);
    form.setFieldsValue({ title: picked?.name ?? '', taxNo: picked?.creditCode ?? '' });
    readPool(picked);
  };
  const total = useMemo(
    () =>
      (pool ?? [])
        .filter((order) => chosen.includes(order.orderId))
        .reduce((sum, order) => sum + order.amount, 0),
    [pool, chosen],
  );

  const submit = async () => {
    if (!unit) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await run(async () => {
      await saveCollectiveInvoice({ unitId: unit.id, orderIds: chosen, ...values });
      void message.success(
        isUnitManager ? '集体发票申请已提交，待项目财务开票' : '集体发票申请已创建，请在下方列表开票',
      );
      readPool(unit);
      list.reload();
    });
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title="集体发票">
        <Space wrap style={{ marginBottom: 16 }}>
          <span>单位</span>
          <UnitPicker value={unit} onChange={pick} ownUnit={isUnitManager} />
        </Space>
        {!unit ? (
          <Empty description="选择单位后列出其统一缴费、尚未开票的订单" />
        ) : (
          <>
            <RowsTable<InvoiceableOrder>
              rowKey="orderId"
              loading={pool === null}
              dataSource={pool ?? []}
              scroll={{ y: 320 }}
              empty="该单位没有待开票的订单"
              rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)) }}
              columns={[
                { title: '订单号', dataIndex: 'orderNo', width: 200 },
                { title: '学员', dataIndex: 'studentName', width: 120 },
                { title: '班级', key: 'classes', render: (_v, order) => order.classNames.join('、') },
                {
                  title: '支付时间',
                  dataIndex: 'paidAt',
                  width: 150,
                  render: (value: string | null) => (value ? formatDateTime(value, 'YYYY-MM-DD HH:mm') : '—'),
                },
                {
                  title: '可开票金额',
                  dataIndex: 'amount',
                  width: 110,
                  align: 'right',
                  render: (fen: number) => formatFen(fen),
                },
              ]}
            />
            <Form form={form} layout="inline" name="collective-invoice" style={{ marginTop: 16, rowGap: 12 }}>
              <Form.Item name="title" label="发票抬头" rules={[required('请填写发票抬头')]}>
                <Input maxLength={100} style={{ width: 220 }} />
              </Form.Item>
              <Form.Item name="taxNo" label="纳税人识别号" rules={[required('请填写纳税人识别号')]}>
                <Input maxLength={20} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item
                name="email"
                label="接收邮箱"
                rules={[{ required: true, type: 'email', message: '请填写正确的邮箱' }]}
              >
                <Input maxLength={100} style={{ width: 200 }} />
              </Form.Item>
              <Form.Item>
                <Button
                  type="primary"
                  loading={saving}
                  disabled={chosen.length === 0}
                  onClick={() => void submit()}
                >
                  开具集体发票{chosen.length ? `（${chosen.length} 单，${formatFen(total)}）` : ''}
                </Button>
              </Form.Item>
            </Form>
            <Typography.Text type="secondary">
              集体发票按所选订单的可开票金额（实付减已退款）合计开具。
            </Typography.Text>
          </>
        )}
      </Card>
      <Card title="集体发票列表">
        <ListView
          list={list}
          name="collective-invoice-filters"
          filters={[]}
          columns={invoices.columns}
          columnsId="invoice-manage/invoice-collective"
          selection={isUnitManager ? undefined : { selected, onChange: setSelected }}
        >
          {invoices.dialogs}
        </ListView>
      </Card>
    </Space>
  );
}
