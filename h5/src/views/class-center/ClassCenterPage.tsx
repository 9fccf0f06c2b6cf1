import type { ClassBaseType, ClassCenterCategory, ClassCenterItem, SystemInfo } from '@px/api/contract';
import { CLASS_CENTER_PAGE_SIZE, shownBaseTypes } from '@px/config';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { Search } from 'react-vant';
import { listCenterClasses } from '../../api/train-class';
import { PageError, PageLoading, PageMessage } from '../../components/PageState';
import { useCartCount } from '../../hooks/useCartCount';
import { type PagedFeed, type PageLoader, usePagedFeed } from '../../hooks/usePagedFeed';
import { unitIdAtom } from '../../store/project';
import { tokenAtom } from '../../store/session';
import type { CenterVariant } from './center-variants';
import {
  type MajorSelection,
  majorTypesOf,
  NO_MAJOR,
  resolveSelection,
  selectedCategoryId,
} from './class-types';
import { CartEntry, JoinAllButton } from './components/CartActions';
import { ClassList } from './components/ClassList';
import { TypeFilters } from './components/TypeFilters';
import { WithSettings } from './components/WithSettings';
import { YearPicker } from './components/YearPicker';
import { useCenterCategories } from './useCenterCategories';
import { useCenterYears } from './useCenterYears';
import './class-center.css';

/** Classes a page of the centre's list (the server embeds the first one: api/src/h5-first-data.ts). */
export const CENTER_PAGE_SIZE = CLASS_CENTER_PAGE_SIZE;

/** The filters of the list (`class/center-page` without the paging and the tree's category). */
interface ListQuery {
  unitId?: number;
  year?: number;
  baseType: ClassBaseType;
  name?: string;
}

/** Whether the page shows the major type rows: the variant's model, or the project's, unless hidden. */
function usesTree(variant: CenterVariant, settings: SystemInfo): boolean {
  if (settings.hideMajorType === 1) return false;
  return variant.typeModel === 'tree' || settings.showClassTypeModel === 2;
}

/** The list read from the server page by page, `query` (null: not yet) compared by value. */
function useServerFeed(query: (ListQuery & { categoryId?: number }) | null): PagedFeed<ClassCenterItem> {
  const key = query ? JSON.stringify(query) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by value (key)
  const load = useMemo<PageLoader<ClassCenterItem> | null>(
    () => (query ? (pageNum) => listCenterClasses({ ...query, pageNum, pageSize: CENTER_PAGE_SIZE }) : null),
    [key],
  );
  return usePagedFeed(load);
}

/**
 * The classes of the filters, read from the server page by page. In the tree model the class-type
 * tree of the year is read first: its major types (and children) make the rows, and the list is
 * paged by the category chosen (`categoryId`, the categories below it included).
 */
function useCenterList(
  query: ListQuery | null,
  tree: boolean,
  chosen: MajorSelection | undefined,
  preferred: RegExp | undefined,
): PagedFeed<ClassCenterItem> & { majors: ClassCenterCategory[] | null; selection: MajorSelection } {
  const categories = useCenterCategories(tree && query ? { unitId: query.unitId, year: query.year } : null);
  const ready = categories.state.status === 'ready' ? categories.state.value : null;
  const majors = tree && ready && query ? majorTypesOf(ready, query.baseType) : null;
  const selection = majors ? resolveSelection(majors, chosen, preferred) : NO_MAJOR;
  const categoryId = selectedCategoryId(selection);
  const listable = query !== null && (!tree || majors !== null);
  const feed = useServerFeed(
    listable ? { ...query, ...(categoryId === undefined ? {} : { categoryId }) } : null,
  );

  // In the tree model the tree's state comes first (the rows and the list depend on it).
  const pending = tree && categories.state.status !== 'ready' ? categories.state : null;
  return {
    state: pending ?? feed.state,
    majors,
    selection,
    reload: pending ? categories.reload : feed.reload,
    refresh: tree
      ? () => Promise.all([categories.refresh(), feed.refresh()]).then(() => undefined)
      : feed.refresh,
    loadMore: feed.loadMore,
  };
}

