import { Col, Form, Input } from 'antd';
import { DateField } from '../../../../components/DateFields';
import { notBefore, yuanRule } from '../class-meta';

/**
 * The price of a class typed in yuan (`amount`, named as the calls name it so their refusals land
 * on it): at most two decimals, 0 to the highest price. `required` asks for it.
 */
export function PriceField({ required, placeholder }: { required: boolean; placeholder: string }) {
  return (
    <Form.Item
      name="amount"
      label="价格（元）"
      extra={required ? '0 表示免费' : undefined}
      rules={required ? [{ required: true, whitespace: true, message: '请输入价格' }, yuanRule] : [yuanRule]}
    >
      <Input inputMode="decimal" maxLength={12} prefix="¥" placeholder={placeholder} />
    </Form.Item>
  );
}

/** The two date fields of a window (报名 or 学习), half a row each, the end not before the start. */
export function WindowFields({
  start,
  end,
  label,
  required,
}: {
  start: 'enrolStartDate' | 'studyStartDate';
  end: 'enrolEndDate' | 'studyEndDate';
  label: string;
  required: boolean;
}) {
  const order = notBefore(start, `${label}结束日期不能早于${label}开始日期`);
  return (
    <>
      <Col xs={24} md={12}>
        <Form.Item
          name={start}
          label={`${label}开始日期`}
          rules={required ? [{ required: true, message: `请选择${label}开始日期` }] : []}
        >
          <DateField style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={end}
          label={`${label}结束日期`}
          dependencies={[start]}
          rules={required ? [{ required: true, message: `请选择${label}结束日期` }, order] : [order]}
        >
          <DateField style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}
