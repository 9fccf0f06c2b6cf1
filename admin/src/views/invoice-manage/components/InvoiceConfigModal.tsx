import { TAX_RATES } from '@px/api/contract';
import { Alert, Form, Input, message, Select } from 'antd';
import { useEffect, useState } from 'react';
import { getInvoiceConfig, saveInvoiceConfig } from '../../../api/invoice';
import { FormModal } from '../../../components/FormModal';

interface ConfigForm {
  sellerName: string;
  sellerTaxNo: string;
  sellerAddressPhone: string;
  sellerBankAccount: string;
  itemName: string;
  taxRatePct: (typeof TAX_RATES)[number];
}

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
  const required = (label: string) => [{ required: true, whitespace: true, message: `请填写${label}` }];
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
      <Form.Item name="sellerName" label="销售方名称" rules={required('销售方名称')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sellerTaxNo" label="纳税人识别号" rules={required('纳税人识别号')}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item name="sellerAddressPhone" label="地址、电话" rules={required('地址、电话')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="sellerBankAccount" label="开户行及账号" rules={required('开户行及账号')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="itemName" label="开票项目名称" rules={required('开票项目名称')}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="taxRatePct" label="税率" rules={[{ required: true, message: '请选择税率' }]}>
        <Select
          options={TAX_RATES.map((rate) => ({ value: rate, label: `${rate}%` }))}
          style={{ width: 120 }}
        />
      </Form.Item>
    </FormModal>
  );
}
