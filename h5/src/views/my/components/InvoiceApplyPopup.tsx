import type { InvoiceTitleType } from '@px/api/contract';
import { formatFen } from '@px/config';
import { useEffect } from 'react';
import { Form, Radio, Toast } from 'react-vant';
import { reSaveInvoice, saveInvoice } from '../../../api/invoice';
import { SubmitFooter } from '../../../components/form/SubmitFooter';
import { TextInput } from '../../../components/TextInput';
import { useFormSubmit } from '../../../hooks/useSubmitLock';
import { required } from '../../../utils/form-rules';
import { FormPopup } from './FormPopup';

interface InvoiceForm {
  titleType: InvoiceTitleType;
  title: string;
  taxNo?: string;
  email: string;
}

/** What the popup applies for: an order (申请发票) or a refused application again (重新申请). */
export type InvoiceApplyTarget =
  | { kind: 'order'; orderId: number; orderNo: string; amount: number; defaultTitle: string }
  | { kind: 'again'; invoiceId: number; amount: number; previous: InvoiceForm };

export interface InvoiceApplyPopupProps {
  target: InvoiceApplyTarget | null;
  onClose: () => void;
  /** The application was saved. */
  onSaved: () => void;
}

/**
 * 申请发票: the title of an electronic invoice (个人 or 单位 with its 纳税人识别号) and the e-mail it
 * is sent to, for the whole invoiceable amount of the order (`invoice/save`), or corrected after
 * 已驳回 / 开票失败 (`invoice/re-save`). The server checks everything again.
 */
export function InvoiceApplyPopup({ target, onClose, onSaved }: InvoiceApplyPopupProps) {
  const [form] = Form.useForm<InvoiceForm>();
  const { submitting, run } = useFormSubmit(form);

  useEffect(() => {
    if (!target) return;
    form.setFieldsValue(
      target.kind === 'order'
        ? { titleType: 'PERSONAL', title: target.defaultTitle, taxNo: '', email: '' }
        : { ...target.previous, taxNo: target.previous.taxNo ?? '' },
    );
  }, [form, target]);

  const submit = (values: InvoiceForm) =>
    run(async () => {
      if (!target) return;
      const fields = {
        titleType: values.titleType,
        title: values.title,
        taxNo: values.titleType === 'COMPANY' ? (values.taxNo ?? '') : '',
        email: values.email,
      };
      if (target.kind === 'order') await saveInvoice({ orderId: target.orderId, ...fields });
      else await reSaveInvoice({ id: target.invoiceId, ...fields });
      Toast.success('已提交开票申请');
      onSaved();
    });

  return (
    <FormPopup
      title={target?.kind === 'again' ? '重新申请发票' : '申请发票'}
      visible={target !== null}
      onClose={onClose}
    >
      {target && (
        <p className="my-popup__intro">
          {target.kind === 'order' ? `订单 ${target.orderNo}，` : ''}开票金额 {formatFen(target.amount)}
          ，电子发票开具后可在“我的发票”下载
        </p>
      )}
      <Form
        form={form}
        onFinish={(values: InvoiceForm) => void submit(values)}
        footer={<SubmitFooter submitting={submitting}>提交申请</SubmitFooter>}
      >
        <Form.Item name="titleType" label="抬头类型">
          <Radio.Group direction="horizontal" aria-label="抬头类型">
            <Radio name="PERSONAL">个人</Radio>
            <Radio name="COMPANY">单位</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="title" label="发票抬头" rules={[required('请填写发票抬头')]}>
          <TextInput label="发票抬头" placeholder="个人姓名或单位名称" maxLength={100} />
        </Form.Item>
        <Form.Item noStyle shouldUpdate={(prev, next) => prev.titleType !== next.titleType}>
          {() =>
            form.getFieldValue('titleType') === 'COMPANY' ? (
              <Form.Item name="taxNo" label="纳税人识别号" rules={[required('请填写纳税人识别号')]}>
                <TextInput label="纳税人识别号" placeholder="统一社会信用代码" maxLength={20} />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Form.Item name="email" label="接收邮箱" rules={[required('请填写接收邮箱')]}>
          <TextInput
            label="接收邮箱"
            type="email"
            inputMode="email"
            placeholder="发票将发送至该邮箱"
            maxLength={100}
          />
        </Form.Item>
      </Form>
    </FormPopup>
  );
}
