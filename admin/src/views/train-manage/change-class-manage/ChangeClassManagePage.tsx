import {
  CHANGE_CLASS_STATUS,
  CHANGE_CLASS_STATUS_LABEL,
  type ChangeClassStatus,
  type ChangeClassView,
} from '@px/api/contract';
import { formatFen } from '@px/config';
import { useSearchParams } from 'react-router-dom';
import { listChangeClassApplies } from '../../../api/change-class';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DetailAction } from '../../../components/RowActions';
import { dateTimeColumn, orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { readChoiceParam } from '../../../utils/query-id';
import { ChangeClassActions, ChangeClassStatusTag } from './ChangeClassActions';
import { CHANGE_CLASS_DETAIL_PAGE, changeClassDetailPath } from './change-class-paths';

const STATUS_OPTIONS = CHANGE_CLASS_STATUS.map((value) => ({
  value,
  label: CHANGE_CLASS_STATUS_LABEL[value],
}));

const FILTERS: FilterField<FiltersOf<'change-class/page'>>[] = [
  { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 120 },
  {
    kind: 'text',
    name: 'keyword',
    label: '学员',
    placeholder: '姓名、身份证号或手机号',
    maxLength: 50,
    width: 210,
  },
];

function columns(canOpen: boolean, onDone: () => void): ListColumn<ChangeClassView>[] {
  return [
    { title: '学员', dataIndex: 'realName', width: 90 },
    { title: '身份证号', dataIndex: 'idCardNo', width: 170, optional: 'hidden', render: orDash },
    { title: '手机号', dataIndex: 'mobile', width: 120, optional: 'hidden', render: orDash },
    { title: '原班级', dataIndex: 'fromClassName', width: 160 },
    { title: '转入班级', dataIndex: 'toClassName', width: 160 },
    {
      title: '已付 / 转入价格',
      key: 'amounts',
      width: 130,
      align: 'right',
      render: (_value, row) => `${formatFen(row.paidFen)} / ${formatFen(row.toAmountFen)}`,
    },
    {
      title: '申请时进度',
      dataIndex: 'progressPercent',
      width: 100,
      align: 'right',
      optional: 'hidden',
      render: (value: number) => `${value}%`,
    },
    { title: '转班原因', dataIndex: 'reason', width: 180, optional: 'hidden', ellipsis: true },
    dateTimeColumn<ChangeClassView>('申请时间', 'createdAt', 150),
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: ChangeClassStatus) => <ChangeClassStatusTag status={status} />,
    },
    actionsColumn(190, (row) => (
      <>
        {canOpen && <DetailAction to={changeClassDetailPath(row.id)} />}
        <ChangeClassActions row={row} onDone={onDone} />
      </>
    )),
  ];
}

/**
 * 转班管理 (project staff): the students' class change applications, newest first, filtered by state
 * and student (name, ID number or mobile); a pending one is approved (the student moves at once),
 * rejected or cancelled with a reason; 详情 shows one with its audit.
 */
export function ChangeClassManagePage() {
  const [params] = useSearchParams();
  const list = useListCall('change-class/page', listChangeClassApplies, {
    status: readChoiceParam(params.get('status'), CHANGE_CLASS_STATUS),
  });
  const canOpen = useAccess().can(CHANGE_CLASS_DETAIL_PAGE);
  return (
    <ListPage
      title="转班管理"
      list={list}
      name="change-class-filters"
      filters={FILTERS}
      columns={columns(canOpen, list.reload)}
      columnsId="train-manage/change-class-manage"
    />
  );
}
