import EditOutlined from '@ant-design/icons/EditOutlined';
import type { StudentDetail, StudentWechatBinding } from '@px/api/contract';
import { formatDateTime } from '@px/config';
import {
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Image,
  Popconfirm,
  Result,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  checkStudentIdentity,
  fetchStudentFacePhoto,
  getStudent,
  unbindStudentWechat,
} from '../../../api/student';
import { EnrolmentTable } from '../../../components/EnrolmentTable';
import { FaceCaptureTable } from '../../../components/FaceCaptureTable';
import { IdentityTag } from '../../../components/IdentityTag';
import { RecordPending } from '../../../components/RecordPending';
import { RowsTable } from '../../../components/RowsTable';
import { StatusTag } from '../../../components/StatusTag';
import { dateTimeColumn } from '../../../components/table-columns';
import { useAccess } from '../../../hooks/useAccess';
import { useBlobUrl } from '../../../hooks/useBlobUrl';
import { useRecord } from '../../../hooks/useRecord';
import { useUnitChoices } from '../../../hooks/useUnitChoices';
import { readPositiveId } from '../../../utils/query-id';
import {
  REPORT_STUDENT_PAGE,
  reportStudentPath,
  STUDENT_LIST_PAGE,
  STUDY_DETAIL_PAGE,
} from '../../../utils/study-paths';
import { StudentEditModal } from './components/StudentEditModal';

const GENDER_LABEL = { male: '男', female: '女' } as const;

/**
 * 实名核验: the latest check of the student's current name and ID number (when, and whether by the
 * simulated service) with 核验 as the server allows it (else disabled with the reason).
 */
