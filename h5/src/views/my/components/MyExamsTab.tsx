import {
  CMS_APPLY_STATUS_LABEL,
  type CmsApplyStatus,
  type MyCmsApply,
  SKILL_LEVEL_LABELS,
} from '@px/api/contract';
import { formatDateTime, formatFen } from '@px/config';
import { saveBlobAs } from '@px/config/save-blob';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dialog, Form, Tag, Toast } from 'react-vant';
import {
  cancelCmsApply,
  downloadCmsTicket,
  listMyCmsApplies,
  payCmsApply,
  resubmitCmsApply,
} from '../../../api/cms';
import { createDocumentLink } from '../../../api/document-link';
import { DocumentViewer, type StudentDocument } from '../../../components/document-viewer/DocumentViewer';
import { EmptyState } from '../../../components/EmptyState';
import { FeedPending } from '../../../components/FeedPending';
import { SubmitFooter } from '../../../components/form/SubmitFooter';
import { useRemote } from '../../../hooks/useRemote';
import { useSubmitLock } from '../../../hooks/useSubmitLock';
import { orderPayPath, REGISTER_CMS_PATH } from '../../../router/paths';
import { showServerFieldErrors } from '../../../utils/form-errors';
import { showLocalError } from '../../../utils/show-error';
import { isWechatBrowser } from '../../../wechat/is-wechat-browser';
import { CandidateFields, type CandidateValues, candidateInput } from '../../register-cms/CandidateFields';
import { FormPopup } from './FormPopup';

const STATUS_TYPE: Record<CmsApplyStatus, 'primary' | 'danger' | 'warning' | 'success' | 'default'> = {
  SUBMITTED: 'primary',
  REJECTED: 'danger',
  APPROVED: 'warning',
  PAID: 'success',
  SCORED: 'success',
  CANCELLED: 'default',
};

/** The admission ticket of an application as a document (shown in the page, or saved). */
function ticketDocument(apply: MyCmsApply): StudentDocument {
  return {
    title: '准考证',
    fileName: `准考证-${apply.ticketNo ?? apply.id}.pdf`,
    load: () => downloadCmsTicket(apply.id),
    link: async () => (await createDocumentLink('CMS_TICKET', apply.id)).path,
  };
}

