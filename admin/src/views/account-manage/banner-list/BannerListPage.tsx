import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { BannerImage, BannerItem, BannerWindowState } from '@px/api/contract';
import { Button, Card, Form, Image, Input, message, Space, Tag, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  deleteBanner,
  listBanners,
  saveBanner,
  setBannerStatus,
  sortBanners,
  uploadBannerImage,
} from '../../../api/banner';
import { fieldErrorsOf } from '../../../api/request';
import { DateField } from '../../../components/DateFields';
import { FormModal } from '../../../components/FormModal';
import { type ListColumn, ListTable } from '../../../components/ListTable';
import { actionsColumn, editDeleteActions, StatusAction } from '../../../components/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { useRowAction } from '../../../hooks/useRowAction';
import { required } from '../../../utils/form-rules';

/** How the form holds the display window's ends: a local day and time to the minute. */
const BANNER_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';

const WINDOW_LABEL: Record<BannerWindowState, { text: string; color: string }> = {
  PENDING: { text: '未开始', color: 'blue' },
  ACTIVE: { text: '展示中', color: 'green' },
  ENDED: { text: '已结束', color: 'default' },
};

/** `2025-05-01T08:30` (what the form's date-time fields hold, `BANNER_TIME_FORMAT`) of an ISO instant, in local time. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The ISO instant of a form's date-time value (local time), or undefined when blank. */
export function fromLocalInput(value: string | undefined): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}

/** The ids of `list` with the one at `index` moved by `step` (-1 up, +1 down). */
export function moved(list: readonly { id: number }[], index: number, step: -1 | 1): number[] {
  const ids = list.map((row) => row.id);
  const target = index + step;
  if (target < 0 || target >= ids.length) return ids;
  [ids[index], ids[target]] = [ids[target] as number, ids[index] as number];
  return ids;
}

function windowText(banner: Pick<BannerItem, 'startAt' | 'endAt'>): string {
  if (!banner.startAt && !banner.endAt) return '长期';
  const show = (iso: string | null) => (iso ? toLocalInput(iso).replace('T', ' ') : '不限');
  return `${show(banner.startAt)} 至 ${show(banner.endAt)}`;
}

interface EditorValues {
  title: string;
  link?: string;
  startAt?: string;
  endAt?: string;
}

