import {
  CMS_APPLY_STATUS_LABEL,
  type CmsApplyDetail,
  EDUCATION_LABEL,
  ORDER_STATUS_LABEL,
} from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { Descriptions, Drawer, Empty, Image, Spin, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchCmsApplyPhoto, getCmsApply } from '../../../api/cms';
import { RowsTable } from '../../../components/RowsTable';
import { ApplyStatusTag, levelText } from '../cms-meta';

/** The application's ID photo, fetched with the session (an object URL while shown). */
function ApplyPhoto({ id }: { id: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchCmsApplyPhoto(id)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  if (failed) return <Typography.Text type="secondary">证件照读取失败</Typography.Text>;
  if (!url) return <Spin size="small" />;
  return <Image src={url} alt="证件照" width={110} height={160} style={{ objectFit: 'cover' }} />;
}

/**
 * 报名详情: the candidate as registered (full ID number, the ID photo), the sitting once seated,
 * the fee orders and every state change with who made it and why.
 */
export function ApplyDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const [detail, setDetail] = useState<CmsApplyDetail | null>(null);
  useEffect(() => {
    setDetail(null);
    if (id === null) return;
    let live = true;
    getCmsApply(id)
      .then((answer) => live && setDetail(answer))
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [id, onClose]);
  return (
    <Drawer open={id !== null} onClose={onClose} title="报名详情" size={640} destroyOnHidden>
      {!detail ? (
        <Spin />
      ) : (
        <>
          <div style={{ display: 'flex', gap: 16 }}>
            <Descriptions column={1} size="small" bordered style={{ flex: 1 }}>
              <Descriptions.Item label="姓名">{detail.realName}</Descriptions.Item>
              <Descriptions.Item label="身份证号">{detail.fullIdCardNo}</Descriptions.Item>
              <Descriptions.Item label="手机号">{detail.mobile}</Descriptions.Item>
              <Descriptions.Item label="报考">
                {detail.batchName} · {detail.occupation} {levelText(detail.skillLevel)}
              </Descriptions.Item>
              <Descriptions.Item label="文化程度">
                {detail.education ? EDUCATION_LABEL[detail.education] : '—'}
              </Descriptions.Item>
              <Descriptions.Item label="工作年限">
                {detail.workYears === null ? '—' : `${detail.workYears} 年`}
              </Descriptions.Item>
              <Descriptions.Item label="工作单位">{detail.unitName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <ApplyStatusTag status={detail.status} />
                {detail.rejectReason && detail.status === 'REJECTED' && (
                  <Typography.Text type="danger">{detail.rejectReason}</Typography.Text>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="报名费">
                {detail.fee ? formatFen(detail.fee) : '免费'}
              </Descriptions.Item>
              <Descriptions.Item label="考场座位">
                {detail.sitting
                  ? `${detail.sitting.room} · ${detail.sitting.seatNo}号（${detail.sitting.place}，${formatDateTime(detail.sitting.startsAt, 'YYYY-MM-DD HH:mm')}）`
                  : '未安排'}
              </Descriptions.Item>
              <Descriptions.Item label="准考证号">{detail.ticketNo ?? '未发放'}</Descriptions.Item>
            </Descriptions>
            <div style={{ width: 120, textAlign: 'center' }}>
              {detail.hasPhoto ? <ApplyPhoto id={detail.id} /> : <Empty description="未上传证件照" />}
            </div>
          </div>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            缴费订单
          </Typography.Title>
          <RowsTable
            rowKey="id"
            dataSource={detail.orders}
            empty="暂无订单"
            columns={[
              { title: '订单号', dataIndex: 'orderNo' },
              {
                title: '状态',
                dataIndex: 'status',
                render: (status: keyof typeof ORDER_STATUS_LABEL) => ORDER_STATUS_LABEL[status],
              },
              { title: '金额', dataIndex: 'amount', render: (fen: number) => formatFen(fen) },
              {
                title: '支付时间',
                dataIndex: 'paidAt',
                render: (value: string | null) => (value ? formatDateTime(value) : '—'),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            办理记录
          </Typography.Title>
          <Timeline
            items={detail.logs.map((log) => ({
              children: (
                <>
                  <div>
                    {log.fromStatus ? `${CMS_APPLY_STATUS_LABEL[log.fromStatus]} → ` : ''}
                    {CMS_APPLY_STATUS_LABEL[log.toStatus]}
                    {log.actorName ? `（${log.actorName}）` : ''}
                  </div>
                  {log.reason && <Typography.Text type="secondary">{log.reason}</Typography.Text>}
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(log.createdAt)}
                    </Typography.Text>
                  </div>
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
