import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { UnitClassItem, UnitClassState } from '@px/api/contract';
import { ROLE_SYSTEM } from '@px/config';
import { Button, InputNumber, Popconfirm, Space } from 'antd';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { deleteUnitClass, pageUnitClasses, setUnitClassState } from '../../../api/unit-class';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DetailAction, editDeleteActions } from '../../../components/RowActions';
import { dateTimeColumn, orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useRowAction } from '../../../hooks/useRowAction';
import { useUnitChoices } from '../../../hooks/useUnitChoices';
import { accountInfoAtom } from '../../../store/session';
import { UNIT_CLASS_STATE_OPTIONS, UnitClassStateTag } from './UnitClassStateTag';
import {
  UNIT_CLASS_CREATE_PAGE,
  UNIT_CLASS_DETAIL_PAGE,
  unitClassDetailPath,
  unitClassFormPath,
} from './unit-class-paths';

/**
 * 单位班级: the unit classes the caller may see (a unit manager: their own unit's) with filters
 * (unit for project staff, name, year, state); 新建 opens 创建单位班级; each row's 详情, 编辑,
 * 关闭/开启 as its abilities allow, and 删除 (disabled with the server's reason while it has students
 * or transfer records).
 */
export function UnitClassListPage() {
  const navigate = useNavigate();
  const account = useAtomValue(accountInfoAtom);
  const isUnitManager = account?.roleRP.roleSystem === ROLE_SYSTEM.UNIT;
  const access = useAccess();
  const canOpenDetail = access.can(UNIT_CLASS_DETAIL_PAGE);
  const canCreate = access.can(UNIT_CLASS_CREATE_PAGE);
  const units = useUnitChoices();
  const list = useListCall('unit-class/page', pageUnitClasses);
  const { busy, run } = useRowAction<number>(list.reload);

  const filters: FilterField<FiltersOf<'unit-class/page'>>[] = [
    ...(isUnitManager
      ? []
      : [
          {
            kind: 'select',
            name: 'unitId',
            label: '单位',
            options: units.choices,
            searchable: true,
            loading: units.loading,
            width: 200,
          } as const,
        ]),
    { kind: 'text', name: 'name', label: '名称', placeholder: '名称的一部分', maxLength: 100 },
    {
      kind: 'custom',
      name: 'year',
      label: '年度',
      control: <InputNumber min={2000} max={2100} precision={0} placeholder="全部" style={{ width: 110 }} />,
    },
    { kind: 'select', name: 'state', label: '状态', options: UNIT_CLASS_STATE_OPTIONS, width: 120 },
  ];

  const columns: ListColumn<UnitClassItem>[] = [
    {
      title: '单位班级',
      dataIndex: 'name',
      width: 170,
      render: (name: string, row) =>
        canOpenDetail ? <Link to={unitClassDetailPath(row.id)}>{name}</Link> : name,
    },
    ...(isUnitManager ? [] : [{ title: '单位', dataIndex: 'unitName', width: 140 }]),
    { title: '班级', dataIndex: 'className', width: 170 },
    { title: '年度', dataIndex: 'year', width: 64, optional: 'hidden' },
    {
      title: '学员（已有/计划）',
      key: 'students',
      width: 160,
      ellipsis: false,
      render: (_value, row) => `${row.studentCount} / ${row.plannedStudents}`,
    },
    { title: '联系人', dataIndex: 'contactName', width: 90, optional: 'hidden', render: orDash },
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (state: UnitClassState) => <UnitClassStateTag state={state} />,
    },
    { ...dateTimeColumn('创建时间', 'createdAt'), optional: 'hidden' },
    actionsColumn(220, (row) => (
      <>
        {canOpenDetail && <DetailAction to={unitClassDetailPath(row.id)} />}
        {editDeleteActions({
          abilities: row.abilities,
          onEdit: canCreate ? () => navigate(unitClassFormPath(row.id)) : undefined,
          between: (
            <>
              {row.abilities.canClose && (
                <Popconfirm
                  title={`关闭单位班级「${row.name}」？`}
                  description="关闭后可再开启。"
                  okText="关闭"
                  cancelText="取消"
                  onConfirm={() => run(row.id, () => setUnitClassState(row.id, 'CLOSED'), '单位班级已关闭')}
                >
                  <Button type="link" size="small" disabled={busy === row.id}>
                    关闭
                  </Button>
                </Popconfirm>
              )}
              {row.abilities.canOpen && (
                <Button
                  type="link"
                  size="small"
                  disabled={busy === row.id}
                  onClick={() => run(row.id, () => setUnitClassState(row.id, 'OPEN'), '单位班级已开启')}
                >
                  开启
                </Button>
              )}
            </>
          ),
          deleteTitle: `删除单位班级「${row.name}」？`,
          busy: busy === row.id,
          onDelete: () => run(row.id, () => deleteUnitClass(row.id), '单位班级已删除'),
        })}
      </>
    )),
  ];

  return (
    <ListPage
      title="单位班级"
      list={list}
      name="unit-class-filters"
      filters={filters}
      barStyle={{ rowGap: 12, marginBottom: 16 }}
      columns={columns}
      columnsId="train-manage/unit-class"
      header={
        canCreate && (
          <Space style={{ marginBottom: 16 }}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(unitClassFormPath())}>
              新建
            </Button>
          </Space>
        )
      }
    />
  );
}
