/*
 * The styles of every react-vant component the site uses, loaded once with the app.
 * react-vant's component folders import their CSS as a side effect, but its package.json marks those
 * folders side-effect free, so the bundler skips them when a page imports `{ Search } from
 * 'react-vant'`, and the CSS of components used only by lazily loaded pages was lost. Imported from
 * here (the same modules react-vant imports), each file is bundled once, with the entry, in this
 * order. react-vant-styles.test.ts fails when a component is used without its line here.
 */
import 'react-vant/es/action-bar/style/index.css';
import 'react-vant/es/action-sheet/style/index.css';
import 'react-vant/es/badge/style/index.css';
import 'react-vant/es/button/style/index.css';
import 'react-vant/es/cell/style/index.css';
import 'react-vant/es/checkbox/style/index.css';
import 'react-vant/es/dialog/style/index.css';
import 'react-vant/es/empty/style/index.css';
import 'react-vant/es/field/style/index.css';
import 'react-vant/es/form/style/index.css';
import 'react-vant/es/grid/style/index.css';
import 'react-vant/es/image/style/index.css';
import 'react-vant/es/list/style/index.css';
import 'react-vant/es/loading/style/index.css';
import 'react-vant/es/notice-bar/style/index.css';
import 'react-vant/es/overlay/style/index.css';
import 'react-vant/es/popup/style/index.css';
import 'react-vant/es/progress/style/index.css';
import 'react-vant/es/pull-refresh/style/index.css';
import 'react-vant/es/radio/style/index.css';
import 'react-vant/es/rate/style/index.css';
import 'react-vant/es/search/style/index.css';
import 'react-vant/es/submit-bar/style/index.css';
import 'react-vant/es/swiper/style/index.css';
import 'react-vant/es/tabbar/style/index.css';
import 'react-vant/es/tabs/style/index.css';
import 'react-vant/es/tag/style/index.css';
import 'react-vant/es/toast/style/index.css';
