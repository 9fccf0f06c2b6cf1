import { listRecommendedClasses } from '../../../api/my-class';
import { ClassCard } from '../../../components/ClassCard';
import { useRemote } from '../../../hooks/useRemote';
import { DETAIL_PUBLIC_PATH } from '../../../router/paths';

/**
 * 为你推荐 below the current classes (`my-class/recommended`): offered classes the student has
 * neither enrolled in nor put in the cart, each leading to its detail page. Nothing is shown while
 * loading, when there is none, or when the read fails (it is a suggestion, not the student's data).
 */
export function RecommendedClasses({ hideElective }: { hideElective: boolean }) {
  const { state } = useRemote(listRecommendedClasses);
  if (state.status !== 'ready' || state.value.length === 0) return null;
  return (
    <section className="my-recommended" aria-labelledby="my-recommended-title">
      <h2 id="my-recommended-title" className="my-recommended__title">
        为你推荐
      </h2>
      {state.value.map((item) => (
        <ClassCard
          key={item.id}
          item={item}
          to={`${DETAIL_PUBLIC_PATH}?id=${item.id}`}
          hideElective={hideElective}
        />
      ))}
    </section>
  );
}
