import { Form, Input } from 'antd';
import { DateField } from '../../../components/DateFields';
import { FormModal } from '../../../components/FormModal';

interface MarkValues {
  invoiceNumber: string;
  issuedDate: string;
}

export interface MarkModalProps {
  open: boolean;
  onOk: (values: MarkValues) => Promise<void>;
  onCancel: () => void;
}

/** 标记已开: the number and date of an invoice issued outside the platform. */
export function MarkModal({ open, onOk, onCancel }: MarkModalProps) {
  const [form] = Form.useForm<MarkValues>();
  return (
    <FormModal<MarkValues>
      open={open}
      title="标记已开票"
      okText="确定"
      name="invoice-mark"
      form={form}
      destroyOnHidden
      onSubmit={(values) =>
        onOk({ invoiceNumber: values.invoiceNumber.trim(), issuedDate: values.issuedDate })
      }
      onClose={onCancel}
    >
      <Form.Item
        name="invoiceNumber"
        label="发票号码"
        rules={[
          { required: true, message: '请填写发票号码' },
          { pattern: /^\s*[0-9]{8,20}\s*$/, message: '发票号码应为 8 到 20 位数字' },
        ]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="issuedDate" label="开票日期" rules={[{ required: true, message: '请选择开票日期' }]}>
        <DateField style={{ width: '100%' }} />
      </Form.Item>
    </FormModal>
  );
}
