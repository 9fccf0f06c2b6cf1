import { Form, Input } from 'antd';
import { yuanRule } from '../class-meta';

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
