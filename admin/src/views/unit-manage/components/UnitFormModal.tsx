import type { RegionNode, UnitItem, UnitSaveInput } from '@px/api/contract';
import { isMobile, isUnifiedSocialCreditCode, VALIDATION_MESSAGES } from '@px/config';
import { Cascader, Checkbox, Col, Form, Input, Modal, message, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, useState } from 'react';
import { saveUnit } from '../../../api/unit';
import { showServerFieldErrors } from '../../../utils/form-errors';
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
  const [saving, setSaving] = useState(false);
  const options = useMemo(() => regionOptions(regionTree), [regionTree]);

  const submit = async () => {
    let values: UnitFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const saved = await saveUnit(unitPayloadOf(values, unit, canEditTrainTypes));
      void message.success(unit ? '单位信息已保存' : '单位已添加');
      props.onSaved(saved);
    } catch (error) {
      showServerFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={unit ? '编辑单位' : '新增单位'}
      okText="保存"
      width={720}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={props.onCancel}
      afterClose={props.afterClose}
      mask={{ closable: false }}
    >
      <Form
        form={form}
        name="unit-form"
        layout="vertical"
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
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label="单位名称"
              rules={[
                { required: true, whitespace: true, message: '请填写单位名称' },
                { max: 100, message: '单位名称不能超过 100 个字符' },
              ]}
            >
              <Input maxLength={100} placeholder="与营业执照一致" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="creditCode"
              label="统一社会信用代码"
              rules={[creditCodeRule]}
              normalize={(value: string) => value.toUpperCase()}
            >
              <Input maxLength={18} placeholder="18 位，例如 91370102MA3C4T0X04" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="contactName"
              label="联系人"
              rules={[{ max: 50, message: '联系人不能超过 50 个字符' }]}
            >
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactMobile" label="联系电话" rules={[mobileRule]}>
              <Input maxLength={11} placeholder="11 位手机号" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="regionCode"
              label="所在地区"
              rules={[{ required: true, message: '请选择所在地区' }]}
              getValueProps={(code: unknown) => ({
                value: typeof code === 'string' && code ? regionCascaderValue(regionTree, code) : undefined,
              })}
              normalize={(path: string[] | undefined) => (path?.length ? path[path.length - 1] : undefined)}
            >
              <Cascader
                options={options}
                loading={regionLoading}
                changeOnSelect
                showSearch={{ filter: regionPathMatches }}
                placeholder="选择市或区县"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="address"
              label="详细地址"
              rules={[{ max: 200, message: '详细地址不能超过 200 个字符' }]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="trainTypes"
              label="培训类型"
              extra={canEditTrainTypes ? undefined : '培训类型由项目管理员设置'}
            >
              <Checkbox.Group options={trainTypeOptions} disabled={!canEditTrainTypes} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注不能超过 500 个字符' }]}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
