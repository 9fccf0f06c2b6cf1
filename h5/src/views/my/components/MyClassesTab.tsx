import { MY_CLASS_SCOPES, type MyClassScope } from '@px/api/contract';
import { useSearchParams } from 'react-router-dom';
import { FilterPills } from './FilterPills';
import { MyClassList } from './MyClassList';
import { PortfolioStrip } from './PortfolioStrip';
import { RecommendedClasses } from './RecommendedClasses';

const SCOPE_PILLS: readonly { key: MyClassScope; title: string }[] = [
  { key: 'current', title: '进行中' },
  { key: 'ended', title: '已结束' },
];

/** The list `?scope=` names; 进行中 when missing or unknown. */
export function scopeOf(value: string | null): MyClassScope {
  return MY_CLASS_SCOPES.find((scope) => scope === value) ?? 'current';
}

/**
 * The hub's 我的班级 tab: the 学习档案 strip (hours per base type, classes), the 进行中 / 已结束
 * switch kept in `?scope=`, the classes of that scope, and 为你推荐 below the current ones.
 */
export function MyClassesTab({ hideElective }: { hideElective: boolean }) {
  const [params, setParams] = useSearchParams();
  const scope = scopeOf(params.get('scope'));
  const chooseScope = (next: MyClassScope) => {
    const search = new URLSearchParams(params);
    if (next === 'current') search.delete('scope');
    else search.set('scope', next);
    setParams(search, { replace: true });
  };
  return (
    <>
      <PortfolioStrip hideElective={hideElective} />
      <FilterPills pills={SCOPE_PILLS} active={scope} onChange={chooseScope} label="班级范围" />
      <MyClassList key={scope} scope={scope} hideElective={hideElective} />
      {scope === 'current' && <RecommendedClasses hideElective={hideElective} />}
    </>
  );
}
