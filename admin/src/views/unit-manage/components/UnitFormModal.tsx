import type { RegionNode, UnitItem, UnitSaveInput } from '@px/api/contract';
import { isMobile, isUnifiedSocialCreditCode, VALIDATION_MESSAGES } from '@px/config';
import { Cascader, Checkbox, Form, Input, message } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { saveUnit } from '../../../api/unit';
import { FieldGrid, type GridField } from '../../../components/FieldGrid';
import { FormModal } from '../../../components/FormModal';
import { maxChars, required } from '../../../utils/form-rules';
import { regionCascaderValue, regionOptions, regionPathMatches } from '../../../utils/region-tree';

interface UnitFormValues {
  name: string;
  creditCode?: string;
  contactName?: string;
  contactMobile?: string;
  regionCode?: string;
  address?: string;
  trainTypes?: string[];
  remark?: string;
}

const creditCodeRule: Rule = {
  validator: async (_rule, value: string | undefined) => {
    const code = value?.trim().toUpperCase();
    if (code && !isUnifiedSocialCreditCode(code))
      throw new Error(VALIDATION_MESSAGES.unifiedSocialCreditCode);
  },
};

const mobileRule: Rule = {
  validator: async (_rule, value: string | undefined) => {
    const mobile = value?.trim();
    if (mobile && !isMobile(mobile)) throw new Error(VALIDATION_MESSAGES.mobile);
  },
};

/** The `unit/add-or-update` payload of the form's values: text trimmed, training types only when editable. */
export function unitPayloadOf(
  values: UnitFormValues,
  unit: UnitItem | undefined,
  withTrainTypes: boolean,
): UnitSaveInput {
  const text = (value: string | undefined) => value?.trim() ?? '';
  return {
    ...(unit ? { id: unit.id } : {}),
    name: text(values.name),
    creditCode: text(values.creditCode).toUpperCase(),
    contactName: text(values.contactName),
    contactMobile: text(values.contactMobile),
    regionCode: values.regionCode ?? '',
    address: text(values.address),
    ...(withTrainTypes ? { trainTypes: values.trainTypes ?? [] } : {}),
    remark: text(values.remark),
  };
}

export interface UnitFormModalProps {
  open: boolean;
  /** The unit to edit; undefined creates one. */
  unit: UnitItem | undefined;
  /** The project area's regions: where a unit may be. */
  regionTree: readonly RegionNode[];
  regionLoading: boolean;
  trainTypeOptions: { value: string; label: string }[];
  /** Unit managers cannot change their unit's training types: the field is shown read-only and not sent. */
  canEditTrainTypes: boolean;
  onCancel: () => void;
  onSaved: (unit: UnitItem) => void;
  afterClose?: () => void;
}

/** Creates or edits a unit (training institution / employer); the server's refusals appear on their fields. */
export function UnitFormModal(props: UnitFormModalProps) {
  const { open, unit, regionTree, regionLoading, trainTypeOptions, canEditTrainTypes } = props;
  const [form] = Form.useForm<UnitFormValues>();
  const options = useMemo(() => regionOptions(regionTree), [regionTree]);

  const save = async (values: UnitFormValues) => {
    const saved = await saveUnit(unitPayloadOf(values, unit, canEditTrainTypes));
    void message.success(unit ? '单位信息已保存' : '单位已添加');
    props.onSaved(saved);
  };

  const fields: GridField[] = [
    {
      name: 'name',
      label: '单位名称',
      rules: [required('请填写单位名称'), maxChars('单位名称', 100)],
      control: <Input maxLength={100} placeholder="与营业执照一致" />,
    },
    {
      name: 'creditCode',
      label: '统一社会信用代码',
      rules: [creditCodeRule],
      normalize: (value: string) => value.toUpperCase(),
      control: <Input maxLength={18} placeholder="18 位，例如 91370102MA3C4T0X04" />,
    },
    {
      name: 'contactName',
      label: '联系人',
      rules: [maxChars('联系人', 50)],
      control: <Input maxLength={50} />,
    },
    {
      name: 'contactMobile',
      label: '联系电话',
      rules: [mobileRule],
      control: <Input maxLength={11} placeholder="11 位手机号" />,
    },
    {
      name: 'regionCode',
      label: '所在地区',
      rules: [{ required: true, message: '请选择所在地区' }],
      getValueProps: (code: unknown) => ({
        value: typeof code === 'string' && code ? regionCascaderValue(regionTree, code) : undefined,
      }),
      normalize: (path: string[] | undefined) => (path?.length ? path[path.length - 1] : undefined),
      control: (
        <Cascader
          options={options}
          loading={regionLoading}
          changeOnSelect
          showSearch={{ filter: regionPathMatches }}
          placeholder="选择市或区县"
        />
      ),
    },
    {
      name: 'address',
      label: '详细地址',
      rules: [maxChars('详细地址', 200)],
      control: <Input maxLength={200} />,
    },
    {
      name: 'trainTypes',
      label: '培训类型',
      span: 24,
      extra: canEditTrainTypes ? undefined : '培训类型由项目管理员设置',
      control: <Checkbox.Group options={trainTypeOptions} disabled={!canEditTrainTypes} />,
    },
    {
      name: 'remark',
      label: '备注',
      span: 24,
      rules: [maxChars('备注', 500)],
      control: <Input.TextArea rows={3} maxLength={500} showCount />,
    },
  ];

  return (
    <FormModal
      open={open}
      title={unit ? '编辑单位' : '新增单位'}
      okText="保存"
      width={720}
      name="unit-form"
      form={form}
      initialValues={{
        name: unit?.name ?? '',
        creditCode: unit?.creditCode ?? '',
        contactName: unit?.contactName ?? '',
        contactMobile: unit?.contactMobile ?? '',
        regionCode: unit?.regionCode ?? undefined,
        address: unit?.address ?? '',
        trainTypes: unit?.trainTypes ?? [],
        remark: unit?.remark ?? '',
      }}
      onSubmit={save}
      onClose={props.onCancel}
      afterClose={props.afterClose}
    >
      <FieldGrid gutter={16} fields={fields} />
    </FormModal>
  );
}
