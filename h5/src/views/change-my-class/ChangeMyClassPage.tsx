import { CHANGE_CLASS_STATUS_LABEL, type ChangeClassOptions, type ChangeClassView } from '@px/api/contract';
import { formatDateRange, formatFen } from '@px/config';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Cell, Dialog, Field, Radio, Tag, Toast } from 'react-vant';
import { applyForChange, cancelMyChange, getChangeOptions, listMyChanges } from '../../api/change-class';
import { parseId } from '../../components/cart/query-ids';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { messageOf, useRemote } from '../../hooks/useRemote';
import { myTabPath } from '../../router/paths';
import './change-my-class.css';

interface Loaded {
  options: ChangeClassOptions;
  history: ChangeClassView[];
}

function rulesText({ rules }: ChangeClassOptions): string[] {
  return [
    rules.sameAmount ? '只能转到与原班级价格相同的班级' : '目标班级价格不能高于已支付金额，差价不退',
    `学习进度不超过 ${rules.maxProgress}%`,
    `支付后 ${rules.days} 天内可申请`,
    '提交后由平台审核，通过后原班级学习记录保留在“已结束”，新班级从头学习',
  ];
}

/** The application waiting for the back office, with 撤销申请 while its abilities allow it (else why not). */
function PendingCard({ pending, onCancelled }: { pending: ChangeClassView; onCancelled: () => void }) {
  const withdraw = async () => {
    try {
      await Dialog.confirm({ title: '撤销申请', message: '确定撤销这次转班申请吗？' });
    } catch {
      return;
    }
    try {
      await cancelMyChange(pending.id);
      Toast.success('已撤销');
      onCancelled();
    } catch (error) {
      Toast.fail(messageOf(error));
    }
  };
  return (
    <section className="change-class__card" aria-label="待审核的转班申请">
      <div className="change-class__row">
        <strong>转到：{pending.toClassName}</strong>
        <Tag type="warning">{CHANGE_CLASS_STATUS_LABEL[pending.status]}</Tag>
      </div>
      <p className="change-class__meta">转班原因：{pending.reason}</p>
      {pending.abilities.canWithdraw ? (
        <Button block round plain type="primary" onClick={withdraw}>
          撤销申请
        </Button>
      ) : (
        <p className="change-class__meta">不能撤销：{pending.abilities.withdrawRefusal}</p>
      )}
    </section>
  );
}

/** The form: one target class and a reason. */
function ApplyForm({
  myClassId,
  options,
  onApplied,
}: {
  myClassId: number;
  options: ChangeClassOptions;
  onApplied: () => void;
}) {
  const [toClassId, setToClassId] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  if (options.targets.length === 0) return <p className="change-class__empty">暂无可转入的班级</p>;
  const submit = async () => {
    if (toClassId === null) return void Toast.info('请选择要转入的班级');
    if (!reason.trim()) return void Toast.info('请填写转班原因');
    setSending(true);
    try {
      await applyForChange({ myClassId, toClassId, reason: reason.trim() });
      Toast.success('申请已提交，请等待审核');
      onApplied();
    } catch (error) {
      Toast.fail(messageOf(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <section aria-label="选择转入班级">
      <h3 className="change-class__title">选择转入班级</h3>
      <Radio.Group value={toClassId ?? undefined} onChange={(value) => setToClassId(Number(value))}>
        {options.targets.map((target) => (
          <Cell
            key={target.id}
            clickable
            title={target.name}
            label={`${target.year} 年度 · 学习时间 ${formatDateRange(target.studyStartDate, target.studyEndDate)} · ${formatFen(target.amountFen)}`}
            onClick={() => setToClassId(target.id)}
            rightIcon={<Radio name={target.id} aria-label={target.name} />}
          />
        ))}
      </Radio.Group>
      <Field
        label="转班原因"
        type="textarea"
        rows={3}
        maxLength={200}
        showWordLimit
        placeholder="请填写转班原因"
        value={reason}
        onChange={setReason}
      />
      <div className="change-class__submit">
        <Button block round type="primary" loading={sending} onClick={submit}>
          提交申请
        </Button>
      </div>
    </section>
  );
}

/**
 * /change-my-class?myClassId=<enrolment> (signed in) 申请转班: the project's rules, the enrolment's
 * price paid and progress, the classes it may move to and a reason; once asked, the pending
 * application with 撤销申请; below, the student's earlier applications and how they ended.
 */
export function ChangeMyClassPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const myClassId = parseId(params.get('myClassId'));
  const load = useMemo(
    () =>
      myClassId === null
        ? null
        : async (): Promise<Loaded> => {
            const [options, history] = await Promise.all([getChangeOptions(myClassId), listMyChanges()]);
            return { options, history: history.list.filter((row) => row.myClassId === myClassId) };
          },
    [myClassId],
  );
  const { state, reload, refresh } = useRemote<Loaded>(load);
  const again = useCallback(() => void refresh().catch(() => undefined), [refresh]);

  if (myClassId === null) return <PageMessage image="error" description="班级不存在" />;
  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <PageError message={state.message} onRetry={reload} />;
  const { options, history } = state.value;
  return (
    <div className="change-class">
      <section className="change-class__card" aria-label="当前班级">
        <h2 className="change-class__name">{options.className}</h2>
        <p className="change-class__meta">
          已支付 {formatFen(options.paidFen)} · 学习进度 {options.progressPercent}%
        </p>
        <ul className="change-class__rules">
          {rulesText(options).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {options.pending ? (
        <PendingCard pending={options.pending} onCancelled={again} />
      ) : options.refusal ? (
        <PageMessage image="error" description={options.refusal}>
          <Button round type="primary" onClick={() => navigate(myTabPath('classes'))}>
            返回我的班级
          </Button>
        </PageMessage>
      ) : (
        <ApplyForm myClassId={myClassId} options={options} onApplied={again} />
      )}
      {history.length > 0 && (
        <section aria-label="转班记录">
          <h3 className="change-class__title">转班记录</h3>
          {history.map((row) => (
            <Cell
              key={row.id}
              title={`转到 ${row.toClassName}`}
              label={[row.createdAt.slice(0, 10), row.remark ? `备注：${row.remark}` : '']
                .filter(Boolean)
                .join(' · ')}
              value={CHANGE_CLASS_STATUS_LABEL[row.status]}
            />
          ))}
        </section>
      )}
    </div>
  );
}
