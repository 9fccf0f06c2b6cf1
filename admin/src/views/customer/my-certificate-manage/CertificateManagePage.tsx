import {
  CERTIFICATE_KIND_LABELS,
  CERTIFICATE_MANAGE_PAGE,
  type CertificateManageItem,
  SKILL_LEVEL_LABELS,
} from '@px/api/contract';
import { RESP_DESC } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { Button, Flex, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  deleteCertificate,
  disableCertificate,
  enableCertificate,
  getCertificateClassOptions,
  listCertificates,
  previewCertificate,
} from '../../../api/my-certificate';
import { CertificateStateTag } from '../../../components/CertificateDetail';
import { ClassChoiceSelect } from '../../../components/ClassChoiceSelect';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListPage } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { RefusedAction } from '../../../components/RowActions';
import { useAccess } from '../../../hooks/useAccess';
import { useClassChoices } from '../../../hooks/useClassChoices';
import { useRowAction } from '../../../hooks/useRowAction';
import { readChoiceParam } from '../../../utils/query-id';
import {
  CERTIFICATE_KIND_OPTIONS,
  CERTIFICATE_STATE_OPTIONS,
  certificateFileName,
  certificatePrintPath,
} from './certificate-meta';
import { CertificateDetailDrawer } from './components/CertificateDetailDrawer';
import { CertificateEditModal } from './components/CertificateEditModal';
import { SkillInitModal } from './components/SkillInitModal';

/** The 补打状态 filter's one choice: certificates corrected since they were last reprinted. */
const REPRINT_OPTIONS = [{ value: 'DUE' as const, label: '待补打' }];

interface RowActions {
  onDetail: (row: CertificateManageItem) => void;
  onPreview: (row: CertificateManageItem) => void;
  onEdit: (row: CertificateManageItem) => void;
  onToggle: (row: CertificateManageItem) => Promise<void>;
  onDelete: (row: CertificateManageItem) => Promise<void>;
}

/** A refusal of the caller's role (the action is never theirs: not shown), not of the row. */
const roleRefused = (refusal: string | null) => refusal === RESP_DESC.FORBIDDEN;

/**
 * 补打 of a row by its abilities: a link to 证书打印 when allowed, offered disabled with the reason
 * when the certificate refuses it (a disabled one), not shown to a role that may not reprint.
 */
function ReprintAction({ row }: { row: CertificateManageItem }) {
  const { canReprint, reprintRefusal } = row.abilities;
  if (canReprint) return <Link to={certificatePrintPath(row.id)}>补打</Link>;
  return roleRefused(reprintRefusal) ? null : <RefusedAction label="补打" refusal={reprintRefusal} />;
}

function certificateColumns(actions: RowActions): ListColumn<CertificateManageItem>[] {
  return [
    {
      title: '证书编号',
      dataIndex: 'certificateNo',
      width: 170,
      render: (no: string, row) => (
        <Flex vertical>
          <Typography.Link onClick={() => actions.onDetail(row)}>{no}</Typography.Link>
          <Typography.Text type="secondary">验证码 {row.verifyCode}</Typography.Text>
        </Flex>
      ),
    },
    { title: '姓名', dataIndex: 'studentName', width: 90 },
    { title: '身份证号', dataIndex: 'idCardNo', width: 150 },
    {
      title: '班级 / 类型',
      dataIndex: 'className',
      width: 200,
      ellipsis: false,
      render: (name: string, row) =>
        row.kind === 'SKILL' && row.skillLevel ? (
          <Flex vertical>
            <span>{row.skillName}</span>
            <Typography.Text type="secondary">
              {CERTIFICATE_KIND_LABELS.SKILL} · {SKILL_LEVEL_LABELS[row.skillLevel]}
            </Typography.Text>
          </Flex>
        ) : (
          <Flex vertical>
            <span>{name}</span>
            <Typography.Text type="secondary">
              {CERTIFICATE_KIND_LABELS[row.kind]} · {row.year}年度
            </Typography.Text>
          </Flex>
        ),
    },
    {
      title: '学时 / 成绩',
      key: 'hours',
      width: 90,
      optional: 'hidden',
      ellipsis: false,
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.kind === 'SKILL' ? '—' : `${row.totalHours} 学时`}</span>
          <Typography.Text type="secondary">
            {row.score === null ? (row.kind === 'SKILL' ? '无成绩' : '无考试') : `${row.score} 分`}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: '发证日期', dataIndex: 'issueDate', width: 112, optional: 'shown' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 86,
      render: (status: CertificateManageItem['status']) => <CertificateStateTag status={status} />,
    },
    { title: '补打次数', dataIndex: 'printCount', width: 96, optional: 'hidden' },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_value, row) => (
        <Space size={4} wrap>
          <Button type="link" size="small" onClick={() => actions.onPreview(row)}>
            预览
          </Button>
          {row.abilities.canEdit && (
            <Button type="link" size="small" onClick={() => actions.onEdit(row)}>
              编辑
            </Button>
          )}
          {row.abilities.canToggle && (
            <Popconfirm
              title={row.status === 'VALID' ? '停用后公开查询将显示已停用，确定停用？' : '确定启用该证书？'}
              onConfirm={() => actions.onToggle(row)}
            >
              <Button type="link" size="small" danger={row.status === 'VALID'}>
                {row.status === 'VALID' ? '停用' : '启用'}
              </Button>
            </Popconfirm>
          )}
          {row.abilities.canDelete && (
            <Popconfirm title="删除后证书将无法查询，确定删除？" onConfirm={() => actions.onDelete(row)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
          <ReprintAction row={row} />
        </Space>
      ),
    },
  ];
}

