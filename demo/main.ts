// The demo's Lit application. The mock API starts first (its module gates /api/ requests
// until msw's worker is ready); then the elements: the library's (<data-provider>,
// <data-boundary>) and the app's own, written with the Lit API; last, <data-devtools>.
import './mock/browser.js';
import '../components/index.js';
import './app/article-feed.js';
import './app/todo-panel.js';
import './app/request-log.js';
import '../components/devtools/index.js';

// The header button opens the devtools panel (it collapses back to its badge from inside).
document.querySelector('#open-devtools')?.addEventListener('click', () => document.querySelector('data-devtools')?.expand());
