import type { AffiliationOption } from '@px/api/contract';
import { Form, message, Select } from 'antd';
import { useEffect, useState } from 'react';
import { listAffiliationOptions, saveAffiliations } from '../../../../api/unit-affiliation';
import { FormModal } from '../../../../components/FormModal';

export interface AddAffiliationModalProps {
  open: boolean;
  /** The supervising unit. */
  unitId: number;
  /** The units under it now (they stay: the save sends the whole set). */
  currentIds: number[];
  onCancel: () => void;
  onSaved: () => void;
  afterClose?: () => void;
}

interface AddAffiliationValues {
  affiliatedUnitIds: number[];
}

const optionLabel = (option: AffiliationOption) =>
  option.creditCode ? `${option.name}（${option.creditCode}）` : option.name;

/**
 * 添加挂靠单位: picks units to affiliate under the unit from those that may come under it
 * (`unit/affiliation-options`: enabled, not itself, not above it, under no unit), then saves the
 * whole set (`unit/affiliation-save`); refused units are shown on the field.
 */
export function AddAffiliationModal(props: AddAffiliationModalProps) {
  const { open, unitId, currentIds } = props;
  const [form] = Form.useForm<AddAffiliationValues>();
  const [options, setOptions] = useState<AffiliationOption[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    listAffiliationOptions(unitId).then(
      (list) => live && setOptions(list.filter((option) => !currentIds.includes(option.id))),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [open, unitId, currentIds]);

  const save = async (values: AddAffiliationValues) => {
    await saveAffiliations({ unitId, affiliatedUnitIds: [...currentIds, ...values.affiliatedUnitIds] });
    void message.success(`已添加 ${values.affiliatedUnitIds.length} 个挂靠单位`);
    props.onSaved();
  };

  return (
    <FormModal
      open={open}
      title="添加挂靠单位"
      okText="添加"
      name="add-affiliation"
      form={form}
      initialValues={{ affiliatedUnitIds: [] }}
      onSubmit={save}
      onClose={props.onCancel}
      afterClose={props.afterClose}
      intro="只列出可以挂靠的单位：已启用、不是本单位或其上级主管单位、尚未挂靠在其他单位下。"
    >
      <Form.Item
        name="affiliatedUnitIds"
        label="挂靠单位"
        rules={[{ required: true, type: 'array', min: 1, message: '请选择挂靠单位' }]}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch
          optionFilterProp="label"
          loading={options === null}
          placeholder="输入单位名称或信用代码查找"
          notFoundContent={options === null ? '加载中…' : '没有可以挂靠的单位'}
          options={(options ?? []).map((option) => ({ value: option.id, label: optionLabel(option) }))}
        />
      </Form.Item>
    </FormModal>
  );
}
