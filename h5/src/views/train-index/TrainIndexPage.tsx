import type { ClassCenterItem, PublicBanner, SystemInfo } from '@px/api/contract';
import { shownBaseTypes } from '@px/config';
import { AppsO, BookmarkO, CartO, Records, UserO } from '@react-vant/icons';
import { useAtomValue } from 'jotai';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Grid } from 'react-vant';
import { listBanners } from '../../api/banner';
import { listCenterClasses, listCenterYears } from '../../api/train-class';
import { ClassCard } from '../../components/ClassCard';
import { EmptyState } from '../../components/EmptyState';
import { type PageLoader, usePagedFeed } from '../../hooks/usePagedFeed';
import {
  CLASS_SELECT_CENTER_PATH,
  DETAIL_PUBLIC_PATH,
  GO_PAY_PATH,
  LOGIN_PATH,
  MY_PATH,
  PUBLIC_CLASS_PATH,
  SPECIALIZED_PATH,
} from '../../router/paths';
import { unitIdAtom } from '../../store/project';
import { BASE_TYPE_LABEL } from '../class-center/class-types';
import { WithSettings } from '../class-center/components/WithSettings';
import type { EntryVariant } from './entry-variants';

// The swiper loads after the page (the first route's bundle stays small); its box keeps the height.
const loadBannerSwiper = () => import('./components/BannerSwiper');
const BannerSwiper = lazy(() => loadBannerSwiper().then((m) => ({ default: m.BannerSwiper })));

import './train-index.css';
import { FeedPending } from '../../components/FeedPending';

/** How many offered classes 推荐班级 shows. */
export const RECOMMENDED_COUNT = 4;

/** The banners of the project (none when the call fails: the page works without them). */
function useBanners(unitId: number | undefined): PublicBanner[] {
  const [banners, setBanners] = useState<PublicBanner[]>([]);
  useEffect(() => {
    let current = true;
    // The swiper's chunk downloads while the banners are asked for, not after they answer (issue 16).
    void loadBannerSwiper().catch(() => undefined);
    listBanners(unitId).then(
      (list) => current && setBanners(list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [unitId]);
  return banners;
}

interface EntryTile {
  text: string;
  path: string;
  icon: ReactNode;
}

/**
 * The entry tiles: the base types the project shows, the class centre, and 我的 — or, on home, whose
 * tab bar already leads to 我的, the cart.
 */
function entryTiles(settings: SystemInfo, withTabBar: boolean): EntryTile[] {
  const shown = shownBaseTypes(settings);
  const tiles: EntryTile[] = [];
  if (shown.includes('public'))
    tiles.push({ text: BASE_TYPE_LABEL.public, path: PUBLIC_CLASS_PATH, icon: <BookmarkO /> });
  if (shown.includes('specialized'))
    tiles.push({ text: BASE_TYPE_LABEL.specialized, path: SPECIALIZED_PATH, icon: <Records /> });
  tiles.push({ text: '选课中心', path: CLASS_SELECT_CENTER_PATH, icon: <AppsO /> });
  if (withTabBar) tiles.push({ text: '购物车', path: GO_PAY_PATH, icon: <CartO /> });
  else tiles.push({ text: '我的', path: MY_PATH, icon: <UserO /> });
  return tiles;
}

/** 推荐班级: the first offered classes of the newest year that has any. */
function Recommended({ unitId, hideElective }: { unitId: number | undefined; hideElective: boolean }) {
  const navigate = useNavigate();
  const load = useCallback<PageLoader<ClassCenterItem>>(
    async (pageNum) => {
      const [year] = await listCenterYears(unitId);
      if (year === undefined) return { list: [], total: 0, pageNum, pageSize: RECOMMENDED_COUNT };
      return listCenterClasses({ unitId, year, pageNum, pageSize: RECOMMENDED_COUNT });
    },
    [unitId],
  );
  const { state, reload } = usePagedFeed(load);

  let body: ReactNode;
  if (state.status !== 'ready')
    body = <FeedPending state={state} onRetry={reload} loadingClassName="train-index__state" small />;
  else if (state.items.length === 0) body = <EmptyState description="暂无可报名的班级" />;
  else
    body = state.items.map((item) => (
      <ClassCard
        key={item.id}
        item={item}
        to={`${DETAIL_PUBLIC_PATH}?id=${item.id}`}
        hideElective={hideElective}
      />
    ));

  return (
    <section className="train-index__section" aria-labelledby="train-index-recommended">
      <div className="train-index__section-head">
        <h2 id="train-index-recommended">推荐班级</h2>
        <button
          type="button"
          className="train-index__more"
          onClick={() => navigate(CLASS_SELECT_CENTER_PATH)}
        >
          查看更多
        </button>
      </div>
      {body}
    </section>
  );
}

function EntryScreen({ settings, withTabBar }: { settings: SystemInfo; withTabBar: boolean }) {
  const unitId = useAtomValue(unitIdAtom);
  const navigate = useNavigate();
  const banners = useBanners(unitId);
  return (
    <main className="page train-index">
      <h1 className="train-index__title">{settings.title}</h1>
      {banners.length > 0 && (
        <Suspense fallback={<div className="train-index__banners" aria-hidden="true" />}>
          <BannerSwiper banners={banners} />
        </Suspense>
      )}
      <nav aria-label="入口">
        <Grid columnNum={4} border={false} className="train-index__tiles">
          {entryTiles(settings, withTabBar).map((tile) => (
            <Grid.Item
              key={tile.path}
              icon={tile.icon}
              text={tile.text}
              onClick={() => navigate(tile.path)}
            />
          ))}
        </Grid>
      </nav>
      <Recommended unitId={unitId} hideElective={settings.hideElective === 1} />
    </main>
  );
}

/**
 * The entry pages /index2 and /trainIndex (see entry-variants.ts): the project's banners (tap opens
 * the link: a page of the site, or an https address), entry tiles (公需课, 专业课, 选课中心, 我的) and
 * 推荐班级 with 查看更多 to the class centre. /index2 sends visitors to /login while `index2Open` is 0.
 */
export function TrainIndexPage({ variant }: { variant: EntryVariant }) {
  return (
    <WithSettings>
      {(settings) =>
        variant.needsIndex2Open && settings.index2Open !== 1 ? (
          <Navigate to={LOGIN_PATH} replace />
        ) : (
          <EntryScreen settings={settings} withTabBar={variant.tabBar} />
        )
      }
    </WithSettings>
  );
}
