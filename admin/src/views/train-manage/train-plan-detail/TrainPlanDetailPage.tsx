import { type TrainPlanItem, trainPlanAllows } from '@px/api/contract';
import { Alert, Button, Card, Form, Input, message, Select, Space, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { getTrainPlan, saveTrainPlan } from '../../../api/train-plan';
import { DateField } from '../../../components/DateFields';
import { FieldGrid, type GridField } from '../../../components/FieldGrid';
import { AddressRecordPending, type AddressTexts } from '../../../components/RecordPending';
import { UnsavedAlert } from '../../../components/UnsavedAlert';
import { useAddressRecord } from '../../../hooks/useAddressRecord';
import { useFormSave } from '../../../hooks/useFormSave';
import { useSystemInfo } from '../../../hooks/useSystemInfo';
import { validValuesOrWarn } from '../../../utils/form-errors';
import { maxChars, required } from '../../../utils/form-rules';
import {
  planYearOptions,
  TRAIN_PLAN_LIST_PATH,
  TRAIN_PLAN_STATUS_COLOR,
  TRAIN_PLAN_STATUS_LABEL,
} from '../train-plan-list/train-plan-meta';
import { useIndustries } from '../train-plan-list/use-industries';

/** The values of the plan form; dates as `YYYY-MM-DD` (what its date pickers hold). */
export interface TrainPlanFormValues {
  year?: number;
  name: string;
  industry?: string;
  startDate: string;
  endDate: string;
  description?: string;
}

function initialValues(plan: TrainPlanItem | null): TrainPlanFormValues {
  if (!plan) return { name: '', startDate: '', endDate: '', description: '' };
  return {
    year: plan.year,
    name: plan.name,
    industry: plan.industry,
    startDate: plan.startDate,
    endDate: plan.endDate,
    description: plan.description ?? '',
  };
}

/** The end date is not before the start date (both `YYYY-MM-DD`, so text order is date order). */
const endAfterStart: Rule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | undefined) => {
    const start = getFieldValue('startDate') as string | undefined;
    if (value && start && value < start) throw new Error('结束日期不能早于开始日期');
  },
});

/** The form of one plan: new (`plan` null), editable, or read-only when closed. */
function TrainPlanForm({ plan, onDone }: { plan: TrainPlanItem | null; onDone: () => void }) {
  const [form] = Form.useForm<TrainPlanFormValues>();
  const { saving, unshown, run, clearUnshown } = useFormSave(form);
  const industries = useIndustries();
  const systemInfo = useSystemInfo();
  const classStartYear = systemInfo.status === 'ready' ? systemInfo.settings.classStartYear : undefined;
  const years = useMemo(
    () => planYearOptions(classStartYear, new Date(), plan?.year),
    [classStartYear, plan],
  );
  const readOnly = plan !== null && !trainPlanAllows(plan.status, 'edit');
  const yearLocked = plan !== null && plan.status !== 'DRAFT';

  const save = async () => {
    clearUnshown();
    const values = await validValuesOrWarn(form);
    if (!values) return;
    await run(async () => {
      await saveTrainPlan({
        ...(plan ? { id: plan.id } : {}),
        year: values.year as number,
        name: values.name.trim(),
        industry: values.industry as string,
        startDate: values.startDate,
        endDate: values.endDate,
        description: values.description?.trim() ?? '',
      });
      void message.success(plan ? '计划已保存' : '计划已创建，发布后生效');
      onDone();
    });
  };

  const fields: GridField[] = [
    {
      name: 'year',
      label: '年度',
      extra: yearLocked && !readOnly ? '已发布的计划不能修改年度' : undefined,
      rules: [{ required: true, message: '请选择年度' }],
      control: <Select placeholder="请选择年度" options={years} disabled={yearLocked} />,
    },
    {
      name: 'industry',
      label: '所属行业',
      rules: [{ required: true, message: '请选择所属行业' }],
      control: (
        <Select
          placeholder="请选择所属行业"
          loading={industries.loading}
          options={industries.options}
          showSearch={{ optionFilterProp: 'label' }}
        />
      ),
    },
    {
      name: 'name',
      label: '计划名称',
      span: 24,
      rules: [required('请填写计划名称'), maxChars('计划名称', 100)],
      control: <Input maxLength={100} placeholder="例如 2025年度专业技术人员继续教育培训计划" />,
    },
    {
      name: 'startDate',
      label: '开始日期',
      rules: [{ required: true, message: '请选择开始日期' }],
      control: <DateField style={{ width: '100%' }} />,
    },
    {
      name: 'endDate',
      label: '结束日期',
      dependencies: ['startDate'],
      rules: [{ required: true, message: '请选择结束日期' }, endAfterStart],
      control: <DateField style={{ width: '100%' }} />,
    },
    {
      name: 'description',
      label: '计划说明',
      span: 24,
      rules: [maxChars('计划说明', 2000)],
      control: <Input.TextArea rows={5} maxLength={2000} showCount placeholder="培训对象、内容与要求等" />,
    },
  ];

  const title = plan ? `编辑培训计划 · ${plan.name}` : '新建培训计划';
  return (
    <Card
      title={
        <Space>
          {readOnly ? `查看培训计划 · ${plan?.name}` : title}
          {plan && (
            <Tag color={TRAIN_PLAN_STATUS_COLOR[plan.status]}>{TRAIN_PLAN_STATUS_LABEL[plan.status]}</Tag>
          )}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={onDone}>返回列表</Button>
          {!readOnly && (
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {plan ? '保存' : '创建计划'}
            </Button>
          )}
        </Space>
      }
    >
      {readOnly && (
        <Alert
          type="warning"
          showIcon
          title="该计划已关闭，不能修改；如需修改，请在培训计划列表中重新发布。"
          style={{ marginBottom: 16 }}
        />
      )}
      <UnsavedAlert messages={unshown} />
      <Form<TrainPlanFormValues>
        form={form}
        name="train-plan-form"
        layout="vertical"
        disabled={readOnly}
        initialValues={initialValues(plan)}
        style={{ maxWidth: 880 }}
      >
        <FieldGrid fields={fields} />
      </Form>
    </Card>
  );
}

/** What the train plan editor says of an address naming no record. */
const PLAN_ADDRESS: AddressTexts = {
  invalid: '计划编号无效',
  hint: '请从培训计划列表进入。',
  back: '返回培训计划列表',
};

/**
 * 创建计划 / 编辑培训计划: `?id=` edits a plan (a published plan keeps its year, a closed one is shown
 * read-only); without `id` it creates a draft. Saving returns to the plan list.
 */
export function TrainPlanDetailPage() {
  const { invalid, state } = useAddressRecord(getTrainPlan);
  const navigate = useNavigate();
  const back = () => navigate(TRAIN_PLAN_LIST_PATH);

  if (invalid || state.status !== 'ready') {
    return <AddressRecordPending invalid={invalid} state={state} texts={PLAN_ADDRESS} onBack={back} />;
  }
  return <TrainPlanForm key={state.record?.id ?? 'new'} plan={state.record} onDone={back} />;
}
