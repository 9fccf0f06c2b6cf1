import { Button, Empty, Loading } from 'react-vant';
import { useSystemInfo } from '../../hooks/useSystemInfo';
import './home.css';

/** The site's first screen: the project's title and short title from the system-info call (the guard sets the document title). */
export function HomePage() {
  const systemInfo = useSystemInfo();

  if (systemInfo.status === 'loading') {
    return (
      <div className="page page--centered">
        <Loading vertical>加载中…</Loading>
      </div>
    );
  }
  if (systemInfo.status === 'error') {
    return (
      <div className="page page--centered">
        <Empty image="network" description={systemInfo.message}>
          <Button round type="primary" className="home__retry" onClick={systemInfo.reload}>
            重新加载
          </Button>
        </Empty>
      </div>
    );
  }
  const { title, shortTitle } = systemInfo.settings;
  return (
    <main className="page home">
      <h1 className="home__title">{title}</h1>
      {shortTitle && <p className="home__short-title">{shortTitle}</p>}
    </main>
  );
}
