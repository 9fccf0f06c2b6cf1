import { DEFAULT_BRAND_COLOR, readUnitIdParam } from '@px/config';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startFirstCalls } from './router/first-calls';
import { unitIdAtom } from './store/project';
import './styles/react-vant';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// react-vant reads its theme from CSS variables; imperative Toast/Dialog render outside any
// ConfigProvider, so the brand colour is set on the root element.
document.documentElement.style.setProperty('--rv-primary-color', DEFAULT_BRAND_COLOR);

const store = createStore();
store.set(unitIdAtom, readUnitIdParam(window.location.search));
startFirstCalls(store, window.location);

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <App />
    </Provider>
  </StrictMode>,
);
