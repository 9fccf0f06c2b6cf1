import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type TrainPlanItem, type TrainPlanStatus, trainPlanAllows } from '@px/api/contract';
import { Button } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { closeTrainPlan, deleteTrainPlan, listTrainPlans, publishTrainPlan } from '../../../api/train-plan';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DeleteAction } from '../../../components/RowActions';
import { dateTimeColumn, tagColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useRowAction } from '../../../hooks/useRowAction';
import { useSystemInfo } from '../../../hooks/useSystemInfo';
import { ConfirmAction } from '../components/ConfirmAction';
import {
  planPeriod,
  planYearOptions,
  TRAIN_PLAN_STATUS_COLOR,
  TRAIN_PLAN_STATUS_LABEL,
  TRAIN_PLAN_STATUS_OPTIONS,
  trainPlanDetailPath,
} from './train-plan-meta';
import { useIndustries } from './use-industries';

type PlanFilters = FiltersOf<'train-plan/page'>;

/** Why a plan cannot be deleted, or undefined when it can (the server decides in the end). */
export function planDeleteRefusal(plan: Pick<TrainPlanItem, 'status'>): string | undefined {
  return trainPlanAllows(plan.status, 'delete') ? undefined : '只有草稿状态的计划可以删除';
}

/**
 * 培训计划 (project staff): the project's plans with year, name, status and industry filters; create
 * and edit (创建计划), publish, close, publish again and delete drafts after confirmation.
 */
export function TrainPlanListPage() {
  const navigate = useNavigate();
  const list = useListCall('train-plan/page', listTrainPlans);
  const { busy: busyId, run } = useRowAction<number>(list.reload);
  // 新建, 编辑 and 查看 open the plan editor (创建计划), a page of its own grant.
  const canOpenDetail = useAccess().can('/train-manage/train-plan-detail');
  const industries = useIndustries();
  const systemInfo = useSystemInfo();
  const classStartYear = systemInfo.status === 'ready' ? systemInfo.settings.classStartYear : undefined;
  const years = useMemo(() => planYearOptions(classStartYear, new Date()), [classStartYear]);

  const filters: FilterField<PlanFilters>[] = [
    { kind: 'select', name: 'year', label: '年度', options: years, width: 110 },
    { kind: 'text', name: 'name', label: '计划名称', placeholder: '名称的一部分', maxLength: 100 },
    { kind: 'select', name: 'status', label: '状态', options: TRAIN_PLAN_STATUS_OPTIONS, width: 110 },
    {
      kind: 'select',
      name: 'industry',
      label: '所属行业',
      options: industries.options,
      loading: industries.loading,
      width: 140,
    },
  ];

  const columns: ListColumn<TrainPlanItem>[] = [
    { title: '年度', dataIndex: 'year', width: 80 },
    {
      title: '计划名称',
      dataIndex: 'name',
      width: 220,
      render: (name: string, plan) =>
        canOpenDetail ? <Link to={trainPlanDetailPath(plan.id)}>{name}</Link> : name,
    },
    { title: '所属行业', dataIndex: 'industryName', width: 110, optional: 'shown' },
    {
      title: '培训时间',
      key: 'period',
      width: 210,
      optional: 'shown',
      render: (_value, plan) => planPeriod(plan),
    },
    tagColumn<TrainPlanItem, TrainPlanStatus>(
      '状态',
      'status',
      90,
      TRAIN_PLAN_STATUS_LABEL,
      TRAIN_PLAN_STATUS_COLOR,
    ),
    { ...dateTimeColumn('更新时间', 'updatedAt'), optional: 'hidden' },
    actionsColumn(
      230,
      (plan) => {
        const busy = busyId === plan.id;
        return (
          <>
            {canOpenDetail && (
              <Link to={trainPlanDetailPath(plan.id)} style={{ padding: '0 8px' }}>
                {trainPlanAllows(plan.status, 'edit') ? '编辑' : '查看'}
              </Link>
            )}
            {trainPlanAllows(plan.status, 'publish') && (
              <ConfirmAction
                label={plan.status === 'CLOSED' ? '重新发布' : '发布'}
                title={`${plan.status === 'CLOSED' ? '重新发布' : '发布'}计划「${plan.name}」？`}
                description="发布后计划生效，可以在其下开设班级。"
                busy={busy}
                onConfirm={() => run(plan.id, () => publishTrainPlan(plan.id), '计划已发布')}
              />
            )}
            {trainPlanAllows(plan.status, 'close') && (
              <ConfirmAction
                label="关闭"
                title={`关闭计划「${plan.name}」？`}
                description="关闭后计划不能再修改，需要时可以重新发布。"
                busy={busy}
                danger
                onConfirm={() => run(plan.id, () => closeTrainPlan(plan.id), '计划已关闭')}
              />
            )}
            <DeleteAction
              confirmTitle={`删除计划「${plan.name}」？`}
              busy={busy}
              refusal={planDeleteRefusal(plan)}
              onDelete={() => run(plan.id, () => deleteTrainPlan(plan.id), '计划已删除')}
            />
          </>
        );
      },
      { wrap: true },
    ),
  ];

  return (
    <ListPage
      title="培训计划"
      list={list}
      name="train-plan-filters"
      filters={filters}
      columns={columns}
      columnsId="train-manage/train-plan-list"
      extra={
        canOpenDetail ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(trainPlanDetailPath())}>
            新建计划
          </Button>
        ) : undefined
      }
    />
  );
}
