import type { ClassCenterDetail, MyClassApply, SystemInfo } from '@px/api/contract';
import { type ReactElement, useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NoticeBar } from 'react-vant';
import { parseId } from '../../components/cart/query-ids';
import { PageError, PageLoading } from '../../components/PageState';
import { SegmentedTabs } from '../../components/SegmentedTabs';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { DETAIL_QUESTION_PATH } from '../../router/paths';
import { ApplyPopup } from './components/ApplyPopup';
import { CourseList } from './components/CourseList';
import { DetailActionBar } from './components/DetailActionBar';
import { DetailHeader } from './components/DetailHeader';
import { EnrolStatePanel } from './components/EnrolStatePanel';
import { EvaluationList } from './components/EvaluationList';
import { MissingClass } from './components/MissingClass';
import { TrialPlayer } from './components/TrialPlayer';
import type { DetailVariant } from './detail-variants';
import { useClassDetail } from './use-class-detail';
import { type EnrolState, useEnrolActions } from './use-enrol-actions';
import { useTrial } from './use-trial';
import './class-detail.css';

/** The parts of the detail (sections, or tabs of the tabbed variant). */
type DetailPart = 'intro' | 'courses' | 'evaluations';

interface DetailViewProps {
  variant: DetailVariant;
  detail: ClassCenterDetail;
  settings: SystemInfo;
  onAdded: () => void;
  onApplied: (apply: MyClassApply) => void;
}

/**
 * What a class marked 报名需审核 says above its header: the rule, the application waiting, or why
 * it was rejected; nothing once approved (the class is bought as any other) or for other classes.
 */
function ApplyNotice({ detail, state }: { detail: ClassCenterDetail; state: EnrolState }) {
  if (!detail.applyRequired || state === 'enrolled' || state === 'open' || state === 'in-cart') return null;
  const text =
    state === 'applied'
      ? '报名申请已提交，审核通过后即可报名'
      : detail.apply?.status === 'REJECTED'
        ? `报名申请未通过：${detail.apply.remark ?? ''}。可修改说明后重新申请`
        : '该班级报名需审核：请先提交报名申请，审核通过后即可报名';
  return <NoticeBar className="class-detail__apply" wrapable scrollable={false} text={text} />;
}

/** The loaded class: header, 介绍 / 课程 / 评价 (in sections or tabs), the bottom bar and the trial player. */
function ClassDetailView({ variant, detail, settings, onAdded, onApplied }: DetailViewProps) {
  const navigate = useNavigate();
  const actions = useEnrolActions(detail, onAdded, onApplied);
  const [applying, setApplying] = useState(false);
  const trial = useTrial(detail.id, actions);
  const [activePart, setActivePart] = useState<DetailPart>('intro');
  const parts: { key: DetailPart; title: string; heading: string; body: ReactElement }[] = [
    {
      key: 'intro',
      title: '介绍',
      heading: '班级介绍',
      body: <p className="class-detail__description">{detail.description || '暂无介绍'}</p>,
    },
    {
      key: 'courses',
      title: '课程',
      heading: '课程目录',
      body: (
        <CourseList
          courses={detail.courses}
          hideElective={settings.hideElective === 1}
          trialsOn={settings.trySeeVideo === 1}
          enrolled={actions.state === 'enrolled'}
          onTrial={trial.open}
        />
      ),
    },
    { key: 'evaluations', title: '评价', heading: '学员评价', body: <EvaluationList classId={detail.id} /> },
  ];

  return (
    <main className="page class-detail">
      {variant.stateFirst && <EnrolStatePanel state={actions.state} />}
      <ApplyNotice detail={detail} state={actions.state} />
      <DetailHeader detail={detail} hideElective={settings.hideElective === 1} />
      {variant.layout === 'tabs' ? (
        <>
          <div className="class-detail__tabs">
            <SegmentedTabs label="班级详情" tabs={parts} active={activePart} onChange={setActivePart} />
          </div>
          <div className="class-detail__section class-detail__section--tab" role="tabpanel">
            {parts.find((part) => part.key === activePart)?.body}
          </div>
        </>
      ) : (
        parts.map((part) => (
          <section key={part.key} className="class-detail__section">
            <h2 className="class-detail__section-title">{part.heading}</h2>
            {part.body}
          </section>
        ))
      )}
      <DetailActionBar
        actions={actions}
        onQuestions={() => navigate(`${DETAIL_QUESTION_PATH}?id=${detail.id}`)}
        onApply={() => setApplying(true)}
      />
      <ApplyPopup
        visible={applying}
        className={detail.name}
        busy={actions.busy}
        onClose={() => setApplying(false)}
        onSubmit={actions.apply}
      />
      <TrialPlayer session={trial.session} onClose={trial.close} onTrialEnd={trial.onTrialEnd} />
    </main>
  );
}

/**
 * /detail-public, /detail-public2 and /v2/detail-public (`?id=`): an offered class for the H5 in
 * the layout of its variant, with the trial player (`trySeeVideo`) and the cart buttons; an unknown
 * or withdrawn class says 班级不存在或已下架.
 */
export function ClassDetailPage({ variant }: { variant: DetailVariant }) {
  const [params] = useSearchParams();
  const systemInfo = useSystemInfo();
  const { state, reload, update } = useClassDetail(parseId(params.get('id')));
  const markInCart = useCallback(() => update({ inCart: true }), [update]);
  const markApplied = useCallback((apply: MyClassApply) => update({ apply }), [update]);

  if (state.status === 'missing') return <MissingClass />;
  if (state.status === 'loading' || systemInfo.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <PageError message={state.message} onRetry={reload} />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  return (
    <ClassDetailView
      variant={variant}
      detail={state.detail}
      settings={systemInfo.settings}
      onAdded={markInCart}
      onApplied={markApplied}
    />
  );
}
