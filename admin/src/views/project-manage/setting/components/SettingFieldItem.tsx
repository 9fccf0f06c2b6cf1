import type { RegionNode } from '@px/api/contract';
import { Cascader, Checkbox, Form, Input, InputNumber, Radio, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { regionCascaderValue, regionOptions, regionPathMatches } from '../../../../utils/region-tree';
import type { SettingField } from '../setting-fields';

export interface SettingFieldItemProps {
  field: SettingField;
  /** The country's provinces and cities, for the project area. */
  regionTree: readonly RegionNode[];
  regionLoading: boolean;
  /** Set when the setting is shown read-only: why (e.g. 由平台管理员设置), shown beside its meaning. */
  lockedNote?: string;
}

function rulesOf(field: SettingField): Rule[] {
  const { kind, label } = field;
  switch (kind.type) {
    case 'text':
      return [
        ...(kind.required ? [{ required: true, whitespace: true, message: `请填写${label}` }] : []),
        { max: kind.max, message: `${label}不能超过 ${kind.max} 个字符` },
      ];
    case 'integer': {
      const range = kind.max === undefined ? `不小于 ${kind.min}` : `在 ${kind.min} 到 ${kind.max} 之间`;
      return [
        { required: true, message: `请填写${label}` },
        { type: 'integer', min: kind.min, max: kind.max, message: `${label}应${range}，且为整数` },
      ];
    }
    case 'checkboxes':
      return kind.required
        ? [{ required: true, type: 'array', min: 1, message: `请至少选择一种${label}` }]
        : [];
    case 'region':
      return [{ required: true, message: `请选择${label}` }];
    default:
      return [];
  }
}

/** One setting as a form item: its editor, its rules and its meaning as help text. */
export function SettingFieldItem({ field, regionTree, regionLoading, lockedNote }: SettingFieldItemProps) {
  const { kind } = field;
  const disabled = lockedNote !== undefined;
  const common = {
    name: field.name,
    label: field.label,
    extra: disabled && lockedNote ? `${field.help}（${lockedNote}）` : field.help,
    rules: disabled ? [] : rulesOf(field),
  };
  switch (kind.type) {
    case 'text':
      return (
        <Form.Item {...common}>
          {kind.multiline ? (
            <Input.TextArea
              rows={3}
              maxLength={kind.max}
              placeholder={kind.placeholder}
              disabled={disabled}
            />
          ) : (
            <Input maxLength={kind.max} placeholder={kind.placeholder} disabled={disabled} />
          )}
        </Form.Item>
      );
    case 'flag':
      return (
        <Form.Item
          {...common}
          getValueProps={(value: unknown) => ({ checked: value === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch checkedChildren={kind.on} unCheckedChildren={kind.off} disabled={disabled} />
        </Form.Item>
      );
    case 'integer':
      return (
        <Form.Item {...common}>
          <InputNumber
            min={kind.min}
            max={kind.max}
            precision={0}
            suffix={kind.unit}
            disabled={disabled}
            style={{ width: 180 }}
          />
        </Form.Item>
      );
    case 'choice':
      return (
        <Form.Item {...common}>
          <Radio.Group options={kind.options} optionType="button" disabled={disabled} />
        </Form.Item>
      );
    case 'checkboxes':
      return (
        <Form.Item {...common}>
          <Checkbox.Group options={kind.options} disabled={disabled} />
        </Form.Item>
      );
    case 'region':
      return (
        <Form.Item
          {...common}
          getValueProps={(value: unknown) => ({
            value: typeof value === 'number' ? regionCascaderValue(regionTree, String(value)) : undefined,
          })}
          normalize={(path: string[] | undefined) =>
            path?.length ? Number(path[path.length - 1]) : undefined
          }
        >
          <Cascader
            options={regionOptions(regionTree, 2)}
            loading={regionLoading}
            changeOnSelect
            showSearch={{ filter: regionPathMatches }}
            placeholder="选择省或市"
            disabled={disabled}
            style={{ width: '100%' }}
          />
        </Form.Item>
      );
  }
}
