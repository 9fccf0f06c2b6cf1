import type { SsoLoginAnswer } from '@px/api/contract';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { exchangeSsoTicket } from '../../api/partner';
import { PageLoading } from '../../components/PageState';
import { messageOf } from '../../hooks/useRemote';
import { embeddedStudyPath } from '../../router/paths';
import { readEmbedded, saveEmbedded } from '../../session/embedded';
import { setTokenAtom, tokenAtom } from '../../store/session';
import { StudyPage } from '../study-page/StudyPage';
import { EmbeddedEnded } from './EmbeddedEnded';

/** One exchange per ticket in this page's life (StrictMode runs effects twice; a ticket works once). */
const exchanges = new Map<string, Promise<SsoLoginAnswer>>();
function exchangeOnce(app: string, ticket: string): Promise<SsoLoginAnswer> {
  let pending = exchanges.get(ticket);
  if (!pending) {
    pending = exchangeSsoTicket(app, ticket);
    exchanges.set(ticket, pending);
  }
  return pending;
}

/**
 * `/hxtx/detail-study`, the study page a partner embeds (docs/partner-api.md "Embedding"):
 * `?app=&ticket=` (the partner's `ssoUrl`) exchanges the one-time ticket for an embedded session of
 * the student (kept in this frame only), then shows the real study page laid out for a frame
 * (`?app=&myClassId=`, which a reload of the frame keeps). A refused ticket, or a session that
 * ended, is a page saying so that tells the parent `goHome` after 2 seconds. Opened by a student
 * of the site itself (no app, not framed), it is the ordinary study page.
 */
export function EmbeddedStudyPage() {
  const [params] = useSearchParams();
  const app = params.get('app');
  const ticket = params.get('ticket');
  const token = useAtomValue(tokenAtom);
  const setToken = useSetAtom(setTokenAtom);
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!ticket) return;
    if (!app) {
      setRefusal('学习链接不正确，请回到合作平台重新进入学习');
      return;
    }
    let live = true;
    exchangeOnce(app, ticket).then(
      (answer) => {
        if (!live) return;
        saveEmbedded({
          token: answer.token,
          myClassId: answer.myClassId,
          appKey: app,
          appName: answer.appName,
          allowedOrigins: answer.allowedOrigins,
        });
        setToken(answer.token);
        navigate(embeddedStudyPath(app, answer.myClassId), { replace: true });
      },
      (error: unknown) => {
        if (live) setRefusal(messageOf(error));
      },
    );
    return () => {
      live = false;
    };
  }, [app, ticket, navigate, setToken]);

  if (refusal) return <EmbeddedEnded message={refusal} reason="TICKET_REFUSED" appKey={app} />;
  if (ticket) return <PageLoading text="正在进入学习…" />;
  const embedded = readEmbedded();
  if (!embedded) {
    if (!token && (app || window.parent !== window))
      return <EmbeddedEnded reason="NO_SESSION" appKey={app} />;
    return <StudyPage />;
  }
  if (!token) return <EmbeddedEnded reason="SESSION_ENDED" appKey={embedded.appKey} />;
  return <StudyPage embedded />;
}
