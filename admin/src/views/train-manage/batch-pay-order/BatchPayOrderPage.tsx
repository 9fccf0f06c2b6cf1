import { BATCH_ORDER_STATUS } from '@px/api/contract';
import { Button, Card } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { readChoiceParam, readPositiveId } from '../../../utils/query-id';
import { BATCH_PAY_PAGE, batchPayPath } from './batch-order-paths';
import { BatchOrderDetail } from './components/BatchOrderDetail';
import { BatchOrderList } from './components/BatchOrderList';

/**
 * 批量缴费 (hidden page): with `?id=` one batch order to pay (扫码支付 with WeChat Native, 取消订单,
 * 线下缴费/免费开通 for staff holding 免费开通) and its students' orders; without, the batch orders
 * the caller may see, each with 查看 (`?status=CREATED`: those awaiting payment, home's 待办事项).
 */
export function BatchPayOrderPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = readPositiveId(params.get('id'));
  if (id === null)
    return (
      <Card title="批量缴费">
        <BatchOrderList
          detailPath={batchPayPath}
          initialStatus={readChoiceParam(params.get('status'), BATCH_ORDER_STATUS)}
        />
      </Card>
    );
  return (
    <BatchOrderDetail
      key={id}
      id={id}
      title="批量缴费"
      paysHere
      back={<Button onClick={() => navigate(BATCH_PAY_PAGE)}>批量订单列表</Button>}
    />
  );
}
