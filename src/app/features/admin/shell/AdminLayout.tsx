import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { adminTabs } from '../../../routing/adminTabs';
import { paths } from '../../../routing/paths';
import { pages, type PageMeta } from '../../../routing/routeMeta';
import { ServerStateProvider } from '../../../serverState/ServerStateProvider';
import { Icon } from '../../../ui/icons/Icon';
import { useOnline } from './useOnline';
import './admin.css';

export const offlineNotice =
  'You are offline. Admin pages work only with a connection, so nothing can be loaded or saved now. What you have typed stays on this page until you are back online.';

/**
 * The admin area's frame: the tab row (scrolling sideways on phones, with fades and arrows that
 * show there is more), the offline notice, and the current tab's page. Pages stay mounted when
 * the connection drops, so a half-typed form is kept. The pages read and write the server through
 * the app's query client (serverState/), loaded with this chunk.
 */
export function AdminLayout() {
  const isOnline = useOnline();
  return (
    <div className="section-tabs admin">
      <AdminTabs />
      {!isOnline && (
        <p className="admin__offline" role="status">
          <Icon name="alert" size={20} /> {offlineNotice}
        </p>
      )}
      <ServerStateProvider>
        <Outlet />
      </ServerStateProvider>
    </div>
  );
}

function AdminTabs() {
  const listRef = useRef<HTMLUListElement>(null);
  const [overflow, setOverflow] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setOverflow((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    list.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return () => observer.disconnect();
  }, [measure]);
  const scrollBy = (direction: 1 | -1) => listRef.current?.scrollBy({ left: direction * listRef.current.clientWidth * 0.6, behavior: 'smooth' });
  return (
    <nav className="tabs admin-tabs" aria-label="Admin pages">
      <ul className="tabs__list admin-tabs__list" ref={listRef} onScroll={measure}>
        {adminTabs.map(({ routeName }) => {
          const page: PageMeta = pages[routeName];
          return (
            <li key={routeName}>
              <NavLink to={paths[routeName]} className="tabs__link">
                {page.tabLabel ?? page.title}
              </NavLink>
            </li>
          );
        })}
      </ul>
      {overflow.start && (
        <button type="button" tabIndex={-1} data-scroll-cue className="admin-tabs__cue admin-tabs__cue--start" aria-label="Scroll tabs back" onClick={() => scrollBy(-1)}>
          <Icon name="chevronLeft" size={20} />
        </button>
      )}
      {overflow.end && (
        <button type="button" tabIndex={-1} data-scroll-cue className="admin-tabs__cue admin-tabs__cue--end" aria-label="More tabs" onClick={() => scrollBy(1)}>
          <Icon name="chevronRight" size={20} />
        </button>
      )}
    </nav>
  );
}
