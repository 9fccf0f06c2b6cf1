import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { RecordStatus, WxappItem } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  message,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { deleteWxapp, listWxapps, setWxappStatus } from '../../../api/wxapp';
import { STATUS_OPTIONS, StatusTag } from '../../../components/StatusTag';
import { usePagedList } from '../../../hooks/usePagedList';
import { PUSH_MODE_LABEL, wxappDeleteRefusal, wxappSettingPath } from '../wxapp-meta';

interface WxappFilters {
  keyword?: string;
  status?: RecordStatus;
}

/**
 * 公众号列表 (platform staff): the WeChat official accounts with name/AppID and status filters;
 * the way to create and edit one (公众号设置), enable and disable, delete an unused one.
 */
export function WxappListPage() {
  const [filterForm] = Form.useForm<WxappFilters>();
  const navigate = useNavigate();
  const list = usePagedList<WxappFilters, WxappItem>(listWxapps, {});
  const [busyId, setBusyId] = useState<number | null>(null);

  const search = (values: WxappFilters) =>
    list.search({ keyword: values.keyword?.trim() || undefined, status: values.status });

  const run = async (wxapp: WxappItem, action: () => Promise<unknown>, done: string) => {
    setBusyId(wxapp.id);
    try {
      await action();
      void message.success(done);
      list.reload();
    } catch {
      // The request client has shown why.
    } finally {
      setBusyId(null);
    }
  };

  const columns: ColumnsType<WxappItem> = [
    { title: '公众号名称', dataIndex: 'name', width: 180 },
    { title: 'AppID', dataIndex: 'appId', width: 190 },
    {
      title: '消息加解密',
      dataIndex: 'pushMode',
      width: 110,
      render: (pushMode: WxappItem['pushMode']) => (
        <Tag color={pushMode === 'safe' ? 'processing' : 'default'}>{PUSH_MODE_LABEL[pushMode]}</Tag>
      ),
    },
    {
      title: '微信支付',
      dataIndex: 'paymentReady',
      width: 100,
      render: (paymentReady: boolean) =>
        paymentReady ? <Tag color="success">已配置</Tag> : <Tag>未配置</Tag>,
    },
    {
      title: '服务项目',
      dataIndex: 'projects',
      render: (projects: WxappItem['projects']) =>
        projects.length ? (
          <Flex wrap gap={4}>
            {projects.map((project) => (
              <Tag key={project.id}>{project.name}</Tag>
            ))}
          </Flex>
        ) : (
          '—'
        ),
    },
    { title: '绑定用户', dataIndex: 'bindingCount', width: 100, align: 'right' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: RecordStatus) => <StatusTag status={status} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 180,
      render: (createdAt: string) => formatDateTime(createdAt),
    },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_value, wxapp) => {
        const busy = busyId === wxapp.id;
        const refusal = wxappDeleteRefusal(wxapp);
        return (
          <Space size={0} wrap>
            <Link to={wxappSettingPath(wxapp.id)} style={{ padding: '0 8px' }}>
              编辑
            </Link>
            {wxapp.status === 'ENABLED' ? (
              <Popconfirm
                title={`停用公众号「${wxapp.name}」？`}
                description="停用后它服务的项目不能再使用微信授权登录、扫码注册与微信支付。"
                okText="停用"
                cancelText="取消"
                onConfirm={() => run(wxapp, () => setWxappStatus(wxapp.id, 'DISABLED'), '公众号已停用')}
              >
                <Button type="link" size="small" danger disabled={busy}>
                  停用
                </Button>
              </Popconfirm>
            ) : (
              <Button
                type="link"
                size="small"
                disabled={busy}
                onClick={() => run(wxapp, () => setWxappStatus(wxapp.id, 'ENABLED'), '公众号已启用')}
              >
                启用
              </Button>
            )}
            <Tooltip title={refusal}>
              <Popconfirm
                title={`删除公众号「${wxapp.name}」？`}
                description="删除后不能恢复。"
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                disabled={refusal !== undefined}
                onConfirm={() => run(wxapp, () => deleteWxapp(wxapp.id), '公众号已删除')}
              >
                <Button type="link" size="small" danger disabled={refusal !== undefined || busy}>
                  删除
                </Button>
              </Popconfirm>
            </Tooltip>
          </Space>
        );
      },
    },
  ];

  return (
    <Card title="公众号列表">
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
        <Form form={filterForm} layout="inline" name="wxapp-filters" onFinish={search}>
          <Form.Item name="keyword" label="公众号">
            <Input allowClear placeholder="名称或 AppID" maxLength={60} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  filterForm.resetFields();
                  list.search({});
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(wxappSettingPath())}>
          新增公众号
        </Button>
      </Flex>
      <Table<WxappItem>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: list.pageNum,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: list.changePage,
        }}
      />
    </Card>
  );
}
