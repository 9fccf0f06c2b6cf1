import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { Button, Select, Tooltip } from 'antd';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { buildSearchPool, createRouteSearch } from '../../router/route-search';
import { permittedRoutesAtom } from '../../store/session';

/**
 * The route search of the top bar (vue-element-admin's HeaderSearch): the icon opens a search box
 * over the permitted, visible pages; choosing a result opens it.
 */
export function HeaderSearch() {
  const routes = useAtomValue(permittedRoutesAtom);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const search = useMemo(() => createRouteSearch(buildSearchPool(routes)), [routes]);
  const options = useMemo(
    () => search.search(query).map((entry) => ({ value: entry.path, label: entry.label })),
    [search, query],
  );

  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <div className={open ? 'header-search header-search--open' : 'header-search'}>
      <Tooltip title="搜索菜单">
        <Button type="text" aria-label="搜索菜单" icon={<SearchOutlined />} onClick={() => setOpen(!open)} />
      </Tooltip>
      {open && (
        <Select<string | null, { value: string; label: string }>
          className="header-search__select"
          autoFocus
          defaultOpen
          placeholder="搜索菜单"
          aria-label="搜索菜单"
          value={null}
          options={options}
          notFoundContent={query.trim() ? '没有匹配的页面' : null}
          showSearch={{ searchValue: query, onSearch: setQuery, filterOption: false }}
          suffixIcon={null}
          onSelect={(path) => {
            close();
            if (path) navigate(path);
          }}
          onBlur={close}
        />
      )}
    </div>
  );
}
