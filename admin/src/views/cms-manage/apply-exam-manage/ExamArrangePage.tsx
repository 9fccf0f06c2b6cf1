import type { CmsCandidateRow, CmsSittingRow } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { Button, Form, Input, InputNumber, Modal, message, Select, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  assignSeat,
  autoAssignSeats,
  deleteCmsSitting,
  exportAttendance,
  issueTickets,
  listCmsCandidates,
  listCmsSittings,
  saveCmsSitting,
  unassignSeat,
} from '../../../api/cms';
import { DateField } from '../../../components/DateFields';
import { FormModal } from '../../../components/FormModal';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListView, STUDENT_FILTER } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn } from '../../../components/RowActions';
import { RowsTable } from '../../../components/RowsTable';
import { LIST_TIME, StudentCell } from '../../../components/table-columns';
import { useRowDialog } from '../../../hooks/useRowDialog';
import { required } from '../../../utils/form-rules';
import { ApplyStatusTag, BatchCard, levelText } from '../cms-meta';

type CandidateFilters = FiltersOf<'cms-exam/candidates'>;

/** `2026-12-20T09:00` (the picker's value) as an ISO instant in China time, and back. */
const LOCAL_TIME = 'YYYY-MM-DDTHH:mm';
const toInstant = (local: string) => `${local}:00+08:00`;
const toLocal = (iso: string) => formatDateTime(iso, LOCAL_TIME);

interface SittingValues {
  room: string;
  place: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
}

