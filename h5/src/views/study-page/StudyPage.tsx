import type { StudyInfo, StudyLesson, StudyStart } from '@px/api/contract';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, NoticeBar, Toast } from 'react-vant';
import { getNeedComplete } from '../../api/account';
import { getFacePhotoStatus } from '../../api/face';
import { getStudyInfo, startStudy } from '../../api/study';
import { askConfirm } from '../../components/cart/ask-confirm';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { useRemote } from '../../hooks/useRemote';
import { useSubmitLock } from '../../hooks/useSubmitLock';
import { loginPathFor, myTabPath, studentInfoPath } from '../../router/paths';
import { postToParent } from '../../session/embedded';
import { tokenAtom } from '../../store/session';
import { CHOOSE_IMAGE_JS_API_LIST } from '../../wechat/choose-image';
import { isWechatBrowser } from '../../wechat/is-wechat-browser';
import { useWechatJsSdk } from '../../wechat/useWechatJsSdk';
import { FacePhotoSettings } from '../my/components/FacePhotoSettings';
import { ClassSummary } from './components/ClassSummary';
import { ExamEntryPanel } from './components/ExamEntryPanel';
import { LessonList } from './components/LessonList';
import { StudyPlayer } from './player/StudyPlayer';
import './study-page.css';

/** What tapping a lesson leads to, before asking the server. */
export type LessonGate =
  | { kind: 'open' }
  /** The enrolment may not be studied now (window, state): the reason. */
  | { kind: 'closed'; message: string }
  | { kind: 'locked' }
  /** Face checks are on and the student has no reference photo. */
  | { kind: 'needs-photo' }
  /** Whether the student has a photo is not known yet. */
  | { kind: 'checking-photo' };

/**
 * Whether a lesson may be started: the enrolment open, the lesson unlocked and, with face checks,
 * a reference photo uploaded (`hasPhoto` null while unknown). The server checks all of it again.
 */
export function lessonGate(info: StudyInfo, lesson: StudyLesson, hasPhoto: boolean | null): LessonGate {
  if (!info.studyOpen) return { kind: 'closed', message: info.closedReason ?? '当前不能学习' };
  if (lesson.locked) return { kind: 'locked' };
  if (info.rules.faceCheck && hasPhoto === null) return { kind: 'checking-photo' };
  if (info.rules.faceCheck && !hasPhoto) return { kind: 'needs-photo' };
  return { kind: 'open' };
}

/** A lesson playing: its session and the lesson as listed. */
interface Playing {
  start: StudyStart;
  lesson: StudyLesson;
}

