import LinkOutlined from '@ant-design/icons/LinkOutlined';
import type { WxappBindingItem, WxappCheckFollowAnswer } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { Button, Card, Descriptions, Modal, message, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { checkWxappFollow, listWxappBindings, unbindWxappOpenId } from '../../../../api/wxapp';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { actionsColumn } from '../../../../components/RowActions';
import { dateTimeColumn, orDash } from '../../../../components/table-columns';
import { BindOpenIdModal } from './BindOpenIdModal';

interface FollowResult {
  binding: WxappBindingItem;
  answer: WxappCheckFollowAnswer;
}

/**
 * Section 绑定用户 of 公众号设置: the openids bound to accounts through the official account, with
 * a keyword filter; per binding 查询关注 (asks WeChat) and 解绑 (after confirmation); 手动绑定.
 */
export function WxappBindingsCard({ wxappId }: { wxappId: number }) {
  const list = useListCall('wxapp/bindings', (query) => listWxappBindings({ ...query, id: wxappId }));
  const [busyOpenId, setBusyOpenId] = useState<string | null>(null);
  const [follow, setFollow] = useState<FollowResult | null>(null);
  const [followOpen, setFollowOpen] = useState(false);
  const [binder, setBinder] = useState<boolean | null>(null);

  const checkFollow = async (binding: WxappBindingItem) => {
    setBusyOpenId(binding.openId);
    try {
      setFollow({ binding, answer: await checkWxappFollow(wxappId, binding.accountId) });
      setFollowOpen(true);
    } catch {
      // The request client has shown why.
    } finally {
      setBusyOpenId(null);
    }
  };

  const unbind = async (binding: WxappBindingItem) => {
    setBusyOpenId(binding.openId);
    try {
      await unbindWxappOpenId(wxappId, binding.openId);
      void message.success('已解除绑定');
      list.reload();
    } catch {
      // The request client has shown why.
    } finally {
      setBusyOpenId(null);
    }
  };

  const columns: ListColumn<WxappBindingItem>[] = [
    { title: 'OpenID', dataIndex: 'openId', width: 260 },
    { title: '微信昵称', dataIndex: 'nickname', width: 120, render: orDash },
    { title: '姓名', dataIndex: 'realName', width: 100 },
    { title: '身份证号', dataIndex: 'idCardNo', width: 180, render: orDash },
    { title: '所属项目', dataIndex: 'projectName', width: 160 },
    { title: '所属单位', dataIndex: 'unitName', width: 160, render: orDash },
    dateTimeColumn('绑定时间', 'createdAt'),
    actionsColumn(160, (binding) => {
      const busy = busyOpenId === binding.openId;
      return (
        <>
          <Button type="link" size="small" disabled={busy} onClick={() => void checkFollow(binding)}>
            查询关注
          </Button>
          <Popconfirm
            title={`解除「${binding.realName}」的微信绑定？`}
            description="解绑后该学员须重新在微信中授权绑定。"
            okText="解绑"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() => unbind(binding)}
          >
            <Button type="link" size="small" danger disabled={busy}>
              解绑
            </Button>
          </Popconfirm>
        </>
      );
    }),
  ];

  const followAnswer = follow?.answer;

  return (
    <Card title="绑定用户">
      <ListView
        list={list}
        name="wxapp-binding-filters"
        barStyle={{}}
        filters={[
          {
            kind: 'text',
            name: 'keyword',
            label: '关键字',
            placeholder: '姓名、身份证号、手机号、昵称或 OpenID',
            maxLength: 50,
            width: 300,
          },
        ]}
        extra={
          <Button icon={<LinkOutlined />} onClick={() => setBinder(true)}>
            手动绑定
          </Button>
        }
        columns={columns}
        columnsId="wxapp-manage/setting/bindings"
        rowKey="openId"
      />
      <Modal
        open={followOpen}
        title={follow ? `关注状态 · ${follow.binding.realName}` : '关注状态'}
        footer={
          <Button type="primary" onClick={() => setFollowOpen(false)}>
            知道了
          </Button>
        }
        onCancel={() => setFollowOpen(false)}
        afterClose={() => setFollow(null)}
      >
        {followAnswer && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'openId', label: 'OpenID', children: followAnswer.openId },
              {
                key: 'followed',
                label: '是否关注',
                children: followAnswer.followed ? <Tag color="success">已关注</Tag> : <Tag>未关注</Tag>,
              },
              {
                key: 'followedAt',
                label: '关注时间',
                children: followAnswer.followedAt ? formatDateTime(followAnswer.followedAt) : '—',
              },
              { key: 'qrScene', label: '关注来源场景', children: followAnswer.qrScene || '—' },
            ]}
          />
        )}
      </Modal>
      {binder !== null && (
        <BindOpenIdModal
          open={binder}
          wxappId={wxappId}
          onCancel={() => setBinder(false)}
          onSaved={() => {
            setBinder(false);
            list.reload();
          }}
          afterClose={() => setBinder(null)}
        />
      )}
    </Card>
  );
}
