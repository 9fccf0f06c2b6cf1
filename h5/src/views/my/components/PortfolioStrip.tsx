import { getMyPortfolio } from '../../../api/my-class';
import { useRemote } from '../../../hooks/useRemote';
import { BASE_TYPE_LABEL } from '../../class-center/class-types';

/** Hours as the strip shows them: one decimal, no unit (the label says 学时). */
const hours = (value: number) => value.toFixed(1);

/**
 * The student's 学习档案 atop 我的班级 (`my-class/portfolio`): required hours credited per base type
 * (公需课 / 专业课), elective hours (left out with `hideElective`) and the number of classes. A failed
 * read shows a retry in place of the figures; the list below works on its own.
 */
export function PortfolioStrip({ hideElective }: { hideElective: boolean }) {
  const { state, reload } = useRemote(getMyPortfolio);
  if (state.status === 'error')
    return (
      <section className="my-portfolio my-portfolio--error" aria-label="学习档案">
        <span>{state.message}</span>
        <button type="button" className="my-portfolio__retry" onClick={reload}>
          重新加载
        </button>
      </section>
    );
  const portfolio = state.status === 'ready' ? state.value : null;
  const figures: { label: string; value: string }[] = [
    {
      label: `${BASE_TYPE_LABEL.public}学时`,
      value: portfolio ? hours(portfolio.hoursByBaseType.public) : '–',
    },
    {
      label: `${BASE_TYPE_LABEL.specialized}学时`,
      value: portfolio ? hours(portfolio.hoursByBaseType.specialized) : '–',
    },
  ];
  if (!hideElective)
    figures.push({ label: '选修学时', value: portfolio ? hours(portfolio.electiveHours) : '–' });
  figures.push({ label: '报名班级', value: portfolio ? String(portfolio.classCount) : '–' });
  return (
    <section className="my-portfolio" aria-label="学习档案" aria-busy={portfolio === null}>
      {figures.map((figure) => (
        <dl key={figure.label} className="my-portfolio__figure">
          <dt className="my-portfolio__label">{figure.label}</dt>
          <dd className="my-portfolio__value">{figure.value}</dd>
        </dl>
      ))}
    </section>
  );
}