function StudyContent({ myClassId, embedded }: { myClassId: number; embedded: boolean }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const load = useCallback(() => getStudyInfo(myClassId), [myClassId]);
  const info = useRemote(load);
  // The project may require more of the student's profile first: /student/info, then back here.
  const profile = useRemote(getNeedComplete);
  const mustComplete = profile.state.status === 'ready' && profile.state.value.needComplete;
  useEffect(() => {
    if (mustComplete) navigate(studentInfoPath(pathname, search), { replace: true });
  }, [mustComplete, navigate, pathname, search]);
  const faceCheck = info.state.status === 'ready' && info.state.value.rules.faceCheck;
  const face = useRemote(useMemo(() => (faceCheck ? getFacePhotoStatus : null), [faceCheck]));
  const wechat = useMemo(() => isWechatBrowser(), []);
  const sdk = useWechatJsSdk(CHOOSE_IMAGE_JS_API_LIST, {
    enabled: wechat && faceCheck,
    path: `${pathname}${search}`,
  });
  const [playing, setPlaying] = useState<Playing | null>(null);
  const closePlayerRef = useRef<(() => Promise<void>) | null>(null);
  const lock = useSubmitLock();
  const { refresh } = info;

  // In a partner's frame: `ready` once the page shows the class (session/embedded.ts).
  const className = info.state.status === 'ready' ? info.state.value.className : null;
  const classStatus = info.state.status === 'ready' ? info.state.value.status : null;
  const readySent = useRef(false);
  useEffect(() => {
    if (!embedded || className === null || classStatus === null || readySent.current) return;
    readySent.current = true;
    postToParent({ type: 'ready', myClassId, className, status: classStatus });
  }, [embedded, className, classStatus, myClassId]);

  const refreshQuietly = useCallback(() => void refresh().catch(() => undefined), [refresh]);

  if (info.state.status === 'loading' || profile.state.status === 'loading' || mustComplete)
    return <PageLoading />;
  if (info.state.status === 'error') return <PageError message={info.state.message} onRetry={info.reload} />;
  if (profile.state.status === 'error')
    return <PageError message={profile.state.message} onRetry={profile.reload} />;
  const value = info.state.value;
  const hasPhoto = face.state.status === 'ready' ? face.state.value.hasPhoto : null;

  const goUploadPhoto = () => navigate(myTabPath('account'));

  const open = (lesson: StudyLesson) => {
    const gate = lessonGate(value, lesson, hasPhoto);
    switch (gate.kind) {
      case 'closed':
        Toast.info(gate.message);
        return;
      case 'locked':
        Toast.info('请按顺序学习，先学完前面的课时');
        return;
      case 'checking-photo':
        if (face.state.status === 'error') face.reload();
        Toast.info('正在确认人脸照片，请稍候');
        return;
      case 'needs-photo':
        if (embedded) {
          Toast.info('请先在本页上传本人照片');
          return;
        }
        void askConfirm({
          title: '请先上传人脸照片',
          message: '本班级学习需要人脸核验，请先在“我的 - 账号设置”中上传本人照片',
          confirmButtonText: '去上传',
          cancelButtonText: '取消',
        }).then((confirmed) => confirmed && goUploadPhoto());
        return;
      case 'open':
        void lock
          .run(async () => {
            // One session at a time: the lesson playing ends (with its last beat) first.
            await closePlayerRef.current?.();
            closePlayerRef.current = null;
            const start = await startStudy(myClassId, lesson.lessonId);
            setPlaying({ start, lesson });
          })
          .catch(() => undefined);
        return;
    }
  };

  return (
    <main className="page study-page">
      {playing && (
        <StudyPlayer
          key={playing.start.sessionId}
          start={playing.start}
          lesson={playing.lesson}
          sdk={sdk}
          closeRef={closePlayerRef}
          onFinished={() => {
            if (embedded)
              postToParent({
                type: 'finished',
                myClassId,
                lessonId: playing.lesson.lessonId,
                lessonName: playing.lesson.name,
              });
            refreshQuietly();
          }}
          onProgress={
            embedded
              ? (progress) =>
                  postToParent({
                    type: 'progress',
                    myClassId,
                    lessonId: playing.lesson.lessonId,
                    lessonName: playing.lesson.name,
                    ...progress,
                  })
              : undefined
          }
          onClosed={() => {
            closePlayerRef.current = null;
            setPlaying(null);
            refreshQuietly();
          }}
          onRestart={() => open(playing.lesson)}
        />
      )}
      <ClassSummary info={value} />
      {value.closedReason && (
        <NoticeBar className="study-page__notice" wrapable scrollable={false} text={value.closedReason} />
      )}
      {faceCheck && hasPhoto === false && !embedded && (
        <div className="study-page__face-tip" role="note">
          <span>本班级学习需要人脸核验，请先上传本人照片</span>
          <Button size="small" round type="primary" onClick={goUploadPhoto}>
            去上传
          </Button>
        </div>
      )}
      {faceCheck && hasPhoto === false && embedded && (
        // No way out of a partner's frame: the photo is uploaded here.
        <section className="study-page__face-upload" aria-label="上传人脸照片">
          <p>本班级学习需要人脸核验，请先上传本人照片</p>
          <FacePhotoSettings onChange={face.reload} />
        </section>
      )}
      <ExamEntryPanel
        myClassId={myClassId}
        progress={`${value.status}:${value.creditedRequiredHours}:${value.creditedElectiveHours}`}
      />
      <LessonList courses={value.courses} currentLessonId={playing?.lesson.lessonId ?? null} onOpen={open} />
    </main>
  );
}

/**
 * /student/study-page?myClassId= (and /hxtx/detail-study, the same page for embedding): the
 * enrolment's class (hours credited against needed, study window, state), its courses and lessons
 * with coverage, credited time, 已学完 and locks (`my-class/study-info`), and the player of the
 * lesson tapped. Public by spec section 2, so the page itself asks a visitor without a session to
 * sign in (请先登录, then back here); a closed enrolment shows why. A student whose profile the project
 * still needs (`account/is-need-complete`) is sent to /student/info first, and comes back here.
 * `embedded` (a partner's frame, views/embedded-study): no way out of the frame (the face photo is
 * uploaded in the page), and the parent is told `ready`, `progress` and `finished`.
 */
export function StudyPage({ embedded = false }: { embedded?: boolean }) {
  const token = useAtomValue(tokenAtom);
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const myClassId = Number(params.get('myClassId'));

  if (!token)
    return (
      <PageMessage description="请先登录">
        <Button round type="primary" onClick={() => navigate(loginPathFor(pathname, search))}>
          去登录
        </Button>
      </PageMessage>
    );
  if (!Number.isInteger(myClassId) || myClassId <= 0)
    return (
      <PageMessage image="error" description="学习链接不正确">
        {!embedded && (
          <Button round type="primary" onClick={() => navigate(myTabPath('classes'))}>
            我的班级
          </Button>
        )}
      </PageMessage>
    );
  return <StudyContent key={myClassId} myClassId={myClassId} embedded={embedded} />;
}
