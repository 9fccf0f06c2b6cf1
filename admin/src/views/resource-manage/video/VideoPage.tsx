import UploadOutlined from '@ant-design/icons/UploadOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import type { ResourceCategoryNode, ResourceItem } from '@px/api/contract';
import { audioLanguageName } from '@px/config';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  deleteResource,
  deleteResourceCategory,
  dragResourceCategory,
  getResourceCategoryTree,
  getResourceDownloadUrl,
  queryResources,
  repackageResource,
  retryResourcePackaging,
  saveResourceCategory,
} from '../../../api/resource';
import type { ListColumn } from '../../../components/ListTable';
import type { FilterField } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { actionsColumn, editDeleteActions } from '../../../components/RowActions';
import { dateTimeColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { CategoryListPage, categoryColumn, itemNameColumn } from '../components/CategoryListPage';
import type { CategoryKind } from '../components/CategoryPanel';
import { useCategoryRows } from '../components/useCategoryPanel';
import { addQuestionPath } from '../course/course-meta';
import { UploadErrorsDrawer } from './components/UploadErrorsDrawer';
import { VideoEditModal } from './components/VideoEditModal';
import { VideoPreviewModal } from './components/VideoPreviewModal';
import { VideoUploadModal } from './components/VideoUploadModal';
import { formatDuration, formatFileSize } from './video-format';
import './video-page.css';

/** What the video list calls a video's state (its packaging, docs/video.md). */
export const VIDEO_STATUS_LABEL: Record<ResourceItem['status'], string> = {
  PROCESSING: '转码中',
  READY: '可播放',
  FAILED: '失败',
};
const VIDEO_STATUS_COLOR: Record<ResourceItem['status'], string> = {
  PROCESSING: 'processing',
  READY: 'success',
  FAILED: 'error',
};

/** Opens the original file of a video (a signed, expiring URL) for download. */
async function downloadOriginal(video: ResourceItem): Promise<void> {
  const answer = await getResourceDownloadUrl(video.id);
  if (!answer.url) return;
  const link = document.createElement('a');
  link.href = answer.url;
  link.download = video.fileName;
  link.click();
}

/** The filters of the video list beside the category chosen on the left. */
const VIDEO_FILTERS: FilterField<FiltersOf<'resource/query'>>[] = [
  { kind: 'text', name: 'name', label: '视频名称', placeholder: '名称中的文字', maxLength: 100 },
];

/** The resource category tree as the video screen shows it. */
const RESOURCE_CATEGORIES: CategoryKind<ResourceCategoryNode> = {
  title: '资源分类',
  allLabel: '全部视频',
  formName: 'resource-category-form',
  countOf: (node) => node.resourceCount,
  countText: (count) => `${count} 个视频`,
  calls: {
    tree: getResourceCategoryTree,
    save: saveResourceCategory,
    drag: dragResourceCategory,
    remove: deleteResourceCategory,
  },
};

/**
 * 视频资源 (project staff): the resource categories on the left (add, rename, delete when empty,
 * drag to reorder or move), the videos of the selected category and below on the right (name
 * filter, paging), with chunked upload and its progress, edit (rename, move), delete, a preview
 * that plays the video from a signed play URL (encrypted HLS once packaged), its state (转码中 /
 * 可播放 / 失败 with the reason, 重试; 重新转码 of a ready video, 重新转码中 while it runs and
 * 重新转码失败 with the reason when it failed; under it the languages packaging found in its audio), the
 * original file's download, and the log of failed uploads (上传失败记录).
 */
export function VideoPage() {
  const list = useListCall('resource/query', queryResources);
  const { categories, afterChange, busy: busyId, run } = useCategoryRows(RESOURCE_CATEGORIES, list);
  const selectedId = categories.selectedId;
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<ResourceItem | null>(null);
  const [previewing, setPreviewing] = useState<ResourceItem | null>(null);
  const [showingErrors, setShowingErrors] = useState(false);
  const canAddQuestions = useAccess().can('/resource-manage/add-question');

  const columns: ListColumn<ResourceItem>[] = [
    itemNameColumn<ResourceItem>('视频名称', 180, setPreviewing),
    categoryColumn<ResourceItem>('所属分类', 150),
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 100,
      render: (_value, video) => {
        const tag = <Tag color={VIDEO_STATUS_COLOR[video.status]}>{VIDEO_STATUS_LABEL[video.status]}</Tag>;
        const state = video.statusReason ? <Tooltip title={video.statusReason}>{tag}</Tooltip> : tag;
        // A ready video being packaged again plays its package meanwhile; a failed re-package kept it.
        const status = (
          <>
            {state}
            {video.repackaging && <Tag color="processing">重新转码中</Tag>}
            {video.repackageFailure && (
              <Tooltip title={video.repackageFailure}>
                <Tag color="warning">重新转码失败</Tag>
              </Tooltip>
            )}
          </>
        );
        if (!video.audioLanguages.length) return status;
        // The languages packaging found in its audio (a column of its own would not fit 1280 px).
        const languages = video.audioLanguages.map(audioLanguageName).join(' / ');
        return (
          <>
            {status}
            <div className="video-page__languages" title={`音轨语言：${languages}`}>
              {languages}
            </div>
          </>
        );
      },
    },
    { title: '时长', dataIndex: 'durationSeconds', key: 'duration', width: 80, render: formatDuration },
    {
      title: '大小',
      dataIndex: 'size',
      key: 'size',
      width: 90,
      align: 'right',
      optional: 'hidden',
      render: formatFileSize,
    },
    {
      title: '分辨率',
      key: 'resolution',
      width: 110,
      optional: 'hidden',
      render: (_value, video) => (video.width && video.height ? `${video.width}×${video.height}` : '—'),
    },
    {
      ...dateTimeColumn<ResourceItem>('上传时间', 'createdAt', 150, 'YYYY-MM-DD HH:mm'),
      key: 'createdAt',
      width: 150,
      // Behind 列设置 since 重新转码 widened 操作: the list fits 1280 px (newcomer walk).
      optional: 'hidden',
    },
    actionsColumn(300, (video) => (
      <>
        {video.status === 'READY' && (
          <Button type="link" size="small" onClick={() => setPreviewing(video)}>
            预览
          </Button>
        )}
        {video.status === 'FAILED' && (
          <Button
            type="link"
            size="small"
            loading={busyId === video.id}
            onClick={() => run(video.id, () => retryResourcePackaging(video.id), '已重新开始转码')}
          >
            重试
          </Button>
        )}
        {video.abilities.canRepackage && (
          <Popconfirm
            title={`重新转码「${video.name}」？`}
            description="用当前的转码程序重新生成播放文件；完成前继续播放原来的版本"
            okText="重新转码"
            cancelText="取消"
            onConfirm={() => run(video.id, () => repackageResource(video.id), '已开始重新转码')}
          >
            <Button type="link" size="small" disabled={busyId === video.id}>
              重新转码
            </Button>
          </Popconfirm>
        )}
        <Button type="link" size="small" onClick={() => void downloadOriginal(video).catch(() => undefined)}>
          下载
        </Button>
        {editDeleteActions({
          onEdit: () => setEditing(video),
          between: canAddQuestions && (
            <Link to={addQuestionPath(video.id)} className="video-page__link">
              弹题
            </Link>
          ),
          deleteTitle: `删除视频「${video.name}」？`,
          busy: busyId === video.id,
          onDelete: () => run(video.id, () => deleteResource(video.id), '视频已删除'),
        })}
      </>
    )),
  ];

  return (
    <CategoryListPage
      categories={categories}
      title="视频资源"
      list={list}
      name="video-filters"
      filters={VIDEO_FILTERS}
      columns={columns}
      columnsId="resource-manage/video"
      extra={
        <Space>
          <Button icon={<WarningOutlined />} onClick={() => setShowingErrors(true)}>
            上传失败记录
          </Button>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            上传视频
          </Button>
        </Space>
      }
    >
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
      <UploadErrorsDrawer open={showingErrors} onClose={() => setShowingErrors(false)} />
    </CategoryListPage>
  );
}
