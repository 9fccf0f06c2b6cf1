import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { TAG_CONTEXT_MENU_WIDTH } from '@px/config';
import { theme } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { matchRoute } from '../../router/access';
import { pageTitleOf } from '../../router/editor-pages';
import { HOME_PATH, REDIRECT_PREFIX } from '../../router/paths';
import {
  contextMenuPosition,
  nextLocationAfterClose,
  refreshPathOf,
  scrollLeftForTag,
  type TagsViewAction,
  tagsViewReducer,
  type VisitedView,
  visitedViewOf,
} from '../../router/tags-view';
import { permittedRoutesAtom } from '../../store/session';
import { dispatchVisitedViewsAtom, visitedViewsAtom } from '../../store/tags-view';

interface ContextMenuState {
  view: VisitedView;
  left: number;
  top: number;
}

/**
 * The tab bar of visited pages (vue-element-admin's TagsView): home is fixed; a tab can be
 * refreshed, closed (also by middle click), or everything else / everything closed from its
 * context menu. The active tab is scrolled into view.
 */
export function TagsView() {
  const views = useAtomValue(visitedViewsAtom);
  const dispatch = useSetAtom(dispatchVisitedViewsAtom);
  const routes = useAtomValue(permittedRoutesAtom);
  const location = useLocation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const containerRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);

  // Every permitted page opened gets its tab (or its tab follows the new query).
  useEffect(() => {
    const match = matchRoute(routes, location.pathname);
    if (match.kind !== 'page') return;
    const title = pageTitleOf(location.pathname, match.route.title, location.search);
    dispatch({ type: 'add', view: visitedViewOf(location.pathname, location.search, title) });
  }, [routes, location.pathname, location.search, dispatch]);

  // The active tab and its neighbours stay in view.
  useLayoutEffect(() => {
    const strip = scrollRef.current;
    if (!strip) return;
    const tags = Array.from(strip.querySelectorAll<HTMLElement>('.tags-view__item'));
    const index = views.findIndex((view) => view.path === location.pathname);
    strip.scrollLeft = scrollLeftForTag(tags, index, {
      scrollLeft: strip.scrollLeft,
      scrollWidth: strip.scrollWidth,
      containerWidth: strip.clientWidth,
    });
  }, [views, location.pathname]);

  // The context menu closes on any click elsewhere.
  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.body.addEventListener('click', close);
    return () => document.body.removeEventListener('click', close);
  }, [menu]);

  /** Changes the tabs, then leaves the page when its tab is gone (or goes to `goTo`, a tab to show). */
  const change = (action: TagsViewAction, goTo?: VisitedView) => {
    const next = tagsViewReducer(views, action);
    dispatch(action);
    if (goTo) {
      if (goTo.path !== location.pathname) navigate(goTo.fullPath);
      return;
    }
    const target = nextLocationAfterClose(next, location.pathname, HOME_PATH);
    if (target) navigate(target);
  };

  const close = (view: VisitedView) => {
    if (!view.affix) change({ type: 'close', path: view.path });
  };

  const openMenu = (view: VisitedView, event: MouseEvent) => {
    event.preventDefault();
    const box = containerRef.current?.getBoundingClientRect();
    const container = { left: box?.left ?? 0, top: box?.top ?? 0, width: box?.width ?? window.innerWidth };
    setMenu({ view, ...contextMenuPosition(event, container) });
  };

  const menuItems = menu
    ? [
        {
          key: 'refresh',
          label: '刷新',
          run: () => navigate(refreshPathOf(menu.view, REDIRECT_PREFIX), { replace: true }),
        },
        ...(menu.view.affix ? [] : [{ key: 'close', label: '关闭', run: () => close(menu.view) }]),
        {
          key: 'close-others',
          label: '关闭其他',
          run: () => change({ type: 'close-others', path: menu.view.path }, menu.view),
        },
        { key: 'close-all', label: '关闭所有', run: () => change({ type: 'close-all' }) },
      ]
    : [];

  return (
    <div className="tags-view" ref={containerRef}>
      <div
        className="tags-view__scroll"
        ref={scrollRef}
        role="tablist"
        aria-label="已打开的页面"
        onScroll={() => setMenu(null)}
        onWheel={(event) => {
          event.currentTarget.scrollLeft += event.deltaY;
        }}
      >
        {views.map((view) => {
          const active = view.path === location.pathname;
          return (
            <Link
              key={view.path}
              to={view.fullPath}
              role="tab"
              aria-selected={active}
              className={active ? 'tags-view__item tags-view__item--active' : 'tags-view__item'}
              style={active ? { background: token.colorPrimary, borderColor: token.colorPrimary } : undefined}
              onAuxClick={(event) => {
                if (event.button !== 1) return;
                event.preventDefault();
                close(view);
              }}
              onContextMenu={(event) => openMenu(view, event)}
            >
              {view.title}
              {!view.affix && (
                <CloseOutlined
                  className="tags-view__close"
                  aria-label={`关闭 ${view.title}`}
                  role="button"
                  onClick={(event) => {
                    event.preventDefault();
                    event.stopPropagation();
                    close(view);
                  }}
                />
              )}
            </Link>
          );
        })}
      </div>
      {menu && (
        <div
          className="tags-view__menu"
          role="menu"
          aria-label={`${menu.view.title} 的操作`}
          style={{ left: menu.left, top: menu.top, width: TAG_CONTEXT_MENU_WIDTH }}
        >
          {menuItems.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              onClick={() => {
                setMenu(null);
                item.run();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
