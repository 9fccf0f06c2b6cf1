import { ConfigProvider } from 'antd';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AppConfigProvider } from './theme';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The request client's message and Modal.warning render outside the React tree: give them the same
// locale and theme colour as the app.
ConfigProvider.config({ holderRender: (children) => <AppConfigProvider>{children}</AppConfigProvider> });

createRoot(container).render(
  <StrictMode>
    <Provider store={createStore()}>
      <App />
    </Provider>
  </StrictMode>,
);