/** 新增考场 / 编辑考场: a room at a time and place with its seats. */
function SittingModal({
  batchId,
  sitting,
  open,
  onClose,
  onSaved,
  afterClose,
}: {
  batchId: number;
  sitting: CmsSittingRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<SittingValues>();
  return (
    <FormModal<SittingValues>
      open={open}
      afterClose={afterClose}
      title={sitting ? '编辑考场' : '新增考场'}
      okText="保存"
      name="cms-sitting"
      form={form}
      values={
        sitting
          ? {
              room: sitting.room,
              place: sitting.place,
              startsAt: toLocal(sitting.startsAt),
              endsAt: toLocal(sitting.endsAt),
              capacity: sitting.capacity,
            }
          : { capacity: 30 }
      }
      showOtherErrors
      onSubmit={async (values) => {
        await saveCmsSitting({
          id: sitting?.id,
          batchId,
          room: values.room,
          place: values.place,
          startsAt: toInstant(values.startsAt),
          endsAt: toInstant(values.endsAt),
          capacity: values.capacity,
        });
        void message.success('已保存');
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.Item name="room" label="考场名称" rules={[required('请填写考场名称')]}>
        <Input maxLength={50} placeholder="如：第一考场" />
      </Form.Item>
      <Form.Item name="place" label="考试地点" rules={[required('请填写考试地点')]}>
        <Input maxLength={200} />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item name="startsAt" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
          <DateField withTime valueFormat={LOCAL_TIME} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="endsAt" label="结束时间" rules={[{ required: true, message: '请选择结束时间' }]}>
          <DateField withTime valueFormat={LOCAL_TIME} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="capacity" label="座位数" rules={[{ required: true, message: '请填写座位数' }]}>
          <InputNumber min={1} max={999} precision={0} style={{ width: 120 }} />
        </Form.Item>
      </Space>
    </FormModal>
  );
}

interface SeatValues {
  sittingId: number;
  seatNo?: number;
}

/** 安排座位: a candidate to a room, at a seat (or the first free one). */
function SeatModal({
  row,
  sittings,
  open,
  onClose,
  onSaved,
  afterClose,
}: {
  row: CmsCandidateRow;
  sittings: CmsSittingRow[];
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<SeatValues>();
  return (
    <FormModal<SeatValues>
      open={open}
      afterClose={afterClose}
      title={`安排座位：${row.realName}`}
      okText="保存"
      name="cms-seat"
      form={form}
      values={row.sitting ? { sittingId: row.sitting.sittingId, seatNo: row.sitting.seatNo } : {}}
      showOtherErrors
      onSubmit={async (values) => {
        await assignSeat({
          applyId: row.id,
          sittingId: values.sittingId,
          seatNo: values.seatNo ?? undefined,
        });
        void message.success('已安排座位');
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.Item name="sittingId" label="考场" rules={[{ required: true, message: '请选择考场' }]}>
        <Select
          options={sittings.map((sitting) => ({
            value: sitting.id,
            label: `${sitting.room}（${sitting.seated}/${sitting.capacity}）`,
            disabled: sitting.seated >= sitting.capacity && sitting.id !== row.sitting?.sittingId,
          }))}
        />
      </Form.Item>
      <Form.Item name="seatNo" label="座位号（不填则安排第一个空座）">
        <InputNumber min={1} max={999} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormModal>
  );
}

/** The candidates of a batch and their seats, with the sittings above. */
function BatchArrangement({ batchId }: { batchId: number }) {
  const [sittings, setSittings] = useState<CmsSittingRow[] | null>(null);
  const loadSittings = useCallback(() => {
    listCmsSittings(batchId)
      .then(setSittings)
      .catch(() => setSittings([]));
  }, [batchId]);
  useEffect(loadSittings, [loadSittings]);
  const list = useListCall('cms-exam/candidates', listCmsCandidates, { batchId });
  const [editing, editDialog] = useRowDialog<CmsSittingRow | null>();
  const [seating, seatDialog] = useRowDialog<CmsCandidateRow>();
  const [busy, setBusy] = useState(false);
  const refresh = () => {
    loadSittings();
    list.reload();
  };
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      void message.success(await work());
      refresh();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const removeSitting = (sitting: CmsSittingRow) =>
    Modal.confirm({
      title: `删除考场「${sitting.room}」？`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteCmsSitting(sitting.id);
        void message.success('已删除');
        refresh();
      },
    });
  const download = async (sitting: CmsSittingRow) => {
    try {
      saveBlobAs(await exportAttendance(sitting.id), `签到表-${sitting.room}.xlsx`);
    } catch {
      // The request client has shown why.
    }
  };

  const filters: FilterField<CandidateFilters>[] = [
    {
      kind: 'select',
      name: 'sittingId',
      label: '考场',
      options: (sittings ?? []).map((sitting) => ({ value: sitting.id, label: sitting.room })),
      width: 160,
    },
    {
      kind: 'select',
      name: 'seated',
      label: '排座',
      options: [
        { value: 'YES', label: '已排座' },
        { value: 'NO', label: '未排座' },
      ],
      width: 100,
    },
    { ...STUDENT_FILTER, label: '考生' },
  ];
  const columns: ListColumn<CmsCandidateRow>[] = [
    {
      title: '考生',
      key: 'student',
      width: 170,
      render: (_v, row) => <StudentCell name={row.realName} idCardNo={row.idCardNo} mobile={row.mobile} />,
    },
    { title: '报考等级', dataIndex: 'skillLevel', width: 130, render: levelText },
    { title: '状态', dataIndex: 'status', width: 90, render: (status) => <ApplyStatusTag status={status} /> },
    {
      title: '考场座位',
      key: 'seat',
      width: 150,
      render: (_v, row) => (row.sitting ? `${row.sitting.room} · ${row.sitting.seatNo}号` : '未排座'),
    },
    {
      title: '准考证号',
      dataIndex: 'ticketNo',
      width: 170,
      render: (value: string | null) => value ?? '未发放',
    },
    actionsColumn(150, (row) => (
      <>
        <Button type="link" size="small" onClick={() => seatDialog.show(row)}>
          {row.sitting ? '调整座位' : '安排座位'}
        </Button>
        {row.sitting && (
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              void run(async () => {
                await unassignSeat(row.id);
                return '已取消座位';
              })
            }
          >
            取消座位
          </Button>
        )}
      </>
    )),
  ];
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => editDialog.show(null)}>
          新增考场
        </Button>
        <Button
          loading={busy}
          onClick={() =>
            void run(async () => {
              const answer = await autoAssignSeats(batchId);
              return answer.unseated
                ? `已安排 ${answer.assigned} 人，${answer.unseated} 人因座位不足未安排`
                : `已安排 ${answer.assigned} 人`;
            })
          }
        >
          自动排座
        </Button>
        <Button
          loading={busy}
          onClick={() => void run(async () => `已发放 ${(await issueTickets(batchId)).issued} 张准考证`)}
        >
          发放准考证
        </Button>
      </Space>
      <RowsTable<CmsSittingRow>
        rowKey="id"
        loading={sittings === null}
        dataSource={sittings ?? []}
        empty="暂无考场，请先新增考场"
        style={{ marginBottom: 24 }}
        columns={[
          { title: '考场', dataIndex: 'room', width: 140 },
          { title: '地点', dataIndex: 'place', width: 220 },
          {
            title: '时间',
            key: 'time',
            width: 230,
            render: (_v, row) =>
              `${formatDateTime(row.startsAt, LIST_TIME)} - ${formatDateTime(row.endsAt, 'HH:mm')}`,
          },
          {
            title: '已排座/座位数',
            key: 'seats',
            width: 120,
            render: (_v, row) => `${row.seated} / ${row.capacity}`,
          },
          { title: '已发准考证', dataIndex: 'ticketsIssued', width: 100 },
          actionsColumn(
            200,
            (row) => (
              <>
                <Button type="link" size="small" onClick={() => editDialog.show(row)}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => void download(row)}>
                  导出签到表
                </Button>
                {row.abilities.canDelete && (
                  <Button type="link" size="small" danger onClick={() => removeSitting(row)}>
                    删除
                  </Button>
                )}
              </>
            ),
            { fixed: false },
          ),
        ]}
      />
      <Typography.Title level={5}>已报名考生</Typography.Title>
      <ListView
        list={list}
        name="cms-candidate-filters"
        filters={filters}
        fixedFilters={{ batchId }}
        columns={columns}
        columnsId="cms-manage/apply-exam-manage"
      >
        {editing && (
          <SittingModal
            key={editing.row?.id ?? 'new'}
            batchId={batchId}
            sitting={editing.row}
            open={editing.open}
            onClose={editDialog.close}
            onSaved={() => {
              editDialog.close();
              refresh();
            }}
            afterClose={editDialog.afterClose}
          />
        )}
        {seating && (
          <SeatModal
            key={seating.row.id}
            row={seating.row}
            sittings={sittings ?? []}
            open={seating.open}
            onClose={seatDialog.close}
            onSaved={() => {
              seatDialog.close();
              refresh();
            }}
            afterClose={seatDialog.afterClose}
          />
        )}
      </ListView>
    </>
  );
}

/**
 * 考试报名 (考场安排): a batch's sittings (新增考场, 编辑, 删除 when empty, 导出签到表) and its
 * registered candidates (paid or free) with their seats: 自动排座 room by room never over a room's
 * seats, 安排座位 by hand, 取消座位, 发放准考证 to the seated candidates.
 */
export function ExamArrangePage() {
  return (
    <BatchCard title="考试报名">
      {(batch) => <BatchArrangement key={batch.id} batchId={batch.id} />}
    </BatchCard>
  );
}
