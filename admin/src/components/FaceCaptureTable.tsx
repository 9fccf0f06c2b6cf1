import { FACE_CAPTURE_KIND_LABEL, type FaceCaptureRow } from '@px/api/contract';
import { Image, Space, Tag, Typography } from 'antd';
import { fetchCaptureImage, listFaceCaptures } from '../api/student';
import { useBlobUrl } from '../hooks/useBlobUrl';
import type { ListColumn } from './ListTable';
import { ListView } from './list-page/ListPage';
import { useListCall } from './list-page/list-call';
import { dateTimeColumn, orDash } from './table-columns';

/** A capture's image as a small thumbnail that opens large (fetched with the session). */
function CaptureImage({ id }: { id: number }) {
  const image = useBlobUrl(id, fetchCaptureImage);
  if (image.failed) return <Typography.Text type="secondary">无法读取</Typography.Text>;
  if (!image.url) return <Typography.Text type="secondary">加载中</Typography.Text>;
  return <Image src={image.url} width={48} height={48} style={{ objectFit: 'cover' }} alt={`抓拍 ${id}`} />;
}

function captureColumns(showClass: boolean): ListColumn<FaceCaptureRow>[] {
  return [
    dateTimeColumn<FaceCaptureRow>('抓拍时间', 'createdAt', 170),
    ...(showClass ? [{ title: '班级', dataIndex: 'className', width: 200, render: orDash }] : []),
    {
      title: '类型',
      dataIndex: 'kind',
      width: 110,
      render: (kind: FaceCaptureRow['kind']) => FACE_CAPTURE_KIND_LABEL[kind],
    },
    {
      title: '相似度',
      dataIndex: 'score',
      width: 80,
      align: 'right',
      render: (score: number) => score.toFixed(2),
    },
    {
      title: '结果',
      key: 'result',
      width: 140,
      render: (_value, row) => (
        <Space size={4}>
          {row.passed ? <Tag color="success">通过</Tag> : <Tag color="error">未通过</Tag>}
          {row.simulated && <Tag>模拟比对</Tag>}
        </Space>
      ),
    },
    { title: '说明', dataIndex: 'reason', width: 220, render: orDash },
    { title: '图片', key: 'image', width: 80, render: (_value, row) => <CaptureImage id={row.id} /> },
  ];
}

/**
 * A student's face captures (`student/capture-list`), newest first, paged: time, class, kind,
 * score, passed or not (and 模拟比对 when the provider only simulates), with each image. Given a
 * `myClassId`, only that enrolment's captures (and no class column).
 */
export function FaceCaptureTable({ accountId, myClassId }: { accountId: number; myClassId?: number }) {
  const list = useListCall('student/capture-list', listFaceCaptures, { id: accountId, myClassId });
  return (
    <ListView
      list={list}
      name="face-captures"
      filters={[]}
      columns={captureColumns(myClassId === undefined)}
      columnsId={
        myClassId === undefined
          ? 'student-manage/student-detail/captures'
          : 'train-manage/study-detail/captures'
      }
      table={{ locale: { emptyText: '暂无人脸抓拍记录' } }}
    />
  );
}
