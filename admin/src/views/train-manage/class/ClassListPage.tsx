import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type ClassItem, fenToYuan } from '@px/api/contract';
import { formatDateRange } from '@px/config';
import { Button, Drawer, Flex, InputNumber, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { exportClasses, listClasses } from '../../../api/train-class';
import type { ListColumn } from '../../../components/ListTable';
import { ExportButton, type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { useAccess } from '../../../hooks/useAccess';
import { type RowAction, useRowAction } from '../../../hooks/useRowAction';
import type { CategoryOption } from '../../resource-manage/components/category-tree';
import { ClassCategoryTree } from '../components/ClassCategoryTree';
import {
  type Choice,
  CLASS_SHELF_OPTIONS,
  classDetailPath,
  otherEnrolmentsText,
  planOptions,
} from './class-meta';
import { AmountModal } from './components/AmountModal';
import { BatchCopyModal } from './components/BatchCopyModal';
import { ClassBatchBar } from './components/ClassBatchBar';
import { ClassRowActions } from './components/ClassRowActions';
import { useClassCategories, useClassYears, useTrainPlans } from './use-class-options';
import { type SortEditing, useSortEditing } from './use-sort-editing';

/** 上报监管平台, loaded after the list (reporting is a step of few pages' visits). */
const ClassPushBar = lazy(() =>
  import('./components/ClassPushBar').then((module) => ({ default: module.ClassPushBar })),
);

/** 批量修改, loaded when first opened: its date pickers stay out of the list's first load. */
const BatchModifyModal = lazy(() =>
  import('./components/BatchModifyModal').then((module) => ({ default: module.BatchModifyModal })),
);

/** The file name of 导出. */
export const CLASS_EXPORT_FILE = '班级列表.xlsx';

/**
 * The columns of the class table; the sort column edits numbers while sorting (and shows then).
 * Shown by default they fit the list at 1280 px; 培训计划, the enrolment and study windows and 排序
 * are a pick away (列设置).
 */
function classColumns(
  action: RowAction<number>,
  sorting: SortEditing,
  onChangePrice: (item: ClassItem) => void,
  canEdit: boolean,
): ListColumn<ClassItem>[] {
  return [
    {
      title: '班级名称',
      dataIndex: 'name',
      key: 'name',
      width: 180,
      render: (name: string, item) => (canEdit ? <Link to={classDetailPath(item.id)}>{name}</Link> : name),
    },
    {
      title: '状态',
      key: 'state',
      width: 90,
      ellipsis: false,
      render: (_value, item) => (
        <Space size={4} wrap>
          {item.onShelf ? <Tag color="success">已上架</Tag> : <Tag>已下架</Tag>}
          {item.offered ? <Tag color="processing">在售</Tag> : <Tag>未在售</Tag>}
        </Space>
      ),
    },
    { title: '年度', dataIndex: 'year', key: 'year', width: 64, optional: 'shown' },
    { title: '培训计划', dataIndex: 'planName', key: 'plan', width: 180, optional: 'hidden' },
    { title: '班级类型', dataIndex: 'categoryPath', key: 'category', width: 130, optional: 'shown' },
    {
      title: '价格(元)',
      dataIndex: 'amount',
      key: 'amount',
      width: 96,
      align: 'right',
      render: (fen: number) => fenToYuan(fen),
    },
    {
      title: '学时(必/选)',
      key: 'hours',
      width: 118,
      optional: 'shown',
      render: (_value, item) => `${item.requiredHours} / ${item.electiveHours}`,
    },
    {
      title: '报名时间',
      key: 'enrol',
      width: 210,
      optional: 'hidden',
      render: (_value, item) => formatDateRange(item.enrolStartDate, item.enrolEndDate),
    },
    {
      title: '学习时间',
      key: 'study',
      width: 210,
      optional: 'hidden',
      render: (_value, item) => formatDateRange(item.studyStartDate, item.studyEndDate),
    },
    {
      // Paid enrolments; the unpaid and the refunded or changed out under them, when any.
      title: '报名人数',
      dataIndex: 'enrolledCount',
      key: 'enrolled',
      width: 90,
      align: 'right',
      optional: 'shown',
      render: (count: number, item) => {
        const others = otherEnrolmentsText(item);
        return others ? (
          <Flex vertical align="flex-end">
            {count}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {others}
            </Typography.Text>
          </Flex>
        ) : (
          count
        );
      },
    },
    {
      title: '排序',
      dataIndex: 'sort',
      key: 'sort',
      width: 110,
      // Always shown while the order is being edited.
      ...(sorting.editing ? {} : { optional: 'hidden' as const }),
      render: (sort: number, item) =>
        sorting.editing ? (
          <InputNumber
            aria-label={`排序 ${item.name}`}
            size="small"
            min={0}
            max={100000}
            precision={0}
            value={sorting.numberOf(item)}
            onChange={(value) => value !== null && sorting.change(item.id, value)}
            style={{ width: 90 }}
          />
        ) : (
          sort
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 176,
      fixed: 'right',
      render: (_value, item) => (
        <ClassRowActions item={item} action={action} onChangePrice={onChangePrice} canEdit={canEdit} />
      ),
    },
  ];
}

/** The filters of the class list. */
function classFilters(
  years: Choice[],
  plans: Choice[],
  categories: CategoryOption[],
): FilterField<FiltersOf<'class/page'>>[] {
  return [
    { kind: 'text', name: 'name', label: '班级名称', placeholder: '名称的一部分', maxLength: 100 },
    { kind: 'select', name: 'year', label: '年度', options: years, width: 110 },
    { kind: 'select', name: 'planId', label: '培训计划', options: plans, searchable: true, width: 220 },
    { kind: 'tree', name: 'categoryId', label: '班级类型', treeData: categories, width: 180 },
    { kind: 'select', name: 'shelf', label: '上架状态', options: CLASS_SHELF_OPTIONS, width: 110 },
  ];
}

/**
 * 班级管理 (project staff): the project's classes with filters, row actions (编辑, 复制, 上架/下架,
 * 改价, 删除), batch actions on the selected rows, 调整排序, 导出 and the 班级分类 drawer.
 */
export function ClassListPage() {
  const navigate = useNavigate();
  const list = useListCall('class/page', listClasses);
  const action = useRowAction<number>(list.reload);
  const plans = useTrainPlans();
  const categories = useClassCategories();
  const years = useClassYears();
  const planChoices = useMemo(() => planOptions(plans.items), [plans.items]);
  const [selected, setSelected] = useState<number[]>([]);
  const [pricing, setPricing] = useState<ClassItem | null>(null);
  const [dialog, setDialog] = useState<'copy' | 'modify' | null>(null);
  // Mounted from its first opening on (so it closes with its animation and loads only when needed).
  const [modifyUsed, setModifyUsed] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const sorting = useSortEditing(list.rows, list.reload);

  const afterBatch = () => {
    setDialog(null);
    setSelected([]);
    list.reload();
  };
  const closeCategories = () => {
    setCategoriesOpen(false);
    categories.reload();
  };
  // 新建 and 编辑 open the class editor, a page of its own grant.
  const canEdit = useAccess().can('/train-manage/train-class-detail');
  const columns = classColumns(action, sorting, setPricing, canEdit);

  return (
    <ListPage
      title="班级管理"
      list={list}
      name="class-filters"
      filters={classFilters(years, planChoices, categories.items)}
      columns={columns}
      columnsId="train-manage/class"
      selection={{ selected, onChange: setSelected }}
      extra={
        <Space wrap>
          <Button icon={<ApartmentOutlined />} onClick={() => setCategoriesOpen(true)}>
            班级分类
          </Button>
          <ExportButton download={() => exportClasses(list.filters)} fileName={CLASS_EXPORT_FILE} />
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(classDetailPath())}>
              新建班级
            </Button>
          )}
        </Space>
      }
      header={
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
          <ClassBatchBar
            ids={selected}
            onDone={afterBatch}
            onCopy={() => setDialog('copy')}
            onModify={() => {
              setModifyUsed(true);
              setDialog('modify');
            }}
            onClear={() => setSelected([])}
          />
          <Suspense fallback={null}>
            <ClassPushBar ids={selected} />
          </Suspense>
          {sorting.editing ? (
            <Space>
              <Button onClick={sorting.cancel} disabled={sorting.saving}>
                取消排序
              </Button>
              <Button type="primary" loading={sorting.saving} onClick={() => void sorting.save()}>
                保存排序
              </Button>
            </Space>
          ) : (
            <Button onClick={sorting.start} disabled={list.rows.length === 0}>
              调整排序
            </Button>
          )}
        </Flex>
      }
    >
      <AmountModal
        item={pricing}
        onClose={() => setPricing(null)}
        onSaved={() => {
          setPricing(null);
          list.reload();
        }}
      />
      <BatchCopyModal
        ids={selected}
        open={dialog === 'copy'}
        plans={planChoices}
        years={years}
        onClose={() => setDialog(null)}
        onDone={afterBatch}
      />
      {modifyUsed && (
        <Suspense fallback={null}>
          <BatchModifyModal
            ids={selected}
            open={dialog === 'modify'}
            plans={planChoices}
            years={years}
            categories={categories.items}
            onClose={() => setDialog(null)}
            onDone={afterBatch}
          />
        </Suspense>
      )}
      <Drawer title="班级分类" open={categoriesOpen} onClose={closeCategories} size={560} destroyOnHidden>
        <ClassCategoryTree />
      </Drawer>
    </ListPage>
  );
}
