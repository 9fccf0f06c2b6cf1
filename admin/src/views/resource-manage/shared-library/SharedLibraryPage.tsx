import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { SharedResourceCandidate, SharedResourceItem } from '@px/api/contract';
import { ROLE_SYSTEM } from '@px/config';
import { Button, Form, Input, message, Select, Tag, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { listProjects } from '../../../api/project';
import {
  copySharedResource,
  deleteSharedResource,
  getSharedResourcePlayUrl,
  listShareCandidates,
  querySharedResources,
  renameSharedResource,
  shareResource,
} from '../../../api/shared-resource';
import { FormModal } from '../../../components/FormModal';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, DeleteAction } from '../../../components/RowActions';
import { dateTimeColumn } from '../../../components/table-columns';
import { useRowAction } from '../../../hooks/useRowAction';
import { type RowDialogProps, rowDialogProps, useRowDialog } from '../../../hooks/useRowDialog';
import { accountInfoAtom } from '../../../store/session';
import { required } from '../../../utils/form-rules';
import { VideoPreviewModal } from '../video/components/VideoPreviewModal';
import { formatDuration, formatFileSize } from '../video/video-format';

const FILTERS: FilterField<FiltersOf<'shared-resource/query'>>[] = [
  { kind: 'text', name: 'name', label: '资源名称', placeholder: '名称中的文字', maxLength: 100 },
];

/** 重命名 (platform staff): the shared resource's name; the projects' copies keep theirs. */
function RenameModal({ row, onDone, ...dialog }: RowDialogProps<SharedResourceItem>) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormModal<{ name: string }>
      {...dialog}
      title="重命名共享资源"
      okText="保存"
      name="shared-resource-rename"
      form={form}
      initialValues={{ name: row.name }}
      intro="已复制到项目的副本不随之改名。"
      onSubmit={async (values) => {
        await renameSharedResource(row.id, values.name.trim());
        void message.success('已保存');
        onDone();
      }}
    >
      <Form.Item name="name" label="资源名称" rules={[required('请填写资源名称')]}>
        <Input maxLength={100} />
      </Form.Item>
    </FormModal>
  );
}

interface ShareValues {
  projectId: number;
  resourceId: number;
  name?: string;
}

/**
 * 从项目添加 (platform staff): a project, one of its videos and the name in the library; the video
 * (row and file) is copied into the library, so the project's later changes do not reach it.
 */
