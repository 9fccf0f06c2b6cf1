import type { CertificateItem } from '@px/api/contract';
import { Award } from '@react-vant/icons';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from 'react-vant';
import { listMyCertificates } from '../../../api/my-certificate';
import { useRemote } from '../../../hooks/useRemote';
import { myTabPath } from '../../../router/paths';
import { readEmbedded } from '../../../session/embedded';

/** What the passed exam's class certificate is for the student: shown, issued but not shown, or none. */
type IssuedCertificate =
  | { kind: 'shown'; certificate: CertificateItem }
  | { kind: 'hidden' }
  | { kind: 'none' };

/** The class certificate of an enrolment among the student's certificates (`my-certificate/mine`). */
async function certificateOf(myClassId: number): Promise<IssuedCertificate> {
  const mine = await listMyCertificates();
  const certificate = mine.list.find((item) => item.kind === 'CLASS' && item.myClassId === myClassId);
  if (certificate) return { kind: 'shown', certificate };
  return mine.hiddenKinds.includes('CLASS') ? { kind: 'hidden' } : { kind: 'none' };
}

/**
 * Under a passed exam's score: the class certificate issued at that moment (passing issues it in
 * the same transaction), with its number and 查看证书 (我的证书); when the project does not show
 * class certificates on the H5, that it was issued. Nothing while reading, nor when the read fails.
 */
export function CertificateIssued({ myClassId }: { myClassId: number }) {
  const navigate = useNavigate();
  const load = useCallback(() => certificateOf(myClassId), [myClassId]);
  const { state } = useRemote(load);
  if (state.status !== 'ready' || state.value.kind === 'none') return null;
  const issued = state.value;
  return (
    <section className="exam-certificate" aria-label="结业证书">
      <Award className="exam-certificate__icon" aria-hidden="true" />
      <div className="exam-certificate__text">
        <p className="exam-certificate__title">恭喜，结业证书已发放</p>
        <p className="exam-certificate__meta">
          {issued.kind === 'shown'
            ? `证书编号 ${issued.certificate.certificateNo}`
            : '本平台暂未开放在线查看证书'}
        </p>
      </div>
      {issued.kind === 'shown' && !readEmbedded() && (
        <Button size="small" round type="primary" onClick={() => navigate(myTabPath('certificates'))}>
          我的证书
        </Button>
      )}
    </section>
  );
}
