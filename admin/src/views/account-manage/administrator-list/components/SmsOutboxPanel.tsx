import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { SmsOutboxItem } from '@px/api/contract';
import { Alert, Button } from 'antd';
import { getSmsOutbox } from '../../../../api/sms';
import type { ListColumn } from '../../../../components/ListTable';
import { ListView } from '../../../../components/list-page/ListPage';
import { useListCall } from '../../../../components/list-page/list-call';
import { dateTimeColumn } from '../../../../components/table-columns';

const columns: ListColumn<SmsOutboxItem>[] = [
  { title: '手机号', dataIndex: 'mobile', width: 140 },
  { title: '短信内容', dataIndex: 'content', width: 480 },
  dateTimeColumn('发送时间', 'createdAt'),
];

/**
 * 短信发件箱: the SMS messages the outbox provider kept instead of sending them (development and
 * demos), newest first, filtered by part of the mobile, so verification codes can be read.
 */
export function SmsOutboxPanel() {
  const list = useListCall('sms/outbox', getSmsOutbox);
  return (
    <div className="sms-outbox">
      <Alert
        className="sms-outbox__tip"
        type="info"
        showIcon
        title="使用发件箱短信通道（SMS_PROVIDER=outbox）时，短信不会真正发出，而是保存在这里（最新的在前），演示时可在此查看验证码。"
      />
      <ListView
        list={list}
        name="sms-outbox-filters"
        barClassName="admin-list__filters"
        barStyle={{}}
        noReset
        filters={[
          {
            kind: 'text',
            name: 'mobile',
            label: '手机号',
            placeholder: '手机号（可输入部分）',
            maxLength: 11,
            rules: [{ pattern: /^\s*\d{1,11}\s*$/, message: '应为1-11位数字' }],
          },
        ]}
        buttons={
          <Button icon={<ReloadOutlined />} onClick={list.reload}>
            刷新
          </Button>
        }
        columns={columns}
        columnsId="account-manage/sms-outbox"
        table={{ size: 'middle' }}
      />
    </div>
  );
}
