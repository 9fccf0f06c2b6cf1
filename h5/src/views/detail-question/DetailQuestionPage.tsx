import { PhoneO } from '@react-vant/icons';
import { useSearchParams } from 'react-router-dom';
import { Cell } from 'react-vant';
import { parseId } from '../../components/cart/query-ids';
import { PageError, PageLoading } from '../../components/PageState';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import { MissingClass } from '../class-detail/components/MissingClass';
import { useClassDetail } from '../class-detail/use-class-detail';
import { faqEntries } from './faq-entries';
import './detail-question.css';

/**
 * /detail-question?id= (signed in) 报名须知 / 常见问题 of a class: what the project's settings and the
 * class say about studying, the exam, the study window, refunds, changing class and payment, and
 * the customer service number (a `tel:` link) when the project has one.
 */
export function DetailQuestionPage() {
  const [params] = useSearchParams();
  const systemInfo = useSystemInfo();
  const { state, reload } = useClassDetail(parseId(params.get('id')));

  if (state.status === 'missing') return <MissingClass />;
  if (state.status === 'loading' || systemInfo.status === 'loading') return <PageLoading />;
  if (state.status === 'error') return <PageError message={state.message} onRetry={reload} />;
  if (systemInfo.status === 'error')
    return <PageError message={systemInfo.message} onRetry={systemInfo.reload} />;
  const entries = faqEntries(state.detail, systemInfo.settings);
  const phone = systemInfo.settings.customerPhone;

  return (
    <main className="page detail-question">
      <header className="detail-question__header">
        <h1 className="detail-question__title">报名须知</h1>
        <p className="detail-question__class">{state.detail.name}</p>
      </header>
      {entries.map((entry) => (
        <section key={entry.title} className="detail-question__entry">
          <h2 className="detail-question__entry-title">{entry.title}</h2>
          <p className="detail-question__text">{entry.text}</p>
        </section>
      ))}
      {phone && (
        <Cell.Group inset title="常见问题" className="detail-question__contact">
          <Cell
            icon={<PhoneO />}
            title="联系客服"
            label="报名、支付或学习中遇到问题，请致电客服"
            value={<a href={`tel:${phone}`}>{phone}</a>}
          />
        </Cell.Group>
      )}
    </main>
  );
}