/** The year in force: the one chosen while it is offered, else the newest. */
function yearInForce(years: readonly number[], chosen: number | undefined): number | undefined {
  return chosen !== undefined && years.includes(chosen) ? chosen : years[0];
}

function CenterScreen({ variant, settings }: { variant: CenterVariant; settings: SystemInfo }) {
  const unitId = useAtomValue(unitIdAtom);
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const [cartCount, setCartCount] = useCartCount(signedIn);
  const years = useCenterYears(variant.years === 'pick', unitId);
  const [chosenYear, setChosenYear] = useState<number>();
  const [chosenBase, setChosenBase] = useState<ClassBaseType>();
  const [chosenMajor, setChosenMajor] = useState<MajorSelection>();
  const [name, setName] = useState('');
  const [searchText, setSearchText] = useState('');

  const baseTypes = variant.baseType ? [variant.baseType] : shownBaseTypes(settings);
  const baseType = chosenBase && baseTypes.includes(chosenBase) ? chosenBase : baseTypes[0];
  const yearList = years.state.status === 'ready' ? years.state.value : [];
  const year = variant.years === 'pick' ? yearInForce(yearList, chosenYear) : undefined;
  const yearsKnown = variant.years === 'all' || year !== undefined;
  const query: ListQuery | null =
    baseType && yearsKnown ? { unitId, year, baseType, name: name || undefined } : null;
  const tree = usesTree(variant, settings);
  const list = useCenterList(query, tree, chosenMajor, variant.preferredMajor);

  if (variant.years === 'pick' && years.state.status === 'loading') return <PageLoading />;
  if (years.state.status === 'error')
    return <PageError message={years.state.message} onRetry={years.reload} />;
  if (!baseType) return <PageMessage description="暂未开放选课" />;
  if (!yearsKnown) return <PageMessage description="暂无可报名的班级" />;

  const search = (text: string) => {
    setSearchText(text);
    setName(text.trim());
  };
  const listedIds = list.state.status === 'ready' ? list.state.items.map((item) => item.id) : [];

  return (
    <main className="page class-center">
      <header className="class-center__header">
        <div className="class-center__toolbar">
          <h1 className="class-center__title">{variant.title}</h1>
          {year !== undefined && <YearPicker years={yearList} value={year} onChange={setChosenYear} />}
        </div>
        <Search
          shape="round"
          placeholder="搜索班级名称"
          aria-label="搜索班级名称"
          value={searchText}
          onChange={setSearchText}
          onSearch={search}
          onClear={() => search('')}
          action={
            <button type="button" className="class-center__search" onClick={() => search(searchText)}>
              搜索
            </button>
          }
        />
        <TypeFilters
          baseTypes={baseTypes}
          activeBase={baseType}
          onBaseChange={(type) => {
            setChosenBase(type);
            setChosenMajor(undefined);
          }}
          tree={list.majors}
          selection={list.selection}
          onSelect={setChosenMajor}
        />
      </header>
      <ClassList
        feed={list}
        layout={variant.layout}
        detailPath={variant.detailPath}
        hideElective={settings.hideElective === 1}
        actions={<JoinAllButton classIds={listedIds} signedIn={signedIn} onJoined={setCartCount} />}
        searchedName={name || undefined}
        onClearSearch={() => search('')}
      />
      {cartCount !== null && <CartEntry count={cartCount} />}
    </main>
  );
}

/**
 * The class centre (选课中心 and its variants, see center-variants.ts): the offered classes of a year
 * and class type with a name search, read page by page (pull to refresh, infinite list); cards open
 * the class detail. Signed-in students see their cart's count (to /go-pay) and may add every listed
 * class at once (一键加入); anonymous visitors pressing it are asked to sign in.
 */
export function ClassCenterPage({ variant }: { variant: CenterVariant }) {
  return <WithSettings>{(settings) => <CenterScreen variant={variant} settings={settings} />}</WithSettings>;
}
