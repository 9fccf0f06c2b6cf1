import { TAX_RATES } from '@px/api/contract';
import { Alert, Form, Input, message, Select } from 'antd';
import { useEffect, useState } from 'react';
import { getInvoiceConfig, saveInvoiceConfig } from '../../../api/invoice';
import { FormModal } from '../../../components/FormModal';
import { required } from '../../../utils/form-rules';

interface ConfigForm {
  sellerName: string;
  sellerTaxNo: string;
  sellerAddressPhone: string;
  sellerBankAccount: string;
  itemName: string;
  taxRatePct: (typeof TAX_RATES)[number];
}

/** The texts the invoice needs of the seller and its item: field, label, most characters. */
const SELLER_FIELDS = [
  ['sellerName', '销售方名称', 100],
  ['sellerTaxNo', '纳税人识别号', 20],
  ['sellerAddressPhone', '地址、电话', 200],
  ['sellerBankAccount', '开户行及账号', 200],
  ['itemName', '开票项目名称', 60],
] as const satisfies readonly (readonly [keyof ConfigForm, string, number])[];

/** 开票设置: the project's seller details printed on its invoices (`invoice/config`, `invoice/save-config`). */
export function InvoiceConfigModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<ConfigForm>();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!open) return;
    getInvoiceConfig()
      .then((config) => {
        setMissing(config === null);
        form.setFieldsValue(config ?? { itemName: '培训费', taxRatePct: 6 });
      })
      .catch(() => undefined);
  }, [open, form]);
  const submit = async (values: ConfigForm) => {
    await saveInvoiceConfig(values);
    void message.success('开票设置已保存');
    onClose();
  };
  return (
    <FormModal<ConfigForm>
      open={open}
      title="开票设置"
      okText="保存"
      name="invoice-config"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      width={560}
    >
      {missing && (
        <Alert
          type="warning"
          showIcon
          message="尚未填写销售方信息，填写后才能开票"
          style={{ marginBottom: 16 }}
        />
      )}
      {SELLER_FIELDS.map(([name, label, maxLength]) => (
        <Form.Item key={name} name={name} label={label} rules={[required(`请填写${label}`)]}>
          <Input maxLength={maxLength} />
        </Form.Item>
      ))}
      <Form.Item name="taxRatePct" label="税率" rules={[{ required: true, message: '请选择税率' }]}>
        <Select
          options={TAX_RATES.map((rate) => ({ value: rate, label: `${rate}%` }))}
          style={{ width: 120 }}
        />
      </Form.Item>
    </FormModal>
  );
}
