import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { SmsOutboxItem } from '@px/api/contract';
import { Alert, Button, Form, Input, Table, type TableColumnsType } from 'antd';
import { getSmsOutbox } from '../../../../api/sms';
import { ListFilterBar } from '../../../../components/ListFilterBar';
import { dateTimeColumn } from '../../../../components/table-columns';
import { usePagedList } from '../../../../hooks/usePagedList';

interface OutboxFilters {
  mobile?: string;
}

const columns: TableColumnsType<SmsOutboxItem> = [
  { title: '手机号', dataIndex: 'mobile', width: 140 },
  { title: '短信内容', dataIndex: 'content' },
  dateTimeColumn('发送时间', 'createdAt'),
];

/**
 * 短信发件箱: the SMS messages the outbox provider kept instead of sending them (development and
 * demos), newest first, filtered by part of the mobile, so verification codes can be read.
 */
export function SmsOutboxPanel() {
  const list = usePagedList<OutboxFilters, SmsOutboxItem>(getSmsOutbox, {});
  return (
    <div className="sms-outbox">
      <Alert
        className="sms-outbox__tip"
        type="info"
        showIcon
        title="使用发件箱短信通道（SMS_PROVIDER=outbox）时，短信不会真正发出，而是保存在这里（最新的在前），演示时可在此查看验证码。"
      />
      <ListFilterBar<OutboxFilters>
        name="sms-outbox-filters"
        className="admin-list__filters"
        onSearch={(values) => list.search({ mobile: values.mobile?.trim() || undefined })}
        buttons={
          <Button icon={<ReloadOutlined />} onClick={list.reload}>
            刷新
          </Button>
        }
      >
        <Form.Item
          label="手机号"
          name="mobile"
          rules={[{ pattern: /^\s*\d{1,11}\s*$/, message: '应为1-11位数字' }]}
        >
          <Input placeholder="手机号（可输入部分）" allowClear maxLength={11} />
        </Form.Item>
      </ListFilterBar>
      <Table<SmsOutboxItem> rowKey="id" size="middle" columns={columns} {...list.tableProps} />
    </div>
  );
}