/** 修改后重新提交: the candidate's fields of a rejected application, corrected. */
function ResubmitPopup({
  apply,
  onClose,
  onDone,
}: {
  apply: MyCmsApply | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<CandidateValues & { photo?: Blob | null }>();
  const { submitting, run } = useSubmitLock();
  const submit = (values: CandidateValues & { photo?: Blob | null }) =>
    run(async () => {
      if (!apply) return;
      try {
        await resubmitCmsApply({ id: apply.id, ...candidateInput(values) }, values.photo ?? null);
        Toast.success('已重新提交，请等待审核');
        onDone();
      } catch (error) {
        showLocalError(error);
        showServerFieldErrors(form, error, { file: 'photo' });
      }
    });
  return (
    <FormPopup title="修改后重新提交" visible={apply !== null} onClose={onClose}>
      {apply && (
        <>
          <p className="my-card__refusal">驳回原因：{apply.rejectReason}</p>
          <Form
            form={form}
            initialValues={{
              skillLevel: apply.skillLevel,
              education: apply.education ?? '',
              workYears: apply.workYears === null ? '' : String(apply.workYears),
              workUnitId: apply.unitId ? String(apply.unitId) : '',
            }}
            onFinish={(values: CandidateValues & { photo?: Blob | null }) => void submit(values)}
            footer={<SubmitFooter submitting={submitting}>重新提交</SubmitFooter>}
          >
            <CandidateFields
              levels={[apply.skillLevel]}
              requiredFields={apply.requiredFields}
              hasPhoto={apply.hasPhoto}
            />
          </Form>
        </>
      )}
    </FormPopup>
  );
}

/** One application: its state and what the candidate may do now (by its abilities). */
function ApplyCard({
  apply,
  onResubmit,
  onShowTicket,
  onChanged,
}: {
  apply: MyCmsApply;
  onResubmit: (apply: MyCmsApply) => void;
  onShowTicket: (apply: MyCmsApply) => void;
  onChanged: () => void;
}) {
  const navigate = useNavigate();
  const { submitting, run } = useSubmitLock();
  const pay = () =>
    void run(async () => {
      try {
        const fee = await payCmsApply(apply.id);
        navigate(orderPayPath(fee.orderId));
      } catch {
        // The request client has shown why.
      }
    });
  const cancel = () =>
    void Dialog.confirm({ title: '撤销报名', message: '撤销后如需参加考试须重新报名，确定撤销吗？' })
      .then(() =>
        run(async () => {
          await cancelCmsApply(apply.id);
          Toast.success('已撤销');
          onChanged();
        }),
      )
      .catch(() => undefined);
  const save = () =>
    void run(async () => {
      try {
        saveBlobAs(await downloadCmsTicket(apply.id), `准考证-${apply.ticketNo}.pdf`);
      } catch {
        // The request client has shown why.
      }
    });
  const { abilities, sitting, result } = apply;
  return (
    <li className="my-card" aria-label={`报名 ${apply.batchName}`}>
      <div className="my-card__head">
        <h3 className="my-card__title">{apply.batchName}</h3>
        <Tag type={STATUS_TYPE[apply.status]}>{CMS_APPLY_STATUS_LABEL[apply.status]}</Tag>
      </div>
      <p className="my-card__meta">
        {apply.occupation} {SKILL_LEVEL_LABELS[apply.skillLevel]} · 报名费{' '}
        {apply.fee ? formatFen(apply.fee) : '免费'}
      </p>
      {apply.status === 'REJECTED' && apply.rejectReason && (
        <p className="my-card__refusal">驳回原因：{apply.rejectReason}</p>
      )}
      {apply.status === 'SUBMITTED' && <p className="my-card__meta">报名资料审核中，请耐心等待</p>}
      {apply.status === 'APPROVED' && <p className="my-card__meta">审核已通过，请缴纳报名费</p>}
      {sitting ? (
        <p className="my-card__meta">
          考场：{sitting.room} · {sitting.seatNo}号 · {sitting.place} ·{' '}
          {formatDateTime(sitting.startsAt, 'YYYY-MM-DD HH:mm')}
        </p>
      ) : (
        apply.status === 'PAID' && <p className="my-card__meta">已报名，考场安排后可查看准考证</p>
      )}
      {apply.ticketNo && <p className="my-card__meta">准考证号 {apply.ticketNo}</p>}
      {result && (
        <p className="my-card__meta">
          成绩：
          {result.subjects
            .map((subject) => `${subject.name} ${subject.absent ? '缺考' : (subject.score ?? '—')}`)
            .join('，')}{' '}
          <strong>{result.passed ? '合格' : '不合格'}</strong>
          {result.certificateNo ? ` · 证书编号 ${result.certificateNo}` : ''}
        </p>
      )}
      <div className="my-card__actions">
        {abilities.canCancel && (
          <Button size="small" round plain loading={submitting} onClick={cancel}>
            撤销报名
          </Button>
        )}
        {abilities.canResubmit && (
          <Button size="small" round type="primary" onClick={() => onResubmit(apply)}>
            修改后重新提交
          </Button>
        )}
        {apply.status === 'REJECTED' && !abilities.canResubmit && abilities.resubmitRefusal && (
          <span className="my-card__refusal">{abilities.resubmitRefusal}</span>
        )}
        {abilities.canPay && (
          <Button size="small" round type="primary" loading={submitting} onClick={pay}>
            {apply.unpaidOrderId ? '继续缴费' : '去缴费'}
          </Button>
        )}
        {abilities.canTicket && (
          <>
            <Button size="small" round type="primary" onClick={() => onShowTicket(apply)}>
              查看准考证
            </Button>
            {!isWechatBrowser() && (
              <Button size="small" round plain type="primary" loading={submitting} onClick={save}>
                下载
              </Button>
            )}
          </>
        )}
      </div>
    </li>
  );
}

/**
 * 考试报名 under /my: the candidate's applications with their state (待审核, 已驳回 with the reason
 * and 修改后重新提交, 待缴费 with 去缴费 through the pay page, 已报名 with the sitting and seat, the
 * admission ticket shown in the page (WeChat downloads nothing) and saved elsewhere, the result once
 * published), and the way to register for another examination.
 */
export function MyExamsTab() {
  const { state, reload, refresh } = useRemote(listMyCmsApplies);
  const [resubmitting, setResubmitting] = useState<MyCmsApply | null>(null);
  const [ticket, setTicket] = useState<StudentDocument | null>(null);
  const navigate = useNavigate();
  const readAgain = () => void refresh().catch(() => undefined);
  if (state.status !== 'ready')
    return <FeedPending state={state} onRetry={reload} loadingClassName="my-list__state" compact small />;
  return (
    <>
      {state.value.length === 0 ? (
        <EmptyState description="还没有考试报名" />
      ) : (
        <ul className="my-list">
          {state.value.map((apply) => (
            <ApplyCard
              key={apply.id}
              apply={apply}
              onResubmit={setResubmitting}
              onShowTicket={(shown) => setTicket(ticketDocument(shown))}
              onChanged={readAgain}
            />
          ))}
        </ul>
      )}
      <div className="my-card__actions my-exams__register">
        <Button size="small" round plain type="primary" onClick={() => navigate(REGISTER_CMS_PATH)}>
          报名考试
        </Button>
      </div>
      <ResubmitPopup
        apply={resubmitting}
        onClose={() => setResubmitting(null)}
        onDone={() => {
          setResubmitting(null);
          readAgain();
        }}
      />
      <DocumentViewer document={ticket} onClose={() => setTicket(null)} />
    </>
  );
}
