import { type ClassItem, fenToYuan } from '@px/api/contract';
import { Form, message } from 'antd';
import { useEffect } from 'react';
import { setClassAmount } from '../../../../api/train-class';
import { FormModal } from '../../../../components/FormModal';
import { priceFen } from '../class-meta';
import { PriceField } from './ClassFields';

interface AmountValues {
  /** Yuan text (named as the call's field so a refusal lands on it). */
  amount: string;
}

export interface AmountModalProps {
  /** The class whose price is changed; null: closed. */
  item: ClassItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 改价: the price of one class typed in yuan (two decimals at most), sent in fen to `class/amount`. */
export function AmountModal({ item, onClose, onSaved }: AmountModalProps) {
  const [form] = Form.useForm<AmountValues>();

  useEffect(() => {
    if (item) form.setFieldsValue({ amount: fenToYuan(item.amount) });
  }, [item, form]);

  const submit = async (values: AmountValues) => {
    if (!item) return;
    await setClassAmount(item.id, priceFen(values.amount) as number);
    void message.success('价格已修改');
    onSaved();
  };

  return (
    <FormModal<AmountValues>
      open={item !== null}
      title={`改价 · ${item?.name ?? ''}`}
      okText="保存"
      name="class-amount-form"
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <PriceField required placeholder="例如 98.00" />
    </FormModal>
  );
}
