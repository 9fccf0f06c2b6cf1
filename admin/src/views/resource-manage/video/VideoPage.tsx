import UploadOutlined from '@ant-design/icons/UploadOutlined';
import type { ResourceCategoryNode, ResourceItem } from '@px/api/contract';
import { Button, Card, Form, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { deleteResource, getResourceCategoryTree, queryResources } from '../../../api/resource';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { DeleteAction } from '../../../components/RowActions';
import { dateTimeColumn, orDash } from '../../../components/table-columns';
import { usePagedList } from '../../../hooks/usePagedList';
import { useRowAction } from '../../../hooks/useRowAction';
import { CategoryPanel } from './components/CategoryPanel';
import { VideoEditModal } from './components/VideoEditModal';
import { VideoPreviewModal } from './components/VideoPreviewModal';
import { VideoUploadModal } from './components/VideoUploadModal';
import { formatDuration, formatFileSize } from './video-format';
import './video-page.css';

interface VideoFilters {
  name?: string;
  categoryId?: number;
}

/** The project's category tree, loaded once and again after each change. */
function useCategoryTree() {
  const [tree, setTree] = useState<ResourceCategoryNode[]>([]);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const reload = useCallback((next?: ResourceCategoryNode[]) => {
    const id = latest.current + 1;
    latest.current = id;
    if (next) {
      setTree(next);
      return;
    }
    setLoading(true);
    getResourceCategoryTree().then(
      (answer) => {
        if (latest.current !== id) return;
        setTree(answer);
        setLoading(false);
      },
      () => {
        if (latest.current === id) setLoading(false);
      },
    );
  }, []);
  useEffect(() => reload(), [reload]);
  return { tree, loading, reload };
}

/**
 * 视频资源 (project staff): the resource categories on the left (add, rename, delete when empty,
 * drag to reorder or move), the videos of the selected category and below on the right (name
 * filter, paging), with chunked upload and its progress, edit (rename, move), delete and a preview
 * that plays the video from a signed play URL.
 */
export function VideoPage() {
  const categories = useCategoryTree();
  const list = usePagedList<VideoFilters, ResourceItem>(queryResources, {});
  const { busy: busyId, run } = useRowAction<number>(() => {
    list.reload();
    categories.reload();
  });
  const [selectedId, setSelectedId] = useState<number | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<ResourceItem | null>(null);
  const [previewing, setPreviewing] = useState<ResourceItem | null>(null);

  const selectCategory = (id: number | undefined) => {
    setSelectedId(id);
    list.search({ ...list.filters, categoryId: id });
  };

  const search = (values: { name?: string }) =>
    list.search({ name: values.name?.trim() || undefined, categoryId: selectedId });

  const afterChange = () => {
    list.reload();
    categories.reload();
  };

  const columns: ColumnsType<ResourceItem> = [
    {
      title: '视频名称',
      dataIndex: 'name',
      width: 220,
      render: (name: string, video) => (
        <Button type="link" size="small" className="video-page__name" onClick={() => setPreviewing(video)}>
          {name}
        </Button>
      ),
    },
    { title: '所属分类', dataIndex: 'categoryName', width: 180, render: orDash },
    { title: '时长', dataIndex: 'durationSeconds', width: 90, render: formatDuration },
    { title: '大小', dataIndex: 'size', width: 100, align: 'right', render: formatFileSize },
    {
      title: '分辨率',
      key: 'resolution',
      width: 110,
      render: (_value, video) => (video.width && video.height ? `${video.width}×${video.height}` : '—'),
    },
    dateTimeColumn('上传时间', 'createdAt'),
    {
      title: '操作',
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_value, video) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setPreviewing(video)}>
            预览
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(video)}>
            编辑
          </Button>
          <Link to={`/resource-manage/add-question?resourceId=${video.id}`} className="video-page__link">
            弹题
          </Link>
          <DeleteAction
            confirmTitle={`删除视频「${video.name}」？`}
            busy={busyId === video.id}
            onDelete={() => run(video.id, () => deleteResource(video.id), '视频已删除')}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="video-page">
      <Card title="资源分类" className="video-page__categories" size="small">
        <CategoryPanel
          tree={categories.tree}
          loading={categories.loading}
          selectedId={selectedId}
          onSelect={selectCategory}
          onChanged={(next) => {
            categories.reload(next);
            list.reload();
          }}
        />
      </Card>
      <Card title="视频资源" className="video-page__list">
        <ListFilterBar<{ name?: string }>
          name="video-filters"
          onSearch={search}
          onReset={() => list.search({ categoryId: selectedId })}
          extra={
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              上传视频
            </Button>
          }
        >
          <Form.Item name="name" label="视频名称">
            <Input allowClear placeholder="名称中的文字" maxLength={100} />
          </Form.Item>
        </ListFilterBar>
        <Table<ResourceItem>
          rowKey="id"
          columns={columns}
          scroll={{ x: 'max-content' }}
          {...list.tableProps}
        />
      </Card>
      <VideoUploadModal
        open={uploading}
        tree={categories.tree}
        defaultCategoryId={selectedId}
        onClose={() => setUploading(false)}
        onUploaded={() => {
          setUploading(false);
          afterChange();
        }}
      />
      <VideoEditModal
        video={editing}
        tree={categories.tree}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          afterChange();
        }}
      />
      <VideoPreviewModal video={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
