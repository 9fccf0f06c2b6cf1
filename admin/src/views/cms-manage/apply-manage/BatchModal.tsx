import {
  CMS_OPTIONAL_FIELD_LABEL,
  CMS_OPTIONAL_FIELDS,
  type CmsBatchRow,
  type CmsBatchSaveInput,
  type CmsOptionalField,
  type SkillLevel,
} from '@px/api/contract';
import { fenToYuan, yuanToFen } from '@px/config';
import { Button, Checkbox, Form, Input, InputNumber, message, Space, Switch } from 'antd';
import { saveCmsBatch } from '../../../api/cms';
import { DateField } from '../../../components/DateFields';
import { FormModal } from '../../../components/FormModal';
import { VocationPicker } from '../../../components/VocationPicker';
import { required } from '../../../utils/form-rules';
import { LEVEL_OPTIONS } from '../cms-meta';

interface BatchValues {
  name: string;
  /** The code of a 职业 or 工种 of the vocational resource tree. */
  occupationCode?: string;
  levels: SkillLevel[];
  /** Yuan as typed. */
  fee: string;
  applyFrom: string;
  applyTo: string;
  capacity: number;
  requiredFields: CmsOptionalField[];
  notice: string;
  enabled: boolean;
  subjects: { id?: number; name: string; fullMark: number; passMark: number }[];
  issueCertificate: boolean;
  issuer: string;
}

const FIELD_OPTIONS = CMS_OPTIONAL_FIELDS.map((field) => ({
  value: field,
  label: CMS_OPTIONAL_FIELD_LABEL[field],
}));

function valuesOf(batch: CmsBatchRow | null): Partial<BatchValues> {
  if (!batch)
    return {
      levels: [],
      fee: '0',
      capacity: 100,
      requiredFields: ['photo'],
      enabled: true,
      subjects: [{ name: '理论知识', fullMark: 100, passMark: 60 }],
      issueCertificate: false,
    };
  return {
    name: batch.name,
    occupationCode: batch.occupationCode ?? undefined,
    levels: batch.levels,
    fee: fenToYuan(batch.fee),
    applyFrom: batch.applyFrom,
    applyTo: batch.applyTo,
    capacity: batch.capacity,
    requiredFields: batch.requiredFields,
    notice: batch.notice ?? '',
    enabled: batch.enabled,
    subjects: batch.subjects,
    issueCertificate: batch.issueCertificate,
    issuer: batch.issuer ?? '',
  };
}

/** 新增批次 / 编辑批次: the batch's registration (levels, fee, window, capacity, required fields) and its subjects. */
export function BatchModal({
  batch,
  open,
  onClose,
  onSaved,
  afterClose,
}: {
  batch: CmsBatchRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<BatchValues>();
  return (
    <FormModal<BatchValues>
      open={open}
      afterClose={afterClose}
      title={batch ? '编辑批次' : '新增批次'}
      okText="保存"
      name="cms-batch"
      form={form}
      width={720}
      values={valuesOf(batch)}
      showOtherErrors
      onSubmit={async (values) => {
        const payload: CmsBatchSaveInput = {
          id: batch?.id,
          name: values.name,
          occupationCode: values.occupationCode ?? '',
          levels: values.levels,
          fee: yuanToFen(values.fee) ?? 0,
          applyFrom: values.applyFrom,
          applyTo: values.applyTo,
          capacity: values.capacity,
          requiredFields: values.requiredFields ?? [],
          notice: values.notice || undefined,
          enabled: values.enabled,
          subjects: values.subjects,
          issueCertificate: values.issueCertificate,
          certificateTemplateId: batch?.certificateTemplateId ?? undefined,
          issuer: values.issuer || undefined,
        };
        await saveCmsBatch(payload);
        void message.success('已保存');
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.Item name="name" label="批次名称" rules={[required('请填写批次名称')]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="occupationCode"
        label="职业（工种）"
        rules={[{ required: true, message: '请选择职业（工种）' }]}
        extra={
          batch && !batch.occupationCode
            ? `原职业（工种）「${batch.occupation}」不在职业工种目录中，请从目录中选择`
            : undefined
        }
      >
        <VocationPicker kept={batch && { code: batch.occupationCode, name: batch.occupation }} />
      </Form.Item>
      <Form.Item name="levels" label="报考等级" rules={[{ required: true, message: '请选择报考等级' }]}>
        <Checkbox.Group options={LEVEL_OPTIONS} />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item
          name="fee"
          label="报名费（元，0 为免费）"
          rules={[
            {
              validator: async (_rule, value: string) => {
                if (yuanToFen(value ?? '') === null) throw new Error('请填写不小于 0 的金额，最多两位小数');
              },
            },
          ]}
        >
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="capacity"
          label="报名人数上限"
          rules={[{ required: true, message: '请填写报名人数上限' }]}
        >
          <InputNumber min={1} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="applyFrom"
          label="报名开始日期"
          rules={[{ required: true, message: '请选择报名开始日期' }]}
        >
          <DateField style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="applyTo"
          label="报名截止日期"
          rules={[{ required: true, message: '请选择报名截止日期' }]}
        >
          <DateField style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Form.Item name="requiredFields" label="必填项（姓名、身份证号、手机号始终必填）">
        <Checkbox.Group options={FIELD_OPTIONS} />
      </Form.Item>
      <Form.Item label="考试科目" required>
        <Form.List name="subjects">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="baseline" wrap>
                  {/* A kept subject keeps its id (and its scores). */}
                  <Form.Item name={[field.name, 'id']} hidden>
                    <InputNumber />
                  </Form.Item>
                  <Form.Item name={[field.name, 'name']} rules={[required('请填写科目名称')]}>
                    <Input placeholder="科目名称" maxLength={30} style={{ width: 180 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'fullMark']}
                    rules={[{ required: true, message: '请填写满分' }]}
                  >
                    <InputNumber placeholder="满分" min={0} max={1000} precision={1} prefix="满分" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'passMark']}
                    rules={[{ required: true, message: '请填写及格分' }]}
                  >
                    <InputNumber placeholder="及格分" min={0} max={1000} precision={1} prefix="及格" />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button type="link" danger onClick={() => remove(field.name)}>
                      删除
                    </Button>
                  )}
                </Space>
              ))}
              {fields.length < 10 && (
                <Button onClick={() => add({ name: '', fullMark: 100, passMark: 60 })}>添加科目</Button>
              )}
            </>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="notice" label="报名须知">
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
      <Space size={32}>
        <Form.Item name="enabled" label="开放报名" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="issueCertificate" label="合格发放技能等级证书" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="issuer" label="发证机构">
          <Input maxLength={100} style={{ width: 220 }} />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