/** The add/edit modal: title, image upload with preview, link and display window. */
function BannerEditor({
  banner,
  onClose,
  onSaved,
}: {
  banner: BannerItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<EditorValues>();
  const [image, setImage] = useState<BannerImage | null>(banner?.image ?? null);
  const [uploading, setUploading] = useState(false);
  const [imageError, setImageError] = useState<string | undefined>();

  const upload = async (file: File) => {
    setUploading(true);
    setImageError(undefined);
    try {
      setImage(await uploadBannerImage(file, file.name));
    } catch {
      // The request client has shown why.
    } finally {
      setUploading(false);
    }
  };

  const submit = async (values: EditorValues) => {
    if (!image) return;
    try {
      await saveBanner({
        ...(banner ? { id: banner.id } : {}),
        title: values.title,
        imageId: image.id,
        link: values.link?.trim() || undefined,
        startAt: fromLocalInput(values.startAt),
        endAt: fromLocalInput(values.endAt),
      });
      void message.success(banner ? '轮播图已保存' : '轮播图已添加');
      onSaved();
    } catch (error) {
      const imageIssue = fieldErrorsOf(error).find((fieldError) => fieldError.field === 'imageId');
      if (imageIssue) setImageError(imageIssue.message);
      throw error;
    }
  };

  return (
    <FormModal<EditorValues>
      open
      title={banner ? '编辑轮播图' : '添加轮播图'}
      okText="保存"
      name="banner-editor"
      form={form}
      destroyOnHidden
      okDisabled={uploading}
      check={() => {
        if (!image) setImageError('请上传图片');
        return image !== null;
      }}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{
        title: banner?.title ?? '',
        link: banner?.link ?? '',
        startAt: toLocalInput(banner?.startAt ?? null),
        endAt: toLocalInput(banner?.endAt ?? null),
      }}
    >
      <Form.Item name="title" label="标题" rules={[required('请填写标题')]}>
        <Input maxLength={50} showCount />
      </Form.Item>
      <Form.Item
        label="图片"
        required
        validateStatus={imageError ? 'error' : undefined}
        help={imageError ?? 'PNG、JPEG 或 WebP，不超过 2 MB，建议 750×300'}
      >
        <Space orientation="vertical">
          {image && (
            <Image
              src={image.url}
              alt="轮播图预览"
              width={300}
              preview={false}
              data-testid="banner-preview"
            />
          )}
          {image && (
            <span>
              {image.width}×{image.height}，{Math.ceil(image.size / 1024)} KB
            </span>
          )}
          <Upload
            accept="image/png,image/jpeg,image/webp"
            showUploadList={false}
            beforeUpload={(file) => {
              if (file.size > 2 * 1024 * 1024) {
                setImageError('图片不能超过 2 MB');
                return Upload.LIST_IGNORE;
              }
              void upload(file);
              return false;
            }}
          >
            <Button loading={uploading}>{image ? '更换图片' : '上传图片'}</Button>
          </Upload>
        </Space>
      </Form.Item>
      <Form.Item
        name="link"
        label="链接"
        extra="站内页面路径（如 /detail-public?id=1）或 https:// 开头的网址，可不填"
      >
        <Input maxLength={500} placeholder="/detail-public?id=1" />
      </Form.Item>
      <Space size="large">
        <Form.Item name="startAt" label="开始展示">
          <DateField withTime valueFormat={BANNER_TIME_FORMAT} placeholder="不限" />
        </Form.Item>
        <Form.Item
          name="endAt"
          label="结束展示"
          dependencies={['startAt']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value?: string) => {
                const start = getFieldValue('startAt') as string | undefined;
                return value && start && value <= start
                  ? Promise.reject(new Error('结束时间应晚于开始时间'))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <DateField withTime valueFormat={BANNER_TIME_FORMAT} placeholder="不限" />
        </Form.Item>
      </Space>
    </FormModal>
  );
}

/**
 * H5轮播图 (project staff): the project's banners in display order with thumbnails; add and edit in
 * a modal (image upload with preview, link, display window), enable/disable, delete after
 * confirmation, and reorder with 上移/下移.
 */
export function BannerListPage() {
  const [rows, setRows] = useState<BannerItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<BannerItem | 'new' | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setRows((await listBanners()).list);
    } catch {
      // The request client has shown why.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const { busy: busyId, run } = useRowAction<number>(() => void reload());

  const move = (index: number, step: -1 | 1) => {
    const row = rows[index] as BannerItem;
    return run(row.id, async () => setRows((await sortBanners(moved(rows, index, step))).list), '顺序已调整');
  };

  const columns: ListColumn<BannerItem>[] = [
    { title: '顺序', key: 'order', width: 60, render: (_value, _row, index) => index + 1 },
    {
      title: '图片',
      key: 'image',
      width: 170,
      render: (_value, banner) => (
        <Image
          src={banner.image.url}
          alt={banner.title}
          width={150}
          height={60}
          style={{ objectFit: 'cover' }}
        />
      ),
    },
    { title: '标题', dataIndex: 'title', width: 180 },
    {
      title: '链接',
      dataIndex: 'link',
      width: 180,
      optional: 'hidden',
      render: (link: string | null) => link ?? '—',
    },
    {
      title: '展示时间',
      key: 'window',
      width: 200,
      optional: 'shown',
      ellipsis: false,
      render: (_value, banner) => (
        <Space size={4}>
          <span>{windowText(banner)}</span>
          <Tag color={WINDOW_LABEL[banner.windowState].color}>{WINDOW_LABEL[banner.windowState].text}</Tag>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (status: BannerItem['status']) => <StatusTag status={status} />,
    },
    actionsColumn(
      220,
      (banner, index) => (
        <>
          <Button
            type="link"
            size="small"
            disabled={busyId !== null || index === 0}
            onClick={() => void move(index, -1)}
          >
            上移
          </Button>
          <Button
            type="link"
            size="small"
            disabled={busyId !== null || index === rows.length - 1}
            onClick={() => void move(index, 1)}
          >
            下移
          </Button>
          {editDeleteActions({
            onEdit: () => setEditing(banner),
            between: (
              <StatusAction
                enabled={banner.status === 'ENABLED'}
                confirmTitle={`停用轮播图「${banner.title}」？`}
                confirmDescription="停用后 H5 首页不再展示这张轮播图。"
                busy={busyId === banner.id}
                onDisable={() => run(banner.id, () => setBannerStatus(banner.id, 'DISABLED'), '轮播图已停用')}
                onEnable={() => run(banner.id, () => setBannerStatus(banner.id, 'ENABLED'), '轮播图已启用')}
              />
            ),
            deleteTitle: `删除轮播图「${banner.title}」？`,
            busy: busyId === banner.id,
            onDelete: () => run(banner.id, () => deleteBanner(banner.id), '轮播图已删除'),
          })}
        </>
      ),
      { wrap: true },
    ),
  ];

  return (
    <Card
      title="H5轮播图"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          添加轮播图
        </Button>
      }
    >
      <ListTable<BannerItem>
        columnsId="account-manage/banner-list"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
      />
      {editing && (
        <BannerEditor
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
    </Card>
  );
}
