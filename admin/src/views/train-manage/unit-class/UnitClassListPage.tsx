import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { UnitClassItem, UnitClassState } from '@px/api/contract';
import { ROLE_SYSTEM } from '@px/config';
import { Button, Card, Form, Input, InputNumber, Popconfirm, Select, Space } from 'antd';
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { deleteUnitClass, pageUnitClasses, setUnitClassState } from '../../../api/unit-class';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { type ListColumn, ListTable } from '../../../components/ListTable';
import { DeleteAction } from '../../../components/RowActions';
import { dateTimeColumn, orDash } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { usePagedList } from '../../../hooks/usePagedList';
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

interface Filters {
  unitId?: number;
  name?: string;
  year?: number;
  state?: UnitClassState;
}

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
  const list = usePagedList<Filters, UnitClassItem>(pageUnitClasses, {});
  const { busy, run } = useRowAction<number>(list.reload);

  const search = (values: Filters) =>
    list.search({
      unitId: values.unitId,
      name: values.name?.trim() || undefined,
      year: values.year ?? undefined,
      state: values.state,
    });

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
    {
      title: '操作',
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_value, row) => (
        <Space size={0}>
          {canOpenDetail && (
            <Link to={unitClassDetailPath(row.id)} style={{ padding: '0 8px' }}>
              详情
            </Link>
          )}
          {canCreate && (
            <Button type="link" size="small" onClick={() => navigate(unitClassFormPath(row.id))}>
              编辑
            </Button>
          )}
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
          <DeleteAction
            confirmTitle={`删除单位班级「${row.name}」？`}
            busy={busy === row.id}
            refusal={row.abilities.deleteRefusal ?? undefined}
            onDelete={() => run(row.id, () => deleteUnitClass(row.id), '单位班级已删除')}
          />
        </Space>
      ),
    },
  ];

  return (
    <Card title="单位班级">
      <ListFilterBar<Filters>
        name="unit-class-filters"
        onSearch={search}
        onReset={list.reset}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        {!isUnitManager && (
          <Form.Item name="unitId" label="单位">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="全部"
              loading={units.loading}
              options={units.choices}
              style={{ width: 200 }}
            />
          </Form.Item>
        )}
        <Form.Item name="name" label="名称">
          <Input allowClear maxLength={100} placeholder="名称的一部分" />
        </Form.Item>
        <Form.Item name="year" label="年度">
          <InputNumber min={2000} max={2100} precision={0} placeholder="全部" style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="state" label="状态">
          <Select
            allowClear
            placeholder="全部"
            options={[...UNIT_CLASS_STATE_OPTIONS]}
            style={{ width: 120 }}
          />
        </Form.Item>
      </ListFilterBar>
      {canCreate && (
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(unitClassFormPath())}>
            新建
          </Button>
        </Space>
      )}
      <ListTable<UnitClassItem>
        columnsId="train-manage/unit-class"
        rowKey="id"
        columns={columns}
        {...list.tableProps}
      />
    </Card>
  );
}