function IdentityCheck({ student, onChecked }: { student: StudentDetail; onChecked: () => void }) {
  const [busy, setBusy] = useState(false);
  const { identity, abilities } = student;
  const check = async () => {
    setBusy(true);
    try {
      await checkStudentIdentity(student.id);
      onChecked();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button size="small" loading={busy} disabled={!abilities.canIdCardCheck} onClick={() => void check()}>
      {identity ? '重新核验' : '核验'}
    </Button>
  );
  return (
    <Space wrap>
      <IdentityTag result={identity?.result ?? null} />
      {identity && (
        <Typography.Text type="secondary">
          {identity.resultText}，{formatDateTime(identity.checkedAt)}
          {identity.simulated ? '（模拟核验）' : ''}
        </Typography.Text>
      )}
      {abilities.canIdCardCheck ? button : <Tooltip title={abilities.idCardCheckRefusal}>{button}</Tooltip>}
    </Space>
  );
}

/** The profile of a student as Descriptions items. */
function profileItems(student: StudentDetail, onIdentityChecked: () => void): DescriptionsProps['items'] {
  return [
    { key: 'realName', label: '姓名', children: student.realName },
    { key: 'idCardNo', label: '身份证号', children: student.idCardNo || '—' },
    {
      key: 'identity',
      label: '实名核验',
      children: <IdentityCheck student={student} onChecked={onIdentityChecked} />,
    },
    {
      key: 'gender',
      label: '性别 / 出生日期',
      children: student.gender ? `${GENDER_LABEL[student.gender]} / ${student.birthDate}` : '—',
    },
    { key: 'mobile', label: '手机号', children: student.mobile || '—' },
    { key: 'email', label: '邮箱', children: student.email || '—' },
    { key: 'unit', label: '所属单位', children: student.unitName || '—' },
    { key: 'status', label: '状态', children: <StatusTag status={student.status} /> },
    {
      key: 'password',
      label: '登录密码',
      children: student.hasPassword ? '已设置' : '未设置（短信验证码或微信登录，或通过忘记密码设置）',
    },
    { key: 'createdAt', label: '注册时间', children: formatDateTime(student.createdAt) },
    {
      key: 'lastLoginAt',
      label: '最近登录',
      children: student.lastLoginAt ? formatDateTime(student.lastLoginAt) : '从未登录',
    },
  ];
}

/** 微信绑定: the student's WeChat bindings with 解除绑定 (the student then binds again at sign-in). */
function WechatCard({ student, onChanged }: { student: StudentDetail; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const unbind = async () => {
    setBusy(true);
    try {
      await unbindStudentWechat(student.id);
      onChanged();
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      title="微信绑定"
      extra={
        student.wechat.length > 0 && (
          <Popconfirm
            title="解除该学员的微信绑定？"
            description="解除后学员再次在微信中登录时需要重新绑定。"
            okText="解除绑定"
            cancelText="取消"
            onConfirm={unbind}
          >
            <Button danger loading={busy}>
              解除绑定
            </Button>
          </Popconfirm>
        )
      }
    >
      <RowsTable
        rowKey={(row) => `${row.wxappName}-${row.boundAt}`}
        dataSource={student.wechat}
        empty="未绑定微信"
        columns={[
          { title: '公众号', dataIndex: 'wxappName', width: 200 },
          {
            title: '微信昵称',
            dataIndex: 'nickname',
            width: 160,
            render: (name: string | null) => name || '—',
          },
          dateTimeColumn<StudentWechatBinding>('绑定时间', 'boundAt', 180),
        ]}
      />
    </Card>
  );
}

/** 人脸核验: the reference photo, when the student agreed to the face agreement, then every face capture. */
function FaceCard({ student }: { student: StudentDetail }) {
  const photo = useBlobUrl(student.facePhoto.hasPhoto ? student.id : null, fetchStudentFacePhoto);
  return (
    <Card title="人脸核验">
      <Flex vertical gap={16}>
        <Flex gap={16} align="center">
          <Typography.Text strong>人脸照片</Typography.Text>
          {student.facePhoto.hasPhoto ? (
            photo.url ? (
              <Image src={photo.url} width={96} alt="人脸照片" />
            ) : (
              <Typography.Text type="secondary">{photo.failed ? '照片无法读取' : '加载中'}</Typography.Text>
            )
          ) : (
            <Typography.Text type="secondary">未上传</Typography.Text>
          )}
          {student.facePhoto.updatedAt && (
            <Typography.Text type="secondary">
              更新于 {formatDateTime(student.facePhoto.updatedAt)}
            </Typography.Text>
          )}
        </Flex>
        <Flex gap={16} align="center">
          <Typography.Text strong>人脸识别授权</Typography.Text>
          {student.faceConsentAt ? (
            <Typography.Text>已同意 {formatDateTime(student.faceConsentAt)}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">未同意</Typography.Text>
          )}
        </Flex>
        <Typography.Text strong>抓拍记录（{student.captureCount}）</Typography.Text>
        <FaceCaptureTable accountId={student.id} />
      </Flex>
    </Card>
  );
}

/**
 * 学员详情 (hidden page, `?id=`): a student's profile (ID number in full) with 编辑, the WeChat
 * bindings with 解除绑定, the enrolments with state and credited hours (学习详情 links to the
 * study archive for roles granted it), and the face photo with every capture.
 */
export function StudentDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = readPositiveId(params.get('id'));
  const access = useAccess();
  const state = useRecord(id, getStudent);
  const units = useUnitChoices();
  const [editor, setEditor] = useState<boolean | null>(null);

  const back = access.can(STUDENT_LIST_PAGE) ? (
    <Button onClick={() => navigate(STUDENT_LIST_PAGE)}>返回列表</Button>
  ) : null;
  if (id === null)
    return <Result status="warning" title="未指定学员" subTitle="请从学员列表进入学员详情。" extra={back} />;
  if (state.status !== 'ready') return <RecordPending state={state} onRetry={state.reload} back={back} />;
  const student = state.record;

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Space>
            学员详情
            {student.needComplete && <Tag color="warning">待完善资料</Tag>}
          </Space>
        }
        extra={
          <Space>
            {access.can(REPORT_STUDENT_PAGE) && <Link to={reportStudentPath(student.id)}>学习档案</Link>}
            {back}
            <Button type="primary" icon={<EditOutlined />} onClick={() => setEditor(true)}>
              编辑
            </Button>
          </Space>
        }
      >
        <Descriptions bordered column={{ xs: 1, md: 2 }} items={profileItems(student, state.reload)} />
        {editor !== null && (
          <StudentEditModal
            open={editor}
            student={student}
            units={units.choices}
            onClose={() => setEditor(false)}
            onSaved={(saved) => {
              state.set(saved);
              setEditor(false);
            }}
            afterClose={() => setEditor(null)}
          />
        )}
      </Card>
      <Card title={`报名班级（${student.enrolments.length}）`}>
        <EnrolmentTable enrolments={student.enrolments} canOpenStudy={access.can(STUDY_DETAIL_PAGE)} />
      </Card>
      <WechatCard student={student} onChanged={state.reload} />
      <FaceCard key={student.id} student={student} />
    </Flex>
  );
}
