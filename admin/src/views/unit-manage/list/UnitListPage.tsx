import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { RecordStatus, UnitItem } from '@px/api/contract';
import { Button, Cascader, Flex, Space, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { listUnits, setUnitStatus } from '../../../api/unit';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DetailAction, StatusAction } from '../../../components/RowActions';
import { STATUS_OPTIONS } from '../../../components/StatusTag';
import { orDash, statusColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useRegionTree } from '../../../hooks/useRegionTree';
import { useRowAction } from '../../../hooks/useRowAction';
import { regionOptions, regionPathMatches } from '../../../utils/region-tree';
import { UnitFormModal } from '../components/UnitFormModal';
import { useTrainTypes } from '../hooks/useTrainTypes';
import { BatchTrainTypeModal } from './components/BatchTrainTypeModal';

/** The detail page of a unit. */
export function unitDetailPath(unitId: number): string {
  return `/unit-manage/detail?id=${unitId}`;
}

/**
 * 培训机构 (project staff): the project's units with filters (name, credit code, region, training
 * type with its number of units, status);
 * add and edit, enable and disable, training types of the selected units at once, and each unit's
 * detail page.
 */
export function UnitListPage() {
  const list = useListCall('unit/list', listUnits);
  const region = useRegionTree();
  const trainTypes = useTrainTypes();
  const regionChoices = useMemo(() => regionOptions(region.tree), [region.tree]);
  const [editor, setEditor] = useState<{ open: boolean; unit?: UnitItem } | null>(null);
  const [batch, setBatch] = useState<{ open: boolean; unitIds: number[] } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const { busy: busyId, run } = useRowAction<number>(list.reload);
  const canOpenDetail = useAccess().can('/unit-manage/detail');

  const changeStatus = (unit: UnitItem, status: RecordStatus) =>
    run(unit.id, () => setUnitStatus(unit.id, status), status === 'ENABLED' ? '单位已启用' : '单位已停用');

  const columns: ListColumn<UnitItem>[] = [
    {
      title: '单位名称',
      dataIndex: 'name',
      width: 150,
      render: (name: string, unit) =>
        canOpenDetail ? <Link to={unitDetailPath(unit.id)}>{name}</Link> : name,
    },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 200, optional: 'shown', render: orDash },
    { title: '联系人', dataIndex: 'contactName', width: 90, render: orDash },
    { title: '联系电话', dataIndex: 'contactMobile', width: 120, optional: 'shown', render: orDash },
    { title: '所在地区', dataIndex: 'regionName', width: 160, optional: 'hidden', render: orDash },
    {
      title: '培训类型',
      dataIndex: 'trainTypes',
      width: 140,
      optional: 'shown',
      ellipsis: false,
      render: (codes: string[]) =>
        codes.length ? (
          <Flex wrap gap={4}>
            {codes.map((code) => (
              <Tag key={code}>{trainTypes.labelOf(code)}</Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    statusColumn(80),
    actionsColumn(170, (unit) => (
      <>
        {canOpenDetail && <DetailAction to={unitDetailPath(unit.id)} />}
        <Button type="link" size="small" onClick={() => setEditor({ open: true, unit })}>
          编辑
        </Button>
        <StatusAction
          enabled={unit.status === 'ENABLED'}
          confirmTitle={`停用单位「${unit.name}」？`}
          confirmDescription="停用后该单位的单位管理员不能登录，学员也不能再通过该单位注册。"
          busy={busyId === unit.id}
          onDisable={() => changeStatus(unit, 'DISABLED')}
          onEnable={() => changeStatus(unit, 'ENABLED')}
        />
      </>
    )),
  ];

  const filters: FilterField<FiltersOf<'unit/list'>>[] = [
    { kind: 'text', name: 'name', label: '单位名称', placeholder: '名称的一部分', maxLength: 100 },
    {
      kind: 'text',
      name: 'creditCode',
      label: '信用代码',
      placeholder: '统一社会信用代码',
      maxLength: 18,
      upperCase: true,
    },
    {
      kind: 'custom',
      name: 'region',
      label: '所在地区',
      // The path of codes chosen; the list is filtered by its last (the region and those under it).
      toFilters: (path?: string[]) => ({ regionCode: path?.at(-1) }),
      control: (
        <Cascader
          options={regionChoices}
          loading={region.loading}
          changeOnSelect
          showSearch={{ filter: regionPathMatches }}
          placeholder="全部"
          style={{ width: 220 }}
        />
      ),
    },
    {
      kind: 'select',
      name: 'trainType',
      label: '培训类型',
      options: trainTypes.countedOptions,
      loading: trainTypes.loading,
      width: 160,
    },
    { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 120 },
  ];

  return (
    <ListPage
      title="培训机构"
      list={list}
      name="unit-filters"
      filters={filters}
      barStyle={{ rowGap: 12, marginBottom: 16 }}
      columns={columns}
      columnsId="unit-manage/list"
      selection={{ selected, onChange: setSelected }}
      header={
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ open: true })}>
            新增单位
          </Button>
          <Tooltip title={selected.length ? undefined : '请先勾选单位'}>
            <Button
              disabled={selected.length === 0}
              onClick={() => setBatch({ open: true, unitIds: selected })}
            >
              修改培训类型{selected.length ? `（${selected.length}）` : ''}
            </Button>
          </Tooltip>
        </Space>
      }
    >
      {editor && (
        <UnitFormModal
          open={editor.open}
          unit={editor.unit}
          regionTree={region.tree}
          regionLoading={region.loading}
          trainTypeOptions={trainTypes.options}
          canEditTrainTypes
          onCancel={() => setEditor({ ...editor, open: false })}
          onSaved={() => {
            setEditor({ ...editor, open: false });
            list.reload();
          }}
          afterClose={() => setEditor(null)}
        />
      )}
      {batch && (
        <BatchTrainTypeModal
          open={batch.open}
          unitIds={batch.unitIds}
          trainTypeOptions={trainTypes.options}
          onCancel={() => setBatch({ ...batch, open: false })}
          onSaved={() => {
            setBatch({ ...batch, open: false });
            setSelected([]);
            list.reload();
          }}
          afterClose={() => setBatch(null)}
        />
      )}
    </ListPage>
  );
}