function ShareModal({ onDone, ...dialog }: RowDialogProps<null>) {
  const [form] = Form.useForm<ShareValues>();
  const projectId = Form.useWatch('projectId', form);
  const [projects, setProjects] = useState<{ value: number; label: string }[]>([]);
  const [videos, setVideos] = useState<SharedResourceCandidate[]>([]);

  useEffect(() => {
    listProjects({ pageNum: 1, pageSize: 100 }).then(
      (page) => setProjects(page.list.map((project) => ({ value: project.id, label: project.name }))),
      () => setProjects([]),
    );
  }, []);
  useEffect(() => {
    setVideos([]);
    if (!projectId) return;
    let current = true;
    listShareCandidates({ projectId, pageNum: 1, pageSize: 100 }).then(
      (page) => {
        if (current) setVideos(page.list);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [projectId]);

  return (
    <FormModal<ShareValues>
      {...dialog}
      title="从项目添加到共享资源库"
      okText="添加"
      name="shared-resource-share"
      form={form}
      intro="复制所选视频（含文件）到共享资源库，之后该项目对原视频的修改不影响共享资源。"
      onSubmit={async (values) => {
        const shared = await shareResource({
          projectId: values.projectId,
          resourceId: values.resourceId,
          name: values.name?.trim() || undefined,
        });
        void message.success(`已添加「${shared.name}」到共享资源库`);
        onDone();
      }}
    >
      <Form.Item name="projectId" label="项目" rules={[{ required: true, message: '请选择项目' }]}>
        <Select
          options={projects}
          showSearch
          optionFilterProp="label"
          placeholder="选择项目"
          onChange={() => form.setFieldValue('resourceId', undefined)}
        />
      </Form.Item>
      <Form.Item name="resourceId" label="视频" rules={[{ required: true, message: '请选择视频' }]}>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={projectId ? '选择该项目的视频' : '先选择项目'}
          disabled={!projectId}
          options={videos.map((video) => ({
            value: video.id,
            label: video.sharedId ? `${video.name}（已共享）` : video.name,
          }))}
          onChange={(id: number) => {
            const video = videos.find((one) => one.id === id);
            if (video && !form.getFieldValue('name')) form.setFieldValue('name', video.name);
          }}
        />
      </Form.Item>
      <Form.Item name="name" label="共享名称" extra="不填则沿用视频名称">
        <Input maxLength={100} />
      </Form.Item>
    </FormModal>
  );
}

/**
 * 共享资源库: the platform's shared videos. Project staff preview them and use one (使用: a copy,
 * file included, lands in 视频资源, where it is the project's own; using again answers that copy).
 * Platform staff add a project's video (从项目添加), rename and delete; what each row offers comes
 * from its abilities.
 */
export function SharedLibraryPage() {
  const list = useListCall('shared-resource/query', querySharedResources);
  const platformStaff = useAtomValue(accountInfoAtom)?.roleRP.roleSystem === ROLE_SYSTEM.PLATFORM;
  const { busy, run } = useRowAction<number>(() => list.reload());
  const [previewing, setPreviewing] = useState<SharedResourceItem | null>(null);
  const [renaming, renameDialog] = useRowDialog<SharedResourceItem>();
  const [sharing, shareDialog] = useRowDialog<null>();

  const navigate = useNavigate();
  const [usingId, setUsingId] = useState<number | null>(null);
  /** 使用: the copy is made once; a second use (a list older than the copy) says it is there already. */
  const use = async (row: SharedResourceItem) => {
    setUsingId(row.id);
    try {
      const answer = await copySharedResource(row.id);
      void message.success(
        answer.created
          ? `已复制到本项目的视频资源：「${answer.resource.name}」`
          : `本项目已复制过该资源（视频资源中的「${answer.resource.name}」），未重复复制`,
      );
      list.reload();
    } catch {
      // The request client has shown why.
    } finally {
      setUsingId(null);
    }
  };

  const columns: ListColumn<SharedResourceItem>[] = [
    {
      title: '资源名称',
      dataIndex: 'name',
      key: 'name',
      width: 220,
      render: (name: string, row) => (
        <Button type="link" size="small" onClick={() => setPreviewing(row)}>
          {name}
        </Button>
      ),
    },
    { title: '时长', dataIndex: 'durationSeconds', key: 'duration', width: 90, render: formatDuration },
    { title: '大小', dataIndex: 'size', key: 'size', width: 90, align: 'right', render: formatFileSize },
    {
      title: '使用情况',
      key: 'usage',
      width: 140,
      render: (_value, row) =>
        row.copyCount !== null ? (
          `${row.copyCount} 个项目已使用`
        ) : row.copiedResourceId ? (
          <Tag color="green">已在本项目</Tag>
        ) : (
          <Typography.Text type="secondary">未使用</Typography.Text>
        ),
    },
    {
      ...dateTimeColumn<SharedResourceItem>('共享时间', 'createdAt', 150, 'YYYY-MM-DD HH:mm'),
      key: 'createdAt',
      width: 150,
      optional: 'shown',
    },
    actionsColumn(220, (row) => (
      <>
        <Button type="link" size="small" onClick={() => setPreviewing(row)}>
          预览
        </Button>
        {row.abilities.canUse &&
          (row.copiedResourceId ? (
            <Button type="link" size="small" onClick={() => navigate('/resource-manage/video')}>
              到视频资源查看
            </Button>
          ) : (
            <Button type="link" size="small" loading={usingId === row.id} onClick={() => use(row)}>
              使用
            </Button>
          ))}
        {row.abilities.canEdit && (
          <Button type="link" size="small" onClick={() => renameDialog.show(row)}>
            重命名
          </Button>
        )}
        {row.abilities.canDelete && (
          <DeleteAction
            confirmTitle={`从共享资源库删除「${row.name}」？已复制到项目的副本不受影响。`}
            busy={busy === row.id}
            onDelete={() => run(row.id, () => deleteSharedResource(row.id), '已删除')}
          />
        )}
      </>
    )),
  ];

  return (
    <ListPage
      title="共享资源库"
      list={list}
      name="shared-library-filters"
      filters={FILTERS}
      columns={columns}
      columnsId="resource-manage/shared-library"
      header={
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {platformStaff
            ? '共享资源对所有项目只读；项目「使用」后得到自己的副本，之后的改名、删除互不影响。'
            : '平台提供的共享视频，只读。点击「使用」复制到本项目的视频资源后即可编辑、用于课程。'}
        </Typography.Paragraph>
      }
      extra={
        platformStaff && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => shareDialog.show(null)}>
            从项目添加
          </Button>
        )
      }
    >
      <VideoPreviewModal
        video={previewing}
        play={getSharedResourcePlayUrl}
        onClose={() => setPreviewing(null)}
      />
      {renaming && (
        <RenameModal key={renaming.row.id} {...rowDialogProps(renaming, renameDialog, list.reload)} />
      )}
      {sharing && <ShareModal {...rowDialogProps(sharing, shareDialog, list.reload)} />}
    </ListPage>
  );
}
