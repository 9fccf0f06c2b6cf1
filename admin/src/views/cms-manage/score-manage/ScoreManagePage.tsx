import {
  type CmsBatchOption,
  SCORE_ABSENT_TEXT,
  SCORE_IMPORT_MAX_ROWS,
  type ScoreRow,
} from '@px/api/contract';
import { formatDateTime } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { Button, Checkbox, Form, InputNumber, Modal, message, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import {
  deleteScores,
  downloadScoreErrors,
  downloadScoreTemplate,
  exportScores,
  importScores,
  publishScores,
  queryScores,
  unpublishScores,
  updateScores,
} from '../../../api/cms';
import { FormModal } from '../../../components/FormModal';
import type { ListColumn } from '../../../components/ListTable';
import { type FilterField, ListView } from '../../../components/list-page/ListPage';
import { type FiltersOf, useListCall } from '../../../components/list-page/list-call';
import { LIST_TIME, StudentCell } from '../../../components/table-columns';
import { XlsxImportModal } from '../../../components/XlsxImportModal';
import { useRowDialog } from '../../../hooks/useRowDialog';
import { BatchCard, levelText } from '../cms-meta';

type ScoreFilters = FiltersOf<'score/query'>;

interface ScoreValues {
  scores: { subjectId: number; score: number | null; absent: boolean }[];
}

/** 录入成绩 / 修改成绩: a candidate's score of every subject, or 缺考. */
function ScoreModal({
  row,
  batch,
  open,
  onClose,
  onSaved,
  afterClose,
}: {
  row: ScoreRow;
  batch: CmsBatchOption;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  afterClose: () => void;
}) {
  const [form] = Form.useForm<ScoreValues>();
  const values: ScoreValues = {
    scores: batch.subjects.map((subject) => {
      const score = row.scores.find((item) => item.subjectId === subject.id);
      return { subjectId: subject.id, score: score?.score ?? null, absent: score?.absent ?? false };
    }),
  };
  return (
    <FormModal<ScoreValues>
      open={open}
      afterClose={afterClose}
      title={`成绩：${row.realName}`}
      okText="保存"
      name="cms-score"
      form={form}
      values={values}
      showOtherErrors
      onSubmit={async (submitted) => {
        await updateScores({
          applyId: row.applyId,
          scores: submitted.scores.map((item, index) => ({
            subjectId: values.scores[index]?.subjectId ?? item.subjectId,
            score: item.absent ? null : item.score,
            absent: Boolean(item.absent),
          })),
        });
        void message.success('成绩已保存');
        onSaved();
      }}
      onClose={onClose}
    >
      <Form.List name="scores">
        {(fields) =>
          fields.map((field, index) => {
            const subject = batch.subjects[index];
            if (!subject) return null;
            return (
              <Space key={field.key} align="baseline">
                <Form.Item
                  label={`${subject.name}（满分 ${subject.fullMark}，及格 ${subject.passMark}）`}
                  name={[field.name, 'score']}
                  dependencies={[['scores', field.name, 'absent']]}
                  rules={[
                    ({ getFieldValue }) => ({
                      validator: async (_rule, value: number | null) => {
                        if (getFieldValue(['scores', field.name, 'absent'])) return;
                        if (value === null || value === undefined) throw new Error('请填写成绩或标记缺考');
                        if (value > subject.fullMark) throw new Error(`成绩不能超过满分 ${subject.fullMark}`);
                      },
                    }),
                  ]}
                >
                  <InputNumber min={0} max={1000} precision={1} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item name={[field.name, 'absent']} valuePropName="checked">
                  <Checkbox>缺考</Checkbox>
                </Form.Item>
              </Space>
            );
          })
        }
      </Form.List>
    </FormModal>
  );
}

/** The scores of one batch: the list, editing, import, export and publishing. */
function BatchScores({ batch, onChanged }: { batch: CmsBatchOption; onChanged: () => void }) {
  const list = useListCall('score/query', queryScores, { batchId: batch.id });
  // The batch's abilities (发布成绩 needs scores) follow its scores: asked again after each change.
  const reload = () => {
    list.reload();
    onChanged();
  };
  const [editing, editDialog] = useRowDialog<ScoreRow>();
  const [importing, setImporting] = useState(false);
  const lastImport = useRef<number | null>(null);
  const [busy, setBusy] = useState(false);

  const saveFile = async (load: () => Promise<Blob>, name: string) => {
    try {
      saveBlobAs(await load(), name);
    } catch {
      // The request client has shown why.
    }
  };
  const publish = (take: boolean) =>
    Modal.confirm({
      title: take ? '撤回已发布的成绩？' : '发布该批次的成绩？',
      content: take
        ? '撤回后考生查不到成绩，可修改后重新发布。'
        : '发布后考生可在成绩查询页查到成绩；合格考生按批次设置发放证书。发布后不能再修改成绩。',
      okText: take ? '撤回发布' : '发布成绩',
      onOk: async () => {
        setBusy(true);
        try {
          const answer = await (take ? unpublishScores(batch.id) : publishScores(batch.id));
          void message.success(
            take
              ? '已撤回发布'
              : `已发布 ${answer.published} 名考生的成绩${answer.certificatesIssued ? `，发放证书 ${answer.certificatesIssued} 张` : ''}`,
          );
          reload();
        } finally {
          setBusy(false);
        }
      },
    });
  const remove = (row: ScoreRow) =>
    Modal.confirm({
      title: `删除 ${row.realName} 的成绩？`,
      okText: '删除',
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteScores(row.applyId);
        void message.success('已删除');
        reload();
      },
    });

  const filters: FilterField<ScoreFilters>[] = [
    {
      kind: 'text',
      name: 'student',
      label: '考生',
      placeholder: '姓名、身份证号、手机号或准考证号',
      maxLength: 50,
      width: 240,
    },
    {
      kind: 'select',
      name: 'result',
      label: '成绩结果',
      options: [
        { value: 'PASS', label: '合格' },
        { value: 'FAIL', label: '不合格' },
        { value: 'MISSING', label: '未录全' },
      ],
      width: 110,
    },
  ];
  const columns: ListColumn<ScoreRow>[] = [
    {
      title: '考生',
      key: 'student',
      width: 170,
      render: (_v, row) => <StudentCell name={row.realName} idCardNo={row.idCardNo} />,
    },
    { title: '准考证号', dataIndex: 'ticketNo', width: 170, render: (value: string | null) => value ?? '—' },
    { title: '报考等级', dataIndex: 'skillLevel', width: 130, render: levelText },
    ...batch.subjects.map(
      (subject): ListColumn<ScoreRow> => ({
        title: subject.name,
        key: `subject-${subject.id}`,
        width: 100,
        align: 'right',
        render: (_v, row) => {
          const score = row.scores.find((item) => item.subjectId === subject.id);
          if (!score) return '—';
          if (score.absent) return <Typography.Text type="danger">{SCORE_ABSENT_TEXT}</Typography.Text>;
          return score.score;
        },
      }),
    ),
    {
      title: '结果',
      key: 'result',
      width: 90,
      render: (_v, row) =>
        !row.complete ? (
          <Tag>未录全</Tag>
        ) : row.passed ? (
          <Tag color="success">合格</Tag>
        ) : (
          <Tag color="error">不合格</Tag>
        ),
    },
    {
      title: '证书编号',
      dataIndex: 'certificateNo',
      width: 170,
      optional: 'hidden',
      render: (value) => value ?? '—',
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 150,
      optional: 'hidden',
      render: (value: string | null) => (value ? formatDateTime(value, LIST_TIME) : '—'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_v, row) =>
        row.abilities.canEdit ? (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => editDialog.show(row)}>
              {row.scores.length ? '修改' : '录入'}
            </Button>
            {row.scores.length > 0 && (
              <Button type="link" size="small" danger onClick={() => remove(row)}>
                删除
              </Button>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">{row.abilities.editRefusal ?? '—'}</Typography.Text>
        ),
    },
  ];
  return (
    <ListView
      list={list}
      name="cms-score-filters"
      filters={filters}
      fixedFilters={{ batchId: batch.id }}
      columns={columns}
      columnsId="cms-manage/score-manage"
      rowKey="applyId"
      exportTo={{ download: exportScores, fileName: `成绩-${batch.name}.xlsx` }}
      extra={
        <>
          <Button
            onClick={() =>
              void saveFile(() => downloadScoreTemplate(batch.id), `成绩导入模板-${batch.name}.xlsx`)
            }
          >
            下载模板
          </Button>
          <Button disabled={batch.scoresPublished} onClick={() => setImporting(true)}>
            导入成绩
          </Button>
          {batch.abilities.canUnpublish && (
            <Button loading={busy} onClick={() => publish(true)}>
              撤回发布
            </Button>
          )}
          {!batch.scoresPublished && (
            <Button
              type="primary"
              loading={busy}
              disabled={!batch.abilities.canPublish}
              title={batch.abilities.publishRefusal ?? undefined}
              onClick={() => publish(false)}
            >
              发布成绩
            </Button>
          )}
        </>
      }
      header={
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {batch.scoresPublished
            ? '该批次成绩已发布，考生可在成绩查询页查到；如需修改请先撤回发布。'
            : '成绩尚未发布，考生查询不到。录入或导入完成后请发布成绩。'}
        </Typography.Paragraph>
      }
    >
      {editing && (
        <ScoreModal
          key={editing.row.applyId}
          row={editing.row}
          batch={batch}
          open={editing.open}
          onClose={editDialog.close}
          onSaved={() => {
            editDialog.close();
            reload();
          }}
          afterClose={editDialog.afterClose}
        />
      )}
      <XlsxImportModal<string>
        open={importing}
        title="导入成绩"
        noun="成绩"
        intro={`请下载本批次的模板填写：姓名、身份证号必填，每个科目一列，缺考填“${SCORE_ABSENT_TEXT}”；一次最多 ${SCORE_IMPORT_MAX_ROWS} 行。所有行检查无误后才会导入，任何一行有误都不会导入。`}
        headerOf={(field) => field}
        importFile={async (file) => {
          const answer = await importScores(batch.id, file);
          lastImport.current = answer.importId;
          return answer;
        }}
        downloadErrors={async () => {
          if (lastImport.current)
            saveBlobAs(await downloadScoreErrors(lastImport.current), '成绩导入错误.xlsx');
        }}
        onClose={() => setImporting(false)}
        onImported={(count) => {
          setImporting(false);
          void message.success(`已导入 ${count} 行成绩`);
          reload();
        }}
      />
    </ListView>
  );
}

/**
 * 成绩管理: the scores of a batch's registered candidates, one column per subject (filters 考生,
 * 成绩结果); 录入/修改 and 删除 while unpublished (by the row's abilities), 下载模板 and 导入成绩 (all
 * or nothing, the refused cells listed and their file offered), 导出, 发布成绩 and 撤回发布.
 */
export function ScoreManagePage() {
  return (
    <BatchCard title="成绩管理">
      {(batch, reloadBatches) => (
        <BatchScores key={`${batch.id}-${batch.scoresPublished}`} batch={batch} onChanged={reloadBatches} />
      )}
    </BatchCard>
  );
}
