import type { ClassBatchModifyInput } from '@px/api/contract';
import { Form, message, Select, TreeSelect } from 'antd';
import { batchModifyClasses } from '../../../../api/train-class';
import { FieldGrid } from '../../../../components/FieldGrid';
import { FormModal } from '../../../../components/FormModal';
import type { CategoryOption } from '../../../resource-manage/components/category-tree';
import { type Choice, priceFen } from '../class-meta';
import { PriceField } from './ClassFields';
import { windowFields } from './WindowFields';

/** The fields of 批量修改; `amount` is yuan text. Empty fields are not changed. */
export interface BatchModifyValues {
  planId?: number;
  year?: number;
  categoryId?: number;
  amount?: string;
  enrolStartDate?: string;
  enrolEndDate?: string;
  studyStartDate?: string;
  studyEndDate?: string;
}

const DATE_FIELDS = ['enrolStartDate', 'enrolEndDate', 'studyStartDate', 'studyEndDate'] as const;

/** The `class/batch-modify` input of the filled fields only (the price in fen); null when none is filled. */
export function batchModifyPayload(ids: number[], values: BatchModifyValues): ClassBatchModifyInput | null {
  const payload: ClassBatchModifyInput = { ids };
  if (values.planId !== undefined) payload.planId = values.planId;
  if (values.year !== undefined) payload.year = values.year;
  if (values.categoryId !== undefined) payload.categoryId = values.categoryId;
  const fen = priceFen(values.amount);
  if (fen !== null) payload.amount = fen;
  for (const field of DATE_FIELDS) {
    if (values[field]) payload[field] = values[field];
  }
  return Object.keys(payload).length > 1 ? payload : null;
}

export interface BatchModifyModalProps {
  ids: number[];
  open: boolean;
  plans: Choice[];
  years: Choice[];
  categories: CategoryOption[];
  onClose: () => void;
  onDone: () => void;
}

/** 批量修改: sets any of plan, year, category, price and the four dates on the selected classes. */
export function BatchModifyModal({
  ids,
  open,
  plans,
  years,
  categories,
  onClose,
  onDone,
}: BatchModifyModalProps) {
  const [form] = Form.useForm<BatchModifyValues>();

  const submit = async (values: BatchModifyValues) => {
    const payload = batchModifyPayload(ids, values);
    if (!payload) {
      void message.warning('请至少填写一项要修改的内容');
      return;
    }
    await batchModifyClasses(payload);
    void message.success(`已修改 ${ids.length} 个班级`);
    onDone();
  };

  return (
    <FormModal<BatchModifyValues>
      open={open}
      title="批量修改班级"
      okText="修改"
      name="class-batch-modify-form"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      intro={`修改所选 ${ids.length} 个班级：只修改填写的项，留空的项保持不变；任一班级不符合要求时全部不修改。`}
    >
      <FieldGrid
        gutter={16}
        fields={[
          {
            name: 'planId',
            label: '培训计划',
            xs: 12,
            control: (
              <Select
                allowClear
                placeholder="不修改"
                options={plans}
                showSearch={{ optionFilterProp: 'label' }}
              />
            ),
          },
          {
            name: 'year',
            label: '年度',
            xs: 12,
            control: <Select allowClear placeholder="不修改" options={years} />,
          },
          {
            name: 'categoryId',
            label: '班级类型',
            xs: 12,
            control: (
              <TreeSelect allowClear treeDefaultExpandAll placeholder="不修改" treeData={categories} />
            ),
          },
          {
            key: 'amount',
            xs: 12,
            plain: true,
            control: <PriceField required={false} placeholder="不修改" />,
          },
          ...windowFields('enrolStartDate', 'enrolEndDate', '报名', false),
          ...windowFields('studyStartDate', 'studyEndDate', '学习', false),
        ]}
      />
    </FormModal>
  );
}
