import { formatFen } from '@px/config';
import { Alert, Form, Input, message } from 'antd';
import { createFreeOrders } from '../../../../api/order';
import { FormModal } from '../../../../components/FormModal';
import { required } from '../../../../utils/form-rules';
import { FreeClassesSelect, FreeStudentsSelect, useClassSearch } from './OptionSelects';

/** The most students and classes one 免费开通 takes (the API's limits). */
const MAX_STUDENTS = 200;
const MAX_CLASSES = 20;

interface FreeOrderValues {
  accountIds: number[];
  classIds: number[];
  reason: string;
}

export interface FreeOrderModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after the orders were created (the list reloads). */
  onDone: () => void;
  /** Called when the dialog has closed (the page may unmount it). */
  afterClose?: () => void;
}

/**
 * 免费开通: enrols the chosen students (searched by name, ID number or mobile) in the chosen classes
 * without payment, for a required reason: one paid order per student (channel 免费开通, paid 0),
 * priced as the classes cost now. All or nothing: the server names a student already enrolled.
 */
export function FreeOrderModal({ open, onClose, onDone, afterClose }: FreeOrderModalProps) {
  const [form] = Form.useForm<FreeOrderValues>();
  const classes = useClassSearch();
  const accountIds = Form.useWatch('accountIds', form) ?? [];
  const classIds = Form.useWatch('classIds', form) ?? [];
  const total = classIds.reduce((sum, id) => sum + (classes.known.get(id)?.amount ?? 0), 0);

  const submit = async (values: FreeOrderValues) => {
    const answer = await createFreeOrders({
      accountIds: values.accountIds,
      classIds: values.classIds,
      reason: values.reason.trim(),
    });
    void message.success(`已免费开通，创建了 ${answer.orders.length} 个订单`);
    onDone();
  };

  return (
    <FormModal<FreeOrderValues>
      open={open}
      title="免费开通"
      okText="开通"
      name="free-order-form"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      afterClose={afterClose}
      width={640}
      intro="为所选学员开通所选班级，无需支付：每名学员生成一个已支付的订单（支付方式为免费开通，实付 0 元），学员立即可以学习。已报名或有待支付订单的学员会使整次开通被拒绝。"
    >
      <Form.Item
        name="accountIds"
        label="学员"
        rules={[
          { required: true, message: '请选择学员' },
          { type: 'array', max: MAX_STUDENTS, message: `一次最多 ${MAX_STUDENTS} 名学员` },
        ]}
      >
        <FreeStudentsSelect />
      </Form.Item>
      <Form.Item
        name="classIds"
        label="班级"
        rules={[
          { required: true, message: '请选择班级' },
          { type: 'array', max: MAX_CLASSES, message: `一次最多 ${MAX_CLASSES} 个班级` },
        ]}
        extra="已下架的班级不能开通。"
      >
        <FreeClassesSelect options={classes} />
      </Form.Item>
      <Form.Item name="reason" label="开通原因" rules={[required('请输入开通原因')]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：单位统一补贴，线下已结算" />
      </Form.Item>
      {accountIds.length > 0 && classIds.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`将创建 ${accountIds.length} 个订单，每个订单 ${classIds.length} 个班级、订单金额 ${formatFen(total)}，实付 ${formatFen(0)}。`}
        />
      )}
    </FormModal>
  );
}
