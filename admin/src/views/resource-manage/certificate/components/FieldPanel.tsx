import {
  CERTIFICATE_FIELD_LABELS,
  CERTIFICATE_FONT_SIZE,
  CERTIFICATE_TEXT_MAX,
  type CertificateField,
  certificateFieldHeight,
} from '@px/api/contract';
import { Button, Form, Input, InputNumber, Radio, Switch } from 'antd';
import type { PageSize } from '../template-layout';

const ALIGN_OPTIONS = [
  { value: 'left', label: '左对齐' },
  { value: 'center', label: '居中' },
  { value: 'right', label: '右对齐' },
];

/** What the panel edits: the selected field, its page, and the messages of its refused properties. */
export interface FieldPanelProps {
  field: CertificateField;
  page: PageSize;
  /** Messages by property (`x`, `fontSize`…) the server or the checks refused. */
  issues: Readonly<Record<string, string>>;
  onChange: (field: CertificateField) => void;
  onRemove: () => void;
}

/** A whole-pixel number input of one property; a cleared input changes nothing. */
function PixelInput({
  label,
  value,
  min,
  max,
  issue,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  issue?: string;
  onChange: (value: number) => void;
}) {
  return (
    <Form.Item label={label} validateStatus={issue ? 'error' : undefined} help={issue}>
      <InputNumber
        aria-label={label}
        value={value}
        min={min}
        max={Math.max(min, max)}
        precision={0}
        style={{ width: '100%' }}
        onChange={(next) => {
          if (typeof next === 'number') onChange(next);
        }}
      />
    </Form.Item>
  );
}

/**
 * The side panel of the selected field: fixed text, position, width (the QR code's size), font size,
 * colour, bold and alignment, and 删除字段. Limits keep the field inside the page.
 */
export function FieldPanel({ field, page, issues, onChange, onRemove }: FieldPanelProps) {
  const set = (change: Partial<CertificateField>) => onChange({ ...field, ...change });
  const qr = field.key === 'qrCode';
  const height = certificateFieldHeight(field);
  return (
    <Form layout="vertical" size="small" component="div" data-testid="field-panel">
      <Form.Item label="字段" validateStatus={issues.key ? 'error' : undefined} help={issues.key}>
        <strong>{CERTIFICATE_FIELD_LABELS[field.key]}</strong>
      </Form.Item>
      {field.key === 'text' && (
        <Form.Item label="文字" validateStatus={issues.text ? 'error' : undefined} help={issues.text}>
          <Input
            aria-label="文字"
            value={field.text}
            maxLength={CERTIFICATE_TEXT_MAX}
            onChange={(event) => set({ text: event.target.value })}
          />
        </Form.Item>
      )}
      <PixelInput
        label="横坐标 X"
        value={field.x}
        min={0}
        max={page.width - field.width}
        issue={issues.x}
        onChange={(x) => set({ x })}
      />
      <PixelInput
        label="纵坐标 Y"
        value={field.y}
        min={0}
        max={page.height - height}
        issue={issues.y}
        onChange={(y) => set({ y })}
      />
      <PixelInput
        label={qr ? '尺寸' : '宽度'}
        value={field.width}
        min={qr ? 20 : 1}
        max={qr ? Math.min(page.width - field.x, page.height - field.y) : page.width - field.x}
        issue={issues.width}
        onChange={(width) => set({ width })}
      />
      {!qr && (
        <>
          <PixelInput
            label="字号"
            value={field.fontSize}
            min={CERTIFICATE_FONT_SIZE.min}
            max={CERTIFICATE_FONT_SIZE.max}
            issue={issues.fontSize}
            onChange={(fontSize) => set({ fontSize })}
          />
          <Form.Item label="颜色" validateStatus={issues.color ? 'error' : undefined} help={issues.color}>
            <Input
              type="color"
              aria-label="颜色"
              value={field.color}
              style={{ width: 64, padding: 2 }}
              onChange={(event) => set({ color: event.target.value })}
            />
          </Form.Item>
          <Form.Item label="加粗">
            <Switch aria-label="加粗" checked={field.bold} onChange={(bold) => set({ bold })} />
          </Form.Item>
          <Form.Item label="对齐" validateStatus={issues.align ? 'error' : undefined} help={issues.align}>
            <Radio.Group
              options={ALIGN_OPTIONS}
              optionType="button"
              value={field.align}
              onChange={(event) => set({ align: event.target.value as CertificateField['align'] })}
            />
          </Form.Item>
        </>
      )}
      <Button danger block onClick={onRemove}>
        删除字段
      </Button>
    </Form>
  );
}
