import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { WxappItem } from '@px/api/contract';
import { Button, Flex, Tag } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { deleteWxapp, listWxapps, setWxappStatus } from '../../../api/wxapp';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DeleteAction, StatusAction } from '../../../components/RowActions';
import { STATUS_OPTIONS } from '../../../components/StatusTag';
import { dateTimeColumn, statusColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useRowAction } from '../../../hooks/useRowAction';
import { PUSH_MODE_LABEL, wxappDeleteRefusal, wxappSettingPath } from '../wxapp-meta';

/** The filters of the list (its call's input). */
const WXAPP_FILTERS: FilterField<FiltersOf<'wxapp/list'>>[] = [
  { kind: 'text', name: 'keyword', label: '公众号', placeholder: '名称或 AppID', maxLength: 60 },
  { kind: 'select', name: 'status', label: '状态', options: STATUS_OPTIONS, width: 120 },
];

/**
 * 公众号列表 (platform staff): the WeChat official accounts with name/AppID and status filters;
 * the way to create and edit one (公众号设置), enable and disable, delete an unused one.
 */
export function WxappListPage() {
  const navigate = useNavigate();
  const list = useListCall('wxapp/list', listWxapps);
  const { busy: busyId, run } = useRowAction<number>(list.reload);
  // Adding and editing happen on the settings page, a page of its own grant.
  const canOpenSetting = useAccess().can('/wxapp-manage/setting');

  const columns: ListColumn<WxappItem>[] = [
    { title: '公众号名称', dataIndex: 'name', width: 160 },
    { title: 'AppID', dataIndex: 'appId', width: 190, optional: 'shown' },
    {
      title: '消息加解密',
      dataIndex: 'pushMode',
      width: 110,
      optional: 'hidden',
      render: (pushMode: WxappItem['pushMode']) => (
        <Tag color={pushMode === 'safe' ? 'processing' : 'default'}>{PUSH_MODE_LABEL[pushMode]}</Tag>
      ),
    },
    {
      title: '微信支付',
      dataIndex: 'paymentReady',
      width: 100,
      optional: 'shown',
      render: (paymentReady: boolean) =>
        paymentReady ? <Tag color="success">已配置</Tag> : <Tag>未配置</Tag>,
    },
    {
      title: '服务项目',
      dataIndex: 'projects',
      width: 160,
      ellipsis: false,
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
    { title: '绑定用户', dataIndex: 'bindingCount', width: 100, optional: 'hidden', align: 'right' },
    statusColumn(90),
    { ...dateTimeColumn('创建时间', 'createdAt'), optional: 'hidden' },
    actionsColumn(
      200,
      (wxapp) => {
        const busy = busyId === wxapp.id;
        const refusal = wxappDeleteRefusal(wxapp);
        return (
          <>
            {canOpenSetting && (
              <Link to={wxappSettingPath(wxapp.id)} style={{ padding: '0 8px' }}>
                编辑
              </Link>
            )}
            <StatusAction
              enabled={wxapp.status === 'ENABLED'}
              confirmTitle={`停用公众号「${wxapp.name}」？`}
              confirmDescription="停用后它服务的项目不能再使用微信授权登录、扫码注册与微信支付。"
              busy={busy}
              onDisable={() => run(wxapp.id, () => setWxappStatus(wxapp.id, 'DISABLED'), '公众号已停用')}
              onEnable={() => run(wxapp.id, () => setWxappStatus(wxapp.id, 'ENABLED'), '公众号已启用')}
            />
            <DeleteAction
              confirmTitle={`删除公众号「${wxapp.name}」？`}
              busy={busy}
              refusal={refusal}
              onDelete={() => run(wxapp.id, () => deleteWxapp(wxapp.id), '公众号已删除')}
            />
          </>
        );
      },
      { wrap: true },
    ),
  ];

  return (
    <ListPage
      title="公众号列表"
      list={list}
      name="wxapp-filters"
      filters={WXAPP_FILTERS}
      columns={columns}
      columnsId="wxapp-manage/list"
      extra={
        canOpenSetting ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(wxappSettingPath())}>
            新增公众号
          </Button>
        ) : undefined
      }
    />
  );
}
