import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccess } from '../../../hooks/useAccess';
import { readPositiveId } from '../../../utils/query-id';
import { BATCH_PAY_PAGE } from '../../train-manage/batch-pay-order/batch-order-paths';
import { BatchOrderDetail } from '../../train-manage/batch-pay-order/components/BatchOrderDetail';

/**
 * 团体缴费订单详情 (hidden page, `?id=`): a batch order as 订单管理 shows it, its head and its
 * students' orders, with 取消订单 and 线下缴费/免费开通 (grant 免费开通) while unpaid; paying
 * happens on 批量缴费 (去缴费).
 */
export function BatchOrderDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const access = useAccess();
  const id = readPositiveId(params.get('id'));
  const back = access.can(BATCH_PAY_PAGE) ? (
    <Button onClick={() => navigate(BATCH_PAY_PAGE)}>批量订单列表</Button>
  ) : null;
  if (id === null)
    return (
      <Result status="warning" title="未指定批量订单" subTitle="请从批量订单列表进入详情。" extra={back} />
    );
  return <BatchOrderDetail key={id} id={id} title="团体缴费订单详情" paysHere={false} back={back} />;
}
