import { ConfigProvider } from 'antd';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AppConfigProvider } from './theme';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const store = createStore();

// The request client's message and Modal.warning render outside the React tree: give them the same
// locale, theme colour and size as the app (read from the same store).
ConfigProvider.config({
  holderRender: (children) => (
    <Provider store={store}>
      <AppConfigProvider>{children}</AppConfigProvider>
    </Provider>
  ),
});

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