/**
 * 证书管理 (project staff): the project's issued certificates (class, year and skill) with filters
 * 姓名, 身份证号, 班级, 证书编号/验证码, 状态, 类型; each opens 证书详情, 预览 (the PDF, saved as a file;
 * not counted as a print), 编辑 (corrections, audited), 停用 / 启用, 删除 and 补打, each as the row's
 * abilities from the server allow (the certificate policy: 证书管理 for the first three, 证书打印 and a
 * valid certificate for 补打). 录入技能证书 (holders of 证书管理) issues a skill certificate to a student.
 * 补打状态 待补打 (`?reprint=DUE`, home's 证书待补打) lists the certificates corrected since they were
 * last reprinted.
 */
export function CertificateManagePage() {
  const [params] = useSearchParams();
  const list = useListCall('my-certificate/page', listCertificates, {
    reprint: readChoiceParam(params.get('reprint'), ['DUE'] as const),
  });
  const classes = useClassChoices(getCertificateClassOptions);
  const filters: FilterField<FiltersOf<'my-certificate/page'>>[] = [
    { kind: 'text', name: 'name', label: '姓名', maxLength: 50, width: 120 },
    { kind: 'text', name: 'idCardNo', label: '身份证号', maxLength: 18, width: 180 },
    {
      kind: 'text',
      name: 'certificateNo',
      label: '证书编号',
      placeholder: '编号或验证码',
      maxLength: 32,
      width: 180,
    },
    { kind: 'custom', name: 'classId', label: '班级', control: <ClassChoiceSelect classes={classes} /> },
    { kind: 'select', name: 'status', label: '状态', options: CERTIFICATE_STATE_OPTIONS, width: 100 },
    { kind: 'select', name: 'kind', label: '类型', options: CERTIFICATE_KIND_OPTIONS, width: 130 },
    { kind: 'select', name: 'reprint', label: '补打状态', options: REPRINT_OPTIONS, width: 110 },
  ];
  const access = useAccess();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [editing, setEditing] = useState<CertificateManageItem | null>(null);
  const [issuing, setIssuing] = useState(false);

  const { run } = useRowAction<number>(list.reload);
  const columns = certificateColumns({
    onDetail: (row) => setDetailId(row.id),
    onPreview: (row) =>
      void previewCertificate(row.id).then(
        (pdf) => saveBlobAs(pdf, certificateFileName(row.certificateNo)),
        () => undefined,
      ),
    onEdit: setEditing,
    onToggle: (row) =>
      run(
        row.id,
        () => (row.status === 'VALID' ? disableCertificate(row.id) : enableCertificate(row.id)),
        row.status === 'VALID' ? '已停用' : '已启用',
      ),
    onDelete: (row) => run(row.id, () => deleteCertificate(row.id), '已删除'),
  });

  return (
    <ListPage
      title="证书管理"
      titleExtra={
        access.can(CERTIFICATE_MANAGE_PAGE) && (
          <Button type="primary" onClick={() => setIssuing(true)}>
            录入技能证书
          </Button>
        )
      }
      list={list}
      name="certificate-filters"
      filters={filters}
      columns={columns}
      columnsId="customer/my-certificate-manage"
    >
      <CertificateDetailDrawer certificateId={detailId} onClose={() => setDetailId(null)} />
      <SkillInitModal
        open={issuing}
        onClose={() => setIssuing(false)}
        onIssued={() => {
          setIssuing(false);
          list.reload();
        }}
      />
      <CertificateEditModal
        certificate={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </ListPage>
  );
}
